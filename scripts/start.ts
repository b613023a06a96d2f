/**
 * `npm start`: the whole thing working on this machine.
 *
 *   1. provisions Node 24 + n8n 2.41.1 into .cache/runtime when missing (minutes, once; reused afterwards)
 *   2. at the same time: builds the package and packs it (`npm pack`), as published (reusing the last tarball when
 *      nothing it is built from changed), and starts the sandbox (HTTP API + SMTP seed inbox) with its CLI
 *   3. installs the package into n8n's community-nodes folder and starts a real n8n on 127.0.0.1 with an owner preset
 *   4. through n8n's REST API (as the owner): creates or updates the credentials "Deliverability sandbox" (project
 *      A's key), its three companions with a made-up secret (Google key, Outlook app, mailbox passwords: the
 *      credentials of the three operations that send one) and "Sandbox SMTP", then creates the example workflows
 *      with their credentials attached
 *   5. prints the editor URL, the login and what to try, and how long each step took; Ctrl-C stops everything
 *
 * Stopping: SIGINT or SIGTERM to this process stops n8n and the sandbox (each in a process group of its own, so a
 * terminal's Ctrl-C reaches only this process) and exits. An IDE or a process supervisor signals npm's process alone;
 * npm passes SIGINT and SIGTERM on to the script's process, so package.json's start script `exec`s ts-node: the
 * shell npm runs a script in (`sh -c`, dash on Debian) would be that process, and it passes neither on (it waits
 * out SIGINT and dies of SIGTERM), leaving ts-node, the sandbox and n8n running.
 *
 * Where a warm start's time goes: booting n8n. Each n8n process loads thousands of modules before it does anything
 * (about 6 s on an idle core, 30 s on a busy shared machine), so the credentials and examples are not imported with
 * `n8n import:*` (two more n8n boots, about two thirds of the time they took) but through the running server.
 *
 * Options (after `npm start --`): `--port <n>` editor port (default 5678, or a free one when taken; 0: any free
 * port), `--keep` keep the n8n data of the last run (default: start fresh, since the sandbox starts fresh too),
 * `--folder <dir>` n8n's data folder (default .cache/n8n-start), `--verbose` stream n8n's log.
 *
 * Its parts in scripts/start/: the reused tarball (tarball.ts), the credentials and examples put into n8n
 * (into-n8n.ts) and the text printed once ready (guide.ts).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadExamples, newMcpToken, sandboxCredentials } from '../support/examples';
import { installPackage } from '../support/package';
import { N8n } from '../support/n8n-process';
import { freePort, portIsFree } from '../support/ports';
import { ensureRuntime, repoRoot, versions } from '../support/runtime';
import { startSandboxProcess, type SandboxInfo } from '../sandbox/child';
import { readyGuide } from './start/guide';
import { createWorkflows, putCredentials } from './start/into-n8n';
import { packedPackage } from './start/tarball';

function parseArgs(argv: string[]) {
	const out = {
		port: 5678,
		portGiven: false,
		keep: false,
		verbose: false,
		folder: path.join(repoRoot, '.cache', 'n8n-start'),
	};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--keep') out.keep = true;
		else if (a === '--folder' || a.startsWith('--folder=')) {
			const v = a.includes('=') ? a.split('=')[1] : argv[++i];
			if (!v) throw new Error('--folder needs a path');
			out.folder = path.resolve(v);
		} else if (a === '--verbose') out.verbose = true;
		else if (a === '--port' || a.startsWith('--port=')) {
			const v = a.includes('=') ? a.split('=')[1] : argv[++i];
			if (!/^\d+$/.test(v ?? '')) throw new Error('--port needs a number');
			out.port = Number(v);
			out.portGiven = true;
		} else
			throw new Error(`unknown option ${a} (known: --port <n>, --keep, --folder <dir>, --verbose)`);
	}
	return out;
}

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const say = (m: string) => process.stdout.write(`${m}\n`);

/** Runs `fn`, then says what finished and how long it took (steps overlap, so each has its own clock). */
async function timed<T>(what: (result: T) => string, fn: () => Promise<T>): Promise<T> {
	const started = Date.now();
	const result = await fn();
	say(
		`[start] ${what(result)} in ${((Date.now() - started) / 1000).toFixed(1)} s (at ${elapsed()})`,
	);
	return result;
}

