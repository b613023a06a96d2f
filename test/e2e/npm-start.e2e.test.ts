/**
 * The first command of docs/development.md → Quick start: `npm start` builds, starts the sandbox and a real n8n with the package, the
 * credential and the examples, prints the editor URL and login. SIGINT or SIGTERM to npm's own process (what an IDE's
 * stop button or a process supervisor sends, not a terminal's Ctrl-C to the whole process group) stops everything it
 * started within seconds. On that instance n8n's own 3.0 readiness report (its breaking-changes module) finds
 * nothing in the examples, and does name a copy of one that uses a helper 3.0 removes.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BROWSER_ID } from '../../support/n8n-api';
import { loadExamples } from '../../support/examples';
import { waitFor } from './support';

const root = path.resolve(__dirname, '..', '..');

interface NpmStart {
	proc: ChildProcess;
	folder: string;
	output: () => string;
	exitCode: () => number | null | undefined;
	/** Its processes when the signal was sent (they outlive npm when the signal does not reach them). */
	tree?: Array<{ pid: number; args: string }>;
}

/** `npm start` in its own process group (as a terminal, an IDE or a supervisor starts it), waited until ready. */
async function npmStart(): Promise<NpmStart> {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-npm-start-'));
	const proc = spawn('npm', ['start', '--', '--port', '0', '--folder', folder], {
		cwd: root,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	let exitCode: number | null | undefined;
	proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
	proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
	proc.on('exit', (code) => (exitCode = code));
	const t0 = Date.now();
	while (!output.includes('Ctrl-C stops n8n and the sandbox.')) {
		if (exitCode !== undefined) throw new Error(`npm start exited (${exitCode}):\n${output}`);
		if (Date.now() - t0 > 300000) throw new Error(`npm start not ready after 300 s:\n${output}`);
		await new Promise((r) => setTimeout(r, 500));
	}
	return { proc, folder, output: () => output, exitCode: () => exitCode };
}

/** Every process below `pid` (n8n and the sandbox run in process groups of their own, so not by group). */
function descendants(pid: number): Array<{ pid: number; args: string }> {
	const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
		.split('\n')
		.map((l) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l))
		.filter((m): m is RegExpExecArray => m !== null)
		.map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] }));
	const found: Array<{ pid: number; args: string }> = [];
	const walk = (parent: number) => {
		for (const r of rows.filter((row) => row.ppid === parent)) {
			found.push({ pid: r.pid, args: r.args });
			walk(r.pid);
		}
	};
	walk(pid);
	return found;
}

/** Running (a zombie no one reaped has stopped running). */
function alive(pid: number): boolean {
	try {
		return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
	} catch {
		return false;
	}
}

/**
 * Sends `signal` to npm's process alone and checks that npm, ts-node, the sandbox and n8n (with its task runner) all
 * end, and how long that took. npm passes the signal on to the script's process; the shell npm runs scripts in
 * passes neither signal on, which is why the start script `exec`s ts-node.
 */
async function signalStopsEverything(started: NpmStart, signal: NodeJS.Signals): Promise<void> {
	const tree = descendants(started.proc.pid!);
	started.tree = tree;
	for (const part of ['scripts/start.ts', 'sandbox/cli.ts', 'n8n'])
		expect(tree.map((p) => p.args).join('\n')).toContain(part);
	const t0 = Date.now();
	process.kill(started.proc.pid!, signal);
	await waitFor(
		`npm start to stop on ${signal}`,
		async () => started.exitCode() !== undefined && tree.every((p) => !alive(p.pid)),
		60000,
	);
	const seconds = (Date.now() - t0) / 1000;
	process.stdout.write(
		`[e2e] ${signal} to npm's process: npm and its ${tree.length} processes ended in ${seconds.toFixed(1)} s\n`,
	);
	expect(started.output()).toContain('[start] stopped.');
	expect(started.exitCode()).toBe(0);
	expect(tree.filter((p) => alive(p.pid))).toEqual([]);
}

/** After a failure: SIGKILL to whatever is left of a run (its process tree, not only npm's group), then its folder. */
function cleanUp(run: NpmStart | undefined): void {
	if (!run) return;
	const left = [{ pid: run.proc.pid! }, ...descendants(run.proc.pid!), ...(run.tree ?? [])];
	for (const p of left.filter((q) => alive(q.pid))) {
		try {
			process.kill(p.pid, 'SIGKILL');
		} catch {
			// already gone
		}
	}
	fs.rmSync(run.folder, { recursive: true, force: true });
}

