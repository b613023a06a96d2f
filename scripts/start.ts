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
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
	CREDENTIAL_NAMES,
	loadExamples,
	missingCredentials,
	newMcpToken,
	sandboxCredentials,
} from '../support/examples';
import { buildAndPack, installPackage, STAGED } from '../support/package';
import { DEFAULT_OWNER } from '../support/n8n-api';
import { N8n } from '../support/n8n-process';
import { freePort, portIsFree } from '../support/ports';
import { ensureRuntime, repoRoot, versions } from '../support/runtime';
import { startSandboxProcess, type SandboxInfo } from '../sandbox/child';

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

/** sha256 over everything `npm run build` reads: the staged sources and the lockfile (the compiler's version). */
function buildInputsHash(): string {
	const hash = crypto.createHash('sha256');
	const add = (rel: string) => {
		const abs = path.join(repoRoot, rel);
		if (!fs.existsSync(abs)) return;
		if (fs.statSync(abs).isDirectory()) {
			for (const e of fs.readdirSync(abs).sort()) add(path.join(rel, e));
		} else {
			hash.update(`${rel}\0`);
			hash.update(fs.readFileSync(abs));
		}
	};
	for (const entry of [...STAGED, 'package-lock.json']) add(entry);
	return hash.digest('hex');
}

/** The packed tarball, rebuilt only when its inputs changed since the last `npm start` (about 10–25 s saved). */
async function packedPackage(): Promise<{ tgz: string; reused: boolean }> {
	const record = path.join(repoRoot, '.cache', 'pack', 'npm-start-build.json');
	const hash = buildInputsHash();
	try {
		const last = JSON.parse(fs.readFileSync(record, 'utf8')) as { hash: string; tgz: string };
		if (last.hash === hash && fs.existsSync(last.tgz)) return { tgz: last.tgz, reused: true };
	} catch {
		// no earlier build
	}
	const tgz = await buildAndPack();
	fs.writeFileSync(record, JSON.stringify({ hash, tgz }) + '\n');
	return { tgz, reused: false };
}

