/**
 * `npm start`: the whole thing working on this machine.
 *
 *   1. provisions Node 24 + n8n 2.41.1 into .cache/runtime when missing (minutes, once; reused afterwards)
 *   2. builds the package and packs it (`npm pack`), as published
 *   3. starts the sandbox (HTTP API + SMTP seed inbox) with its CLI
 *   4. starts a real n8n on 127.0.0.1 with the package installed into its community-nodes folder, an owner
 *      preset, the credential "Deliverability sandbox" (project A's key) and "Sandbox SMTP", and the examples
 *   5. prints the editor URL, the login and what to try; Ctrl-C stops everything it started
 *
 * Options (after `npm start --`): `--port <n>` editor port (default 5678, or a free one when taken; 0: any free
 * port), `--keep` keep the n8n data of the last run (default: start fresh, since the sandbox starts fresh too),
 * `--folder <dir>` n8n's data folder (default .cache/n8n-start), `--verbose` stream n8n's log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { CREDENTIAL_NAMES, loadExamples, sandboxCredentials } from './examples';
import { buildAndPack, DEFAULT_OWNER, freePort, installPackage, N8n, portIsFree } from './n8n-process';
import { ensureRuntime, repoRoot, versions } from './runtime';

interface SandboxInfo {
	baseUrl: string;
	adminUrl: string;
	smtpPort: number;
	apiKeys: { A: string; B: string };
}

function parseArgs(argv: string[]) {
	const out = { port: 5678, portGiven: false, keep: false, verbose: false, folder: path.join(repoRoot, '.cache', 'n8n-start') };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--keep') out.keep = true;
		else if (a === '--folder' || a.startsWith('--folder=')) {
			const v = a.includes('=') ? a.split('=')[1] : argv[++i];
			if (!v) throw new Error('--folder needs a path');
			out.folder = path.resolve(v);
		}
		else if (a === '--verbose') out.verbose = true;
		else if (a === '--port' || a.startsWith('--port=')) {
			const v = a.includes('=') ? a.split('=')[1] : argv[++i];
			if (!/^\d+$/.test(v ?? '')) throw new Error('--port needs a number');
			out.port = Number(v);
			out.portGiven = true;
		} else throw new Error(`unknown option ${a} (known: --port <n>, --keep, --folder <dir>, --verbose)`);
	}
	return out;
}

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const say = (m: string) => process.stdout.write(`${m}\n`);

function startSandboxProcess(): Promise<{ proc: ChildProcess; info: SandboxInfo }> {
	const tsNode = require.resolve('ts-node/dist/bin.js', { paths: [repoRoot] });
	const proc = spawn(process.execPath, [tsNode, '--transpile-only', 'sandbox/cli.ts', '--port', '0', '--smtp-port', '0'], {
		cwd: repoRoot,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	let stderr = '';
	proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
	return new Promise((resolve, reject) => {
		const rl = readline.createInterface({ input: proc.stdout! });
		rl.once('line', (line) => {
			try {
				resolve({ proc, info: JSON.parse(line) as SandboxInfo });
			} catch {
				reject(new Error(`sandbox printed ${line}`));
			}
		});
		proc.once('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${stderr}`)));
	});
}

async function main(): Promise<void> {
	const args = parseArgs(process.argv.slice(2));
	say(`npm start: Deliverability nodes in a real n8n ${versions.n8n} (Node ${versions.node}) against the local sandbox`);

	await ensureRuntime({ log: say });
	say(`[start] building and packing the package … (${elapsed()})`);
	const tgz = await buildAndPack();
	say(`[start] packed ${path.relative(repoRoot, tgz)} (${elapsed()})`);

	let sandbox: { proc: ChildProcess; info: SandboxInfo } | undefined;
	let n8n: N8n | undefined;
	let stopping = false;
	const stopAll = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say('\n[start] stopping n8n and the sandbox …');
		await n8n?.stop().catch(() => undefined);
		if (sandbox && sandbox.proc.exitCode === null) {
			sandbox.proc.kill('SIGTERM');
			await new Promise((r) => sandbox!.proc.once('exit', r));
		}
		say('[start] stopped.');
		process.exit(code);
	};
	process.on('SIGINT', () => void stopAll(0));
	process.on('SIGTERM', () => void stopAll(0));
	process.on('exit', () => {
		// Last resort (e.g. an uncaught error): never leave the children behind.
		if (n8n?.proc && n8n.proc.exitCode === null) n8n.proc.kill('SIGKILL');
		if (sandbox && sandbox.proc.exitCode === null) sandbox.proc.kill('SIGKILL');
	});

	try {
		sandbox = await startSandboxProcess();
		say(`[start] sandbox on ${sandbox.info.baseUrl} (SMTP 127.0.0.1:${sandbox.info.smtpPort}) (${elapsed()})`);
		sandbox.proc.once('exit', (code) => {
			if (!stopping) {
				say(`[start] the sandbox exited unexpectedly (${code})`);
				void stopAll(1);
			}
		});

		const userFolder = args.folder;
		const marker = path.join(userFolder, '.examples-imported');
		if (!args.keep) fs.rmSync(userFolder, { recursive: true, force: true });
		fs.mkdirSync(userFolder, { recursive: true });
		const port =
			args.port === 0 ? await freePort() : (await portIsFree(args.port)) ? args.port : args.portGiven ? -1 : await freePort();
		if (port < 0) throw new Error(`port ${args.port} is taken`);
		n8n = new N8n({
			userFolder,
			port,
			detached: true,
			onOutput: args.verbose ? (l) => say(`[n8n] ${l}`) : undefined,
		});
		await installPackage(userFolder, tgz);
		say(`[start] package installed into ${path.join(userFolder, '.n8n', 'nodes')} (${elapsed()})`);
		await n8n.importCredentials(
			sandboxCredentials({ baseUrl: sandbox.info.baseUrl, apiKey: sandbox.info.apiKeys.A, smtpPort: sandbox.info.smtpPort }),
		);
		const examples = loadExamples();
		if (!fs.existsSync(marker)) {
			await n8n.importWorkflows(examples.map((e) => e.workflow));
			fs.writeFileSync(marker, new Date().toISOString());
		}
		say(`[start] credentials and ${examples.length} example workflows imported (${elapsed()})`);
		const startupMs = await n8n.start({ timeoutMs: 180000 });
		fs.writeFileSync(path.join(userFolder, 'n8n.log'), n8n.output);
		n8n.proc!.once('exit', (code) => {
			if (!stopping) {
				say(`[start] n8n exited unexpectedly (${code}); its log: ${path.join(userFolder, 'n8n.log')}`);
				fs.writeFileSync(path.join(userFolder, 'n8n.log'), n8n!.output);
				void stopAll(1);
			}
		});

		const editor = n8n.baseUrl;
		const byName = Object.fromEntries(examples.map((e) => [e.file, e]));
		const open = (file: string) => (byName[file] ? `${editor}/workflow/${byName[file].id}` : '(missing)');
		say(`
[start] ready in ${elapsed()} (n8n start-up ${(startupMs / 1000).toFixed(1)} s)

  n8n editor     ${editor}
  login          ${DEFAULT_OWNER.email} / ${DEFAULT_OWNER.password}
  credentials    "${CREDENTIAL_NAMES.deliverability}" (sandbox, project A key) and "${CREDENTIAL_NAMES.smtp}"
  sandbox API    ${sandbox.info.baseUrl}   (key A: ${sandbox.info.apiKeys.A})
  sandbox admin  ${sandbox.info.adminUrl}

What to try:
  1. Pre-send gate        ${open('pre-send-gate.json')}
     Click "Execute workflow": a spam test is created, the message goes to every seed over SMTP,
     the results come back and the IF node picks "send the campaign" or "hold it".
  2. Auto-pause           ${open('auto-pause-on-disconnect.json')}
     Publish it (the trigger registers an alert with the sandbox), then disconnect an account:
       curl -X POST ${sandbox.info.adminUrl}/accounts/1/disconnect
     An execution appears under Executions and account 1 is paused.
  3. Domain health        ${open('weekly-domain-health.json')}   ("Run now" → one summary item)
  4. Batch reconnect      ${open('batch-reconnect.json')}   (accounts with IMAP issues → one batch task)
  5. Add a "Deliverability" node to a new workflow: every resource and operation of the API is there.

n8n log: ${path.join(userFolder, 'n8n.log')}${args.verbose ? '' : ' (or npm start -- --verbose)'}
Ctrl-C stops n8n and the sandbox.
`);
		// Keep the log file current.
		const timer = setInterval(() => fs.writeFileSync(path.join(userFolder, 'n8n.log'), n8n!.output), 5000);
		timer.unref();
	} catch (e) {
		say(`[start] failed: ${(e as Error).message}`);
		await stopAll(1);
	}
}

main().catch((e: Error) => {
	say(`[start] ${e.message}`);
	process.exit(1);
});