let started: NpmStart | undefined;
let output = '';

/** The light report of n8n's breaking-changes module (2.41: workflow results carry counts, not the workflows). */
interface V3Report {
	report: {
		targetVersion: string;
		currentVersion: string;
		workflowResults: Array<{ ruleId: string; nbAffectedWorkflows: number }>;
		instanceResults: Array<{ ruleId: string; ruleTitle: string }>;
	};
	totalWorkflows: number;
}

function printed(label: string): string {
	const line = output.split('\n').find((l) => l.trimStart().startsWith(label));
	if (!line) throw new Error(`npm start printed no "${label}" line:\n${output}`);
	return line.trim().slice(label.length).trim();
}

describe('npm start', () => {
	let editor: string;
	let sandboxApi: string;
	let cookie = '';

	beforeAll(async () => {
		started = await npmStart();
		output = started.output();
		editor = printed('n8n editor');
		sandboxApi = printed('sandbox API').split(/\s+/)[0];
	}, 320000);

	afterAll(() => cleanUp(started));

	it('prints the editor URL, the login, the sandbox and what to try', () => {
		expect(editor).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		expect(printed('login')).toMatch(/^\S+@\S+ \/ \S+$/);
		expect(output).toContain('What to try:');
		for (const e of loadExamples()) expect(output).toContain(`${editor}/workflow/${e.id}`);
		// The AI agent example needs a chat model credential npm start cannot create: the output says which and where.
		const agent = loadExamples().find((e) => e.file === 'ai-agent.json')!;
		expect(output).toContain(
			`${editor}/workflow/${agent.id}\n       add a credential first: "OpenAI account" (openAiApi) in "OpenAI Chat Model"`,
		);
	});

	it('"What to try" works in order: Notifications comes before Batch reconnect, which closes its notifications', () => {
		// Batch reconnect repairs the mailboxes the open notifications name, and the service closes those; run first,
		// it would leave Notifications nothing to pause (examples.e2e runs the two in this order on one sandbox).
		const step = (title: string) =>
			Number(new RegExp(`^ {2}(\\d+)\\. ${title} `, 'm').exec(output)?.[1] ?? NaN);
		expect(step('Notifications')).toBeLessThan(step('Batch reconnect'));
	});

	it('serves the editor; the printed login works', async () => {
		expect((await fetch(`${editor}/healthz/readiness`)).status).toBe(200);
		const [email, password] = printed('login').split(' / ');
		const res = await fetch(`${editor}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
			body: JSON.stringify({ emailOrLdapLoginId: email, password }),
		});
		expect(res.status).toBe(200);
		cookie = res.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ');
	});

	async function rest<T>(route: string): Promise<T> {
		const res = await fetch(`${editor}/rest${route}`, {
			headers: { cookie, 'browser-id': BROWSER_ID },
		});
		expect(res.status).toBe(200);
		return ((await res.json()) as { data: T }).data;
	}

	it('has the "Deliverability sandbox" credential pointing at the sandbox, and the examples', async () => {
		const creds = await rest<Array<{ id: string; name: string; type: string }>>('/credentials');
		const cred = creds.find((c) => c.name === 'Deliverability sandbox');
		expect(cred?.type).toBe('deliverabilityApi');
		const full = await rest<{ data: { baseUrl: string } }>(
			`/credentials/${cred!.id}?includeData=true`,
		);
		expect(full.data.baseUrl).toBe(sandboxApi);
		const workflows = await rest<Array<{ id: string }>>('/workflows');
		expect(workflows.map((w) => w.id).sort()).toEqual(
			loadExamples()
				.map((e) => e.id)
				.sort(),
		);
		// n8n chose the credentials' ids (they go in through its API): the examples must point at them.
		const gate = await rest<{ nodes: Array<{ credentials?: Record<string, { id: string }> }> }>(
			`/workflows/${loadExamples().find((e) => e.file === 'pre-send-gate.json')!.id}`,
		);
		const used = gate.nodes.flatMap((n) => Object.values(n.credentials ?? {}).map((c) => c.id));
		expect(used).toContain(cred!.id);
		for (const id of used) expect(creds.map((c) => c.id)).toContain(id);
		expect(
			(await fetch(`${sandboxApi}/ping`, { headers: { 'X-Api-Key': 'dummy-key-project-a' } }))
				.status,
		).toBe(200);
	});

	async function call<T>(method: string, route: string, body?: unknown): Promise<T> {
		const res = await fetch(`${editor}/rest${route}`, {
			method,
			headers: { cookie, 'browser-id': BROWSER_ID, 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		if (res.status !== 200) throw new Error(`${method} ${route}: ${res.status} ${text}`);
		return (JSON.parse(text) as { data: T }).data;
	}

	/** n8n's 3.0 readiness report, computed afresh (its answer is cached when the detection took long). */
	const v3Report = () => call<V3Report>('POST', '/breaking-changes/report/refresh?version=v3');

	it("n8n's 3.0 report finds nothing in the examples, our nodes or credentials", async () => {
		const { report, totalWorkflows } = await v3Report();
		const ours = loadExamples();
		expect(report.targetVersion).toBe('v3');
		expect(totalWorkflows).toBe(ours.length);
		// Every stored workflow is an example: no workflow-level finding at all.
		expect(report.workflowResults).toEqual([]);
		// What n8n says about the instance: printed for the install docs; none names the package, its nodes or
		// credentials. This instance sets N8N_UNVERIFIED_PACKAGES_ENABLED and N8N_RUNNERS_TASK_TIMEOUT (n8n reports
		// the instances that rely on those defaults), as docs/install.md tells users to before 3.0.
		process.stdout.write(
			`[e2e] n8n ${report.currentVersion} 3.0 report, instance findings: ${
				report.instanceResults.map((r) => r.ruleId).join(', ') || 'none'
			}\n`,
		);
		expect(JSON.stringify(report.instanceResults)).not.toMatch(/deliverability/i);
		expect(report.instanceResults.map((r) => r.ruleId)).not.toContain('unverified-packages-v3');
		expect(report.instanceResults.map((r) => r.ruleId)).not.toContain(
			'task-runner-task-timeout-v3',
		);
	});

	it('the same report names an example of ours that used something 3.0 removes (control)', async () => {
		// A copy of the pre-send gate whose Deliverability node reads its id with $getPairedItem (removed in 3.0).
		const gate = loadExamples().find((e) => e.file === 'pre-send-gate.json')!.workflow as {
			name: string;
			nodes: Array<{ name: string; parameters: Record<string, unknown> }>;
			connections: object;
			settings?: object;
		};
		const nodes = JSON.parse(JSON.stringify(gate.nodes)) as typeof gate.nodes;
		nodes.find((n) => n.name === 'Get results')!.parameters.publicId = {
			__rl: true,
			mode: 'id',
			value: "={{ $getPairedItem('Create spam test', null, 0).json.public_id }}",
		};
		const control = await call<{ id: string }>('POST', '/workflows', {
			name: 'Control: pre-send gate with $getPairedItem',
			nodes,
			connections: gate.connections,
			settings: gate.settings ?? {},
		});
		const { report } = await v3Report();
		expect(report.workflowResults.map((r) => [r.ruleId, r.nbAffectedWorkflows])).toEqual([
			['get-paired-item-v3', 1],
		]);
		const rule = await call<{
			affectedWorkflows: Array<{ id: string; issues: Array<{ nodeName: string }> }>;
		}>('GET', '/breaking-changes/report/get-paired-item-v3');
		expect(rule.affectedWorkflows.map((w) => [w.id, w.issues.map((i) => i.nodeName)])).toEqual([
			[control.id, ['Get results']],
		]);
	});

	it("SIGINT to npm's process (an IDE's stop button) stops everything it started", async () => {
		await signalStopsEverything(started!, 'SIGINT');
		await expect(fetch(`${editor}/healthz`)).rejects.toThrow();
		await expect(fetch(`${sandboxApi}/ping`)).rejects.toThrow();
	});
});

describe("npm start, then SIGTERM to npm's process (a process supervisor)", () => {
	let second: NpmStart | undefined;

	afterAll(() => cleanUp(second));

	it('stops everything it started', async () => {
		second = await npmStart();
		await signalStopsEverything(second, 'SIGTERM');
	}, 400000);
});