interface CredentialFile {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/**
 * Creates the credentials through the running n8n (as the owner), or updates the ones of the same name and type
 * (`--keep`: the sandbox's port changes between runs). n8n picks the ids; returns the file's id → n8n's id.
 */
async function putCredentials(n8n: N8n, credentials: object[]): Promise<Record<string, string>> {
	const existing = await n8n.rest<Array<{ id: string; name: string; type: string }>>(
		'GET',
		'/credentials',
	);
	if (existing.status !== 200)
		throw new Error(`GET /rest/credentials: ${existing.status} ${JSON.stringify(existing.data)}`);
	const ids: Record<string, string> = {};
	for (const c of credentials as CredentialFile[]) {
		const found = existing.data.find((e) => e.name === c.name && e.type === c.type);
		const body = { name: c.name, type: c.type, data: c.data };
		const res = found
			? await n8n.rest<{ id: string }>('PATCH', `/credentials/${found.id}`, body)
			: await n8n.rest<{ id: string }>('POST', '/credentials', body);
		if (res.status !== 200 || !res.data?.id)
			throw new Error(`credential "${c.name}": ${res.status} ${JSON.stringify(res.data)}`);
		ids[c.id] = res.data.id;
	}
	return ids;
}

/** Creates the example workflows (with their own ids, so the printed links are stable) with credentials attached. */
async function createWorkflows(
	n8n: N8n,
	workflows: Array<Record<string, unknown>>,
	credentialIds: Record<string, string>,
): Promise<void> {
	for (const wf of workflows) {
		const nodes = (
			wf.nodes as Array<{ credentials?: Record<string, { id: string; name: string }> }>
		).map((node) => ({
			...node,
			...(node.credentials
				? {
						credentials: Object.fromEntries(
							Object.entries(node.credentials).map(([type, ref]) => [
								type,
								{ ...ref, id: credentialIds[ref.id] ?? ref.id },
							]),
						),
					}
				: {}),
		}));
		const { id, name, connections, settings, pinData, meta } = wf;
		const res = await n8n.rest('POST', '/workflows', {
			id,
			name,
			nodes,
			connections,
			settings,
			pinData,
			meta,
		});
		if (res.status !== 200)
			throw new Error(
				`workflow "${String(name)}": ${res.status} ${JSON.stringify(res.data).slice(0, 500)}`,
			);
	}
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

		const editor = n8n.baseUrl;
		const byName = Object.fromEntries(examples.map((e) => [e.file, e]));
		const open = (file: string) =>
			byName[file] ? `${editor}/workflow/${byName[file].id}` : '(missing)';
		// Examples without a walk-through above (e.g. the AI agent, which needs a chat model credential): name and link.
		const described = [
			'pre-send-gate.json',
			'auto-pause-on-disconnect.json',
			'reconnect-on-disconnect.json',
			'weekly-domain-health.json',
			'act-on-notifications.json',
			'batch-reconnect.json',
			'weekly-report.json',
			'spam-test-after-send.json',
			'mcp-server.json',
			'placement-drop-alert.json',
		];
		// An example that needs a credential npm start cannot create says which one and where to add it (the workflow's
		// sticky note says the same).
		const needs = (e: (typeof examples)[number]) =>
			missingCredentials(e)
				.map(
					(c) =>
						`\n       add a credential first: "${c.name}" (${c.type}) in ${c.nodes.map((n) => `"${n}"`).join(', ')}, not created by npm start`,
				)
				.join('');
		const others = examples
			.filter((e) => !described.includes(e.file))
			.map((e) => `\n  ·  ${e.name}   ${editor}/workflow/${e.id}${needs(e)}`)
			.join('');
		say(`
[start] ready in ${elapsed()} (n8n start-up ${(startupMs / 1000).toFixed(1)} s)

  n8n editor     ${editor}
  login          ${DEFAULT_OWNER.email} / ${DEFAULT_OWNER.password}
  credentials    "${CREDENTIAL_NAMES.deliverability}" (sandbox, project A key) and "${CREDENTIAL_NAMES.smtp}"
  sandbox API    ${sandboxInfo.baseUrl}   (key A: ${sandboxInfo.apiKeys.A})
  sandbox admin  ${sandboxInfo.adminUrl}

What to try:
  The examples that pause or reconnect start as a dry run: open "Settings", set dry_run to false, save and
  publish again to act (each sticky note says so).
  1. Pre-send gate        ${open('pre-send-gate.json')}
     Click "Execute workflow": a spam test is created, the message goes to every seed over SMTP,
     the results come back and the IF node picks "send the campaign" or "hold it".
  2. Auto-pause           ${open('auto-pause-on-disconnect.json')}
     Publish it (the trigger registers an alert with the sandbox), then disconnect an account:
       curl -X POST ${sandboxInfo.adminUrl}/accounts/1/disconnect
     An execution appears under Executions; a dry run, its "Would pause" lists "would pause mailbox 1:
     disconnected" and nothing changes. Set dry_run to false in "Settings", save, publish again and disconnect
     account 2 the same way: it is paused; nothing resumes it (Mailbox → Resume does). "Reconnect on
     disconnect" (${open('reconnect-on-disconnect.json')}) reconnects instead and pauses only a
     mailbox that stays disconnected: unpublish Auto-pause, turn the reconnect's dry run off, publish it,
     disconnect account 3: it is reconnected about 15 s later and never paused.
  3. Domain health        ${open('weekly-domain-health.json')}
     "Execute workflow" (with two triggers the button reads "Execute workflow from …", the trigger n8n picked;
     either gives the same run): one summary item.
  4. Notifications        ${open('act-on-notifications.json')}
     Needs open disconnection notifications: the sandbox starts with five, and every disconnection adds one
     (curl -X POST ${sandboxInfo.adminUrl}/accounts/12/disconnect; while "Reconnect on disconnect" is published it
     repairs the mailbox, which closes its notification). Open the arrow beside "Execute workflow" and pick
     "Run now" (the button may read "from New notification", which fetches only the newest notification as a
     test event). A dry run: "Would pause" lists each mailbox they say disconnected; the renewal reminder
     for the expiring domain is emailed anyway (to ops@team.sandbox.test, the sandbox's SMTP: see
     ${sandboxInfo.adminUrl}/smtp). Set dry_run to false in "Settings" and run from "Run now" again: they
     are paused. Publish it to poll every 5 minutes instead (no public URL needed).
  5. Batch reconnect      ${open('batch-reconnect.json')}
     "Execute workflow": a dry run, "Would reconnect" lists every mailbox with an IMAP issue. Set dry_run to
     false in "Settings" and run it again: they are reconnected in one batch (the sandbox also resumes them:
     "Keep it paused" pauses again those step 4 paused); one item per mailbox says reconnected, still failing
     or skipped. Their notifications close with it: run
     step 4 first.
  6. Weekly report        ${open('weekly-report.json')}
     "Execute workflow" (from "Run now" or "Every Monday 08:00": the same run), then open "Report": an HTML page
     with bar charts (warming placement, spam tests, domains); it is also emailed through "${CREDENTIAL_NAMES.smtp}"
     (see ${sandboxInfo.adminUrl}/smtp).
  7. After a send        ${open('spam-test-after-send.json')}
     Publish it, let seed copies arrive a minute late, then announce a campaign:
       curl -X POST ${sandboxInfo.adminUrl}/settings -H 'content-type: application/json' -d '{"seedDelayMs":60000}'
       curl -X POST ${editor}/webhook/spam-test-after-send -H 'content-type: application/json' \\
         -d '{"from":"news@clean-campaign.example","subject":"Spring offer","text":"Hello"}'
     The run checks once ("Not Yet"), waits 2 minutes at the Wait node (Executions: "Waiting"; no
     process is busy meanwhile), checks again and ends with the result card and the verdict.
  8. MCP server          ${open('mcp-server.json')}
     Publish it, then connect an MCP client (Claude Desktop through mcp-remote, an IDE, an agent) to
       ${n8n.webhookBase}mcp/deliverability   (SSE or streamable HTTP)
       header  Authorization: Bearer ${mcpToken}   (credential "${CREDENTIAL_NAMES.mcp}", new each run)
     It lists six Deliverability tools; "Create spam test" spends a sandbox credit.
  9. Placement drop alert ${open('placement-drop-alert.json')}
     "Execute workflow" (from "Run now" or "Every morning 07:00": the same run): nothing dropped, so nothing
     is sent. Make a drop (three stable weeks of an automated test's spam tests, then today's in Gmail's spam;
     a mailbox's warming mail to Gmail in spam all week):
       curl -X POST ${sandboxInfo.adminUrl}/spam_tests/history -H 'content-type: application/json' \\
         -d '{"automated_test_id":1,"tests":[{"days_ago":21},{"days_ago":14},{"days_ago":7},{"days_ago":0,"inbox_percent":{"gmail":20}}]}'
       curl -X POST ${sandboxInfo.adminUrl}/accounts/115/warming -H 'content-type: application/json' \\
         -d '{"spam_percent":100,"days":7,"provider":"gmail"}'
     "Execute workflow" again: one email names both, with what changed and the fixes (see
     ${sandboxInfo.adminUrl}/smtp); a third run finds the same drops and sends nothing new.
  10. Add a "Deliverability" node to a new workflow: every resource and operation of the API is there.${others}

n8n log: ${path.join(userFolder, 'n8n.log')}${args.verbose ? '' : ' (or npm start -- --verbose)'}
Ctrl-C stops n8n and the sandbox.
`);
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
