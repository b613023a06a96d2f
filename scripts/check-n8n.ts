/**
 * `npm run check:n8n -- --url <n8n url> --api-key <public API key>`: checks this package in an n8n you already run
 * (the version you have: 2.48, 3.0 from Docker, …) with the package installed, and prints one row per check
 * (support/n8n-checks.ts says which). It starts the sandbox (the service's stand-in) on this machine's loopback, so
 * the n8n must reach 127.0.0.1 (the same machine; Docker with `--network host`) and be reachable itself at the URL
 * given (the sandbox delivers the Alert Trigger's events to the webhook URL n8n registers). The key: n8n →
 * Settings → n8n API. Exits 1 when a check failed. `--n8n-version <x.y.z>` labels the table (n8n 2.x does not tell its
 * version to an API key); `--json` prints the rows as JSON instead of a table.
 */
import { startSandbox } from '../sandbox';
import { runChecks, type CheckRow } from '../support/n8n-checks';
import { publicApi } from '../support/n8n-public-api';

function parseArgs(argv: string[]): {
	url: string;
	apiKey: string;
	json: boolean;
	label?: string;
} {
	const value = (flag: string) => {
		const i = argv.indexOf(flag);
		return i >= 0 ? argv[i + 1] : undefined;
	};
	const url = value('--url') ?? process.env.N8N_URL;
	const apiKey = value('--api-key') ?? process.env.N8N_API_KEY;
	if (!url || !apiKey) {
		process.stderr.write(
			'Usage: npm run check:n8n -- --url http://127.0.0.1:5678 --api-key <n8n public API key> [--n8n-version 2.48.1] [--json]\n' +
				'(or N8N_URL and N8N_API_KEY in the environment; the key: n8n → Settings → n8n API)\n',
		);
		process.exit(2);
	}
	return { url, apiKey, json: argv.includes('--json'), label: value('--n8n-version') };
}

/** The rows as a Markdown table, ready to paste into an issue. */
export function table(rows: CheckRow[], version: string): string {
	const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 160);
	const lines = [
		`n8n ${version}: ${rows.filter((r) => r.result === 'pass').length} of ${rows.length} checks passed`,
		'',
		'| check | result | detail | s |',
		'|---|---|---|---|',
		...rows.map(
			(r) => `| ${cell(r.check)} | ${r.result} | ${cell(r.detail)} | ${(r.ms / 1000).toFixed(1)} |`,
		),
	];
	return lines.join('\n');
}

async function main(): Promise<void> {
	const { url, apiKey, json, label } = parseArgs(process.argv.slice(2));
	const api = publicApi(url, apiKey);
	const sandbox = await startSandbox({ port: 0, smtpPort: 0 });
	let rows: CheckRow[];
	let version =
		label ?? 'version not given (n8n 2.x tells it only to a logged-in user: pass --n8n-version)';
	try {
		// n8n 1.x tells its version without a login; 2.x does not.
		const settings = label
			? undefined
			: await fetch(`${api.url}/rest/settings`)
					.then(async (r) => (await r.json()) as { data?: { versionCli?: string } })
					.catch(() => undefined);
		version = settings?.data?.versionCli ?? version;
		rows = await runChecks(
			api,
			sandbox,
			json ? undefined : (line) => process.stderr.write(`${line}\n`),
		);
	} finally {
		await sandbox.close();
	}
	process.stdout.write(
		json ? `${JSON.stringify({ version, rows }, null, 2)}\n` : `${table(rows, version)}\n`,
	);
	process.exitCode = rows.every((r) => r.result === 'pass') ? 0 : 1;
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
		process.exit(1);
	});
}