async function main(): Promise<void> {
	const args = parseArgs(process.argv.slice(2));
	say(
		`npm start: Deliverability nodes in a real n8n ${versions.n8n} (Node ${versions.node}) against the local sandbox`,
	);

	await ensureRuntime({ log: say });

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
		const userFolder = args.folder;
		const marker = path.join(userFolder, '.examples-imported');
		if (!args.keep) fs.rmSync(userFolder, { recursive: true, force: true });
		fs.mkdirSync(userFolder, { recursive: true });
		const port =
			args.port === 0
				? await freePort()
				: (await portIsFree(args.port))
					? args.port
					: args.portGiven
						? -1
						: await freePort();
		if (port < 0) throw new Error(`port ${args.port} is taken`);
		const instance = new N8n({
			userFolder,
			port,
			detached: true,
			onOutput: args.verbose ? (l) => say(`[n8n] ${l}`) : undefined,
		});
		n8n = instance;
		const examples = loadExamples();

		// Two independent steps at once: the build (compiler) and the sandbox. Both are awaited even when one fails,
		// so nothing is left running unawaited.
		say(`[start] building the package and starting the sandbox … (${elapsed()})`);
		const packing = timed(
			(r) => (r.reused ? 'package unchanged: reused the last tarball' : 'package built and packed'),
			packedPackage,
		);
		const sandboxStarting = timed(
			(s) => `sandbox on ${s.info.baseUrl} (SMTP 127.0.0.1:${s.info.smtpPort})`,
			async () => await startSandboxProcess({ detached: true }),
		).then((s) => (sandbox = s));
		const settled = await Promise.allSettled([packing, sandboxStarting]);
		const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
		if (failed) throw failed.reason;
		const { tgz } = await packing;
		const running = sandbox!;
		running.proc.once('exit', (code) => {
			if (!stopping) {
				say(`[start] the sandbox exited unexpectedly (${code})`);
				void stopAll(1);
			}
		});
		await timed(
			() => `package installed into ${path.join(userFolder, '.n8n', 'nodes')}`,
			() => installPackage(userFolder, tgz),
		);
		const sandboxInfo = running.info;
		// The MCP example's Bearer Auth token: a new one each run (printed below for the client to send).
		const mcpToken = newMcpToken();
		const startupMs = await timed(
			() => 'n8n started',
			() => instance.start({ timeoutMs: 180000 }),
		);
		fs.writeFileSync(path.join(userFolder, 'n8n.log'), n8n.output);
		const credentialIds = await timed(
			() => 'credentials created or updated (REST API)',
			() =>
				putCredentials(
					instance,
					sandboxCredentials({
						baseUrl: sandboxInfo.baseUrl,
						apiKey: sandboxInfo.apiKeys.A,
						smtpPort: sandboxInfo.smtpPort,
						mcpToken,
					}),
				),
		);
		if (!fs.existsSync(marker)) {
			await timed(
				() => `${examples.length} example workflows created (REST API)`,
				() =>
					createWorkflows(
						instance,
						examples.map((e) => e.workflow),
						credentialIds,
					),
			);
			fs.writeFileSync(marker, new Date().toISOString());
		}
		n8n.proc!.once('exit', (code) => {
			if (!stopping) {
				say(
					`[start] n8n exited unexpectedly (${code}); its log: ${path.join(userFolder, 'n8n.log')}`,
				);
				fs.writeFileSync(path.join(userFolder, 'n8n.log'), n8n!.output);
				void stopAll(1);
			}
		});

		say(
			readyGuide({
				editor: n8n.baseUrl,
				webhookBase: n8n.webhookBase,
				examples,
				sandboxInfo,
				mcpToken,
				elapsed: elapsed(),
				startupMs,
				userFolder,
				verbose: args.verbose,
			}),
		);
		// Keep the log file current.
		const timer = setInterval(
			() => fs.writeFileSync(path.join(userFolder, 'n8n.log'), n8n!.output),
			5000,
		);
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
