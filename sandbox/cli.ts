/**
 * `npm run sandbox -- --port 0 --smtp-port 0 --accounts 120 --latency-ms 0`: prints ONE JSON line on stdout when
 * ready (addresses and keys), then runs until SIGINT/SIGTERM. Anything else goes to stderr.
 * `--tls-cert <file> --tls-key <file>` (PEM) serve the API over HTTPS; the admin API then has its own plain-HTTP
 * port (`--admin-port`, any free one by default), printed as `adminUrl`.
 */
import fs from 'node:fs';

import { startSandbox, type SandboxOptions } from './index';

const NUMBERS: Record<string, 'port' | 'smtpPort' | 'accounts' | 'latencyMs' | 'adminPort'> = {
	'--port': 'port',
	'--smtp-port': 'smtpPort',
	'--accounts': 'accounts',
	'--latency-ms': 'latencyMs',
	'--admin-port': 'adminPort',
};
const FILES: Record<string, 'cert' | 'key'> = { '--tls-cert': 'cert', '--tls-key': 'key' };

function parseArgs(argv: string[]): SandboxOptions {
	const out: SandboxOptions = {};
	const tls: { cert?: string; key?: string } = {};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const [flag, inline] = arg.split('=', 2);
		const value = inline ?? argv[i + 1];
		if (inline === undefined) i++;
		if (NUMBERS[flag]) {
			if (value === undefined || !/^\d+$/.test(value))
				throw new Error(`${flag} needs a non-negative integer`);
			out[NUMBERS[flag]] = Number(value);
		} else if (FILES[flag]) {
			if (value === undefined || !fs.existsSync(value))
				throw new Error(`${flag} needs a PEM file that exists (got ${value ?? 'nothing'})`);
			tls[FILES[flag]] = fs.readFileSync(value, 'utf8');
		} else {
			const known = [...Object.keys(NUMBERS), ...Object.keys(FILES)].join(', ');
			throw new Error(`unknown option ${arg} (known: ${known})`);
		}
	}
	if (tls.cert !== undefined || tls.key !== undefined) {
		if (tls.cert === undefined || tls.key === undefined)
			throw new Error('--tls-cert and --tls-key go together');
		out.tls = { cert: tls.cert, key: tls.key };
	}
	return out;
}

async function main(): Promise<void> {
	const sandbox = await startSandbox(parseArgs(process.argv.slice(2)));
	const { close, ...info } = sandbox;
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
	// `npm run sandbox` execs us in place of its `sh -c`, so npm's SIGINT/SIGTERM reaches us; started any other way
	// through a shell that dies without passing the signal on, we stop once orphaned too.
	const parent = process.ppid;
	setInterval(() => {
		if (process.ppid !== parent) stop('parent exited');
	}, 500).unref();
	// Only now ready: a signal sent as soon as this line is read closes the sandbox cleanly.
	process.stdout.write(`${JSON.stringify(info)}\n`);
}

main().catch((err: unknown) => {
	process.stderr.write(`sandbox: ${err instanceof Error ? err.message : String(err)}\n`);
	process.exit(1);
});
