/**
 * `npm run sandbox -- --port 0 --smtp-port 0 --accounts 120 --latency-ms 0`: prints ONE JSON line on stdout when
 * ready (addresses and keys), then runs until SIGINT/SIGTERM. Anything else goes to stderr.
 */
import { startSandbox } from './index';

function parseArgs(argv: string[]): Record<string, number> {
	const names: Record<string, string> = {
		'--port': 'port',
		'--smtp-port': 'smtpPort',
		'--accounts': 'accounts',
		'--latency-ms': 'latencyMs',
	};
	const out: Record<string, number> = {};
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		const name = names[flag];
		if (!name)
			throw new Error(`unknown option ${argv[i]} (known: ${Object.keys(names).join(', ')})`);
		const value = inline ?? argv[++i];
		if (value === undefined || !/^\d+$/.test(value))
			throw new Error(`${flag} needs a non-negative integer`);
		out[name] = Number(value);
	}
	return out;
}

async function main(): Promise<void> {
	const sandbox = await startSandbox(parseArgs(process.argv.slice(2)));
	const { close, ...info } = sandbox;
	process.stdout.write(`${JSON.stringify(info)}\n`);
	let closing = false;
	const stop = (signal: string): void => {
		if (closing) return;
		closing = true;
		process.stderr.write(`sandbox: ${signal}, closing\n`);
		close().then(
			() => process.exit(0),
			(err: unknown) => {
				process.stderr.write(`sandbox: close failed: ${String(err)}\n`);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
	// `npm run` starts us through `sh -c`, which dies on SIGTERM without passing it on: stop when orphaned too.
	const parent = process.ppid;
	setInterval(() => {
		if (process.ppid !== parent) stop('parent exited');
	}, 500).unref();
}

main().catch((err: unknown) => {
	process.stderr.write(`sandbox: ${err instanceof Error ? err.message : String(err)}\n`);
	process.exit(1);
});
