/// <reference lib="dom" />
/**
 * The demo's take, scene by scene (`npm run demo` records it; test/e2e/demo.e2e.test.ts runs it without recording
 * or pauses, so it cannot rot): what a reviewer at n8n asks to see, in one continuous browser session.
 *
 *   1. install: the release tarball into n8n's community-nodes folder, as docs/install.md tells a self-hosted user
 *      before the package is on npm (Settings → Community Nodes installs from the npm registry only); then n8n
 *      starts, the owner logs in and the nodes panel finds the package's nodes
 *   2. credential: a new "Deliverability API" credential typed into n8n's dialog; saving runs its test (green)
 *   3. operations: one operation of each resource, run from the editor, each node's output opened
 *   4. webhook trigger: the auto-pause example published; the service reports ACCOUNT_DISCONNECTED; the execution
 *   5. polling trigger: a new notification opens; the Notification Trigger, run from the editor, emits it
 *
 * Each step waits for what the user would see (a green test, a node's success mark, an execution), so the same steps
 * are the check that the demo still works. Captions are a box drawn over the page (no screen grabber: the browser
 * driver records the page itself). Every wait for the machine (n8n starting, a page loading, a run) is marked in
 * `DemoState.waits`: `npm run demo` cuts all but its first moment out of the video (support/take-cuts.ts), so the
 * take is as long on a busy machine as on a quiet one and never shows a frozen or blank screen while it waits.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { installPackage, NODE_TYPES } from './package';
import { N8n } from './n8n-process';
import { withDryRun } from './examples';
import { admin } from './sandbox-admin';
import { service } from './sandbox-api';

export interface DemoSandbox {
	baseUrl: string;
	adminUrl: string;
	apiKeys: { A: string; B: string };
}

export interface DemoOptions {
	page: Page;
	sandbox: DemoSandbox;
	/** The packed package (npm pack output) to install. */
	tgz: string;
	/** n8n's user folder (N8N_USER_FOLDER): the package goes into its .n8n/nodes. */
	userFolder: string;
	/** Multiplies every pause meant for a viewer (1 for the video, 0 for the check). */
	pace: number;
	/** n8n's start-up limit (a loaded machine needs minutes). */
	startTimeoutMs?: number;
	/** Progress lines for the terminal. */
	log?: (line: string) => void;
}

/** What the demo started, for the caller to stop (also after a failure). */
export interface DemoState {
	n8n?: N8n;
	/** Scene name → seconds from the take's start to the scene's start. */
	scenes: Array<{ name: string; at: number }>;
	/** Workflows the demo created, by role. */
	workflows: Record<string, string>;
	/** The waits for the machine, as clock times (Date.now()): what the video may leave out. */
	waits: Array<{ from: number; to: number }>;
}

const CAPTION_ID = '__deliverability_demo_caption';

/** Draws (or replaces) the caption box at the bottom of the page. */
export async function caption(page: Page, text: string): Promise<void> {
	await page.evaluate(
		({ id, value }) => {
			let box = document.getElementById(id);
			if (!box) {
				box = document.createElement('div');
				box.id = id;
				Object.assign(box.style, {
					position: 'fixed',
					left: '50%',
					bottom: '28px',
					transform: 'translateX(-50%)',
					maxWidth: '78%',
					padding: '10px 18px',
					borderRadius: '8px',
					background: 'rgba(20, 20, 28, 0.88)',
					color: '#fff',
					font: '600 19px/1.35 system-ui, sans-serif',
					textAlign: 'center',
					zIndex: '2147483647',
					pointerEvents: 'none',
					boxShadow: '0 4px 18px rgba(0,0,0,0.35)',
				});
				document.body.appendChild(box);
			}
			box.textContent = value;
		},
		{ id: CAPTION_ID, value: text },
	);
}

const TERMINAL_HTML = `<!doctype html><html><head><style>
body{margin:0;background:#1e1e24;color:#e6e6e6;font:15px/1.45 ui-monospace,Menlo,Consolas,monospace}
#head{background:#2d2d35;color:#aaa;padding:8px 14px;font:13px system-ui,sans-serif}
#top{padding:12px 18px;border-bottom:1px solid #3a3a44;white-space:pre-wrap;word-break:break-all}
#log{padding:10px 18px;white-space:pre-wrap;word-break:break-all;height:calc(100vh - 300px);overflow:hidden;color:#bdbdc6;font-size:13px}
.cmd{color:#8fe388}.note{color:#9ab8ff}
</style></head><body><div id="head">terminal on the n8n host</div><div id="top"></div><div id="log"></div></body></html>`;

/**
 * A terminal drawn in the page: the commands and their results stay at the top, n8n's start-up log scrolls below
 * them (newest at the bottom).
 */
async function terminal(page: Page, line: string, kind: 'cmd' | 'note' | 'out' | 'log' = 'log') {
	const clean = line.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
	await page.evaluate(
		({ text, cls }) => {
			const area = document.getElementById(cls === 'log' ? 'log' : 'top')!;
			const row = document.createElement('div');
			row.className = cls;
			row.textContent = text;
			area.appendChild(row);
			while (area.scrollHeight > area.clientHeight && area.children.length > 1)
				area.removeChild(area.firstChild!);
		},
		{ text: clean, cls: kind },
	);
}

const hold = (o: DemoOptions, ms: number) => o.page.waitForTimeout(Math.round(ms * o.pace));

/**
 * A wait for the machine rather than a pause for the viewer: its first `shownMs` stay in the video (the click, the
 * start of a run), the rest is marked to be cut.
 */
async function machineWait<T>(
	state: DemoState,
	shownMs: number,
	wait: () => Promise<T>,
): Promise<T> {
	const from = Date.now() + shownMs;
	try {
		return await wait();
	} finally {
		const to = Date.now();
		if (to > from) state.waits.push({ from, to });
	}
}

/** Types like a person in the video, at once in the check. */
async function type(o: DemoOptions, selector: string, text: string): Promise<void> {
	const field = o.page.locator(selector).first();
	await field.click();
	if (o.pace > 0) await field.pressSequentially(text, { delay: 35 });
	else await field.fill(text);
}

/** The scenes in order; each is a step of the check too. */
export const SCENES = ['install', 'credential', 'operations', 'webhook trigger', 'polling trigger'];

/**
 * The nodes panel's entries for "Deliverability", as n8n 2.41.1 shows them on a new workflow: the action node and the
 * two triggers, each an entry of its own (a trigger named like its action node would be merged into that node's
 * entry), the triggers without the word "Trigger".
 */
export const PANEL_ENTRIES = [
	'Deliverability',
	'Deliverability Alert',
	'Deliverability Notification',
] as const;

export async function runDemo(o: DemoOptions, state: DemoState): Promise<void> {
	const started = Date.now();
	const scene = (name: string) => {
		state.scenes.push({ name, at: (Date.now() - started) / 1000 });
		o.log?.(`[demo] ${name} (at ${((Date.now() - started) / 1000).toFixed(0)} s)`);
	};
	scene('install');
	await install(o, state);
	scene('credential');
	const credential = await createCredential(o, state);
	scene('operations');
	await operations(o, state, credential);
	scene('webhook trigger');
	await webhookTrigger(o, state, credential);
	scene('polling trigger');
	await pollingTrigger(o, state, credential);
	await caption(
		o.page,
		'Done: installed, credential tested, every resource run, both triggers fired. n8n-nodes-deliverability',
	);
	await hold(o, 3500);
}

// ——— 1. install ———————————————————————————————————————————————————————————————————————————————————————————————

async function install(o: DemoOptions, state: DemoState): Promise<void> {
	const { page } = o;
	await page.setContent(TERMINAL_HTML);
	await caption(
		page,
		'1 · Install (docs/install.md, self-hosted, before the npm release): the release tarball into n8n’s community-nodes folder, then start n8n',
	);
	const nodesDir = path.join(o.userFolder, '.n8n', 'nodes');
	await terminal(
		page,
		`# n8n-nodes-deliverability ${path.basename(o.tgz)}: npm pack of this repository`,
		'note',
	);
	await terminal(page, `$ mkdir -p ~/.n8n/nodes && cd ~/.n8n/nodes     # here: ${nodesDir}`, 'cmd');
	await terminal(
		page,
		`$ npm install ${path.basename(o.tgz)} --ignore-scripts --legacy-peer-deps`,
		'cmd',
	);
	await hold(o, 1500);
	const t0 = Date.now();
	await machineWait(state, 1000, () => installPackage(o.userFolder, o.tgz));
	const installed = JSON.parse(
		fs.readFileSync(
			path.join(nodesDir, 'node_modules', 'n8n-nodes-deliverability', 'package.json'),
			'utf8',
		),
	) as { name: string; version: string; n8n: { nodes: string[]; credentials: string[] } };
	await terminal(
		page,
		`added ${installed.name}@${installed.version} in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${installed.n8n.nodes.length} nodes, ${installed.n8n.credentials.length} credentials`,
		'out',
	);
	await terminal(page, '$ n8n start', 'cmd');
	const pending: string[] = [];
	const n8n = new N8n({
		userFolder: o.userFolder,
		onOutput: (line) => {
			if (line.trim()) pending.push(line);
		},
	});
	state.n8n = n8n;
	const flushing = setInterval(() => {
		const lines = pending.splice(0);
		for (const line of lines) void terminal(page, line).catch(() => undefined);
	}, 300);
	try {
		// The first lines of its log stay in the video; the rest of the start (minutes on a busy machine) is cut.
		await machineWait(state, 4000, () => n8n.start({ timeoutMs: o.startTimeoutMs ?? 300000 }));
	} finally {
		clearInterval(flushing);
	}
	for (const line of pending.splice(0)) await terminal(page, line);
	await terminal(page, `# n8n is ready: ${n8n.baseUrl} (its start-up log below)`, 'note');
	await hold(o, 2000);

	await machineWait(state, 0, async () => {
		await page.goto(`${n8n.baseUrl}/signin`);
		await page.locator('input[name="emailOrLdapLoginId"]').waitFor({ timeout: 120000 });
	});
	await caption(page, '1 · The owner signs in to the freshly started n8n 2.41.1');
	await type(o, 'input[name="emailOrLdapLoginId"]', n8n.owner.email);
	await type(o, 'input[name="password"]', n8n.owner.password);
	await page.click('[data-test-id="form-submit-button"]');
	await machineWait(state, 500, async () => {
		await page.waitForURL((u) => !u.pathname.includes('signin'), { timeout: 60000 });
		await page.goto(`${n8n.baseUrl}/workflow/new`);
		await page.locator('[data-test-id="canvas-wrapper"]').waitFor({ timeout: 120000 });
	});
	await caption(
		page,
		`1 · The nodes panel finds the package's three entries: ${PANEL_ENTRIES[0]} (the actions), then the triggers ${PANEL_ENTRIES[1]} and ${PANEL_ENTRIES[2]}`,
	);
	await page.click(
		'[data-test-id="canvas-plus-button"], [data-test-id="node-creator-plus-button"]',
	);
	const creator = page.locator('[data-test-id="node-creator"]');
	await creator.waitFor({ timeout: 15000 });
	await page.keyboard.type('Deliverability', { delay: o.pace > 0 ? 60 : 0 });
	// The caption names what the panel shows: each entry, by its whole name.
	for (const name of PANEL_ENTRIES)
		await creator
			.locator('[data-test-id="node-creator-item-name"]', {
				hasText: new RegExp(`^\\s*${name}\\s*$`),
			})
			.first()
			.waitFor({ timeout: 15000 });
	await hold(o, 3500);
	await page.keyboard.press('Escape');
}

// ——— 2. credential ——————————————————————————————————————————————————————————————————————————————————————————————

async function createCredential(
	o: DemoOptions,
	state: DemoState,
): Promise<{ id: string; name: string }> {
	const { page } = o;
	const n8n = state.n8n!;
	await machineWait(state, 0, () => page.goto(`${n8n.baseUrl}/home/credentials/create`));
	await caption(
		page,
		'2 · A new credential: Deliverability API (API key and Base URL of the service)',
	);
	const search = page
		.locator(
			'[data-test-id="new-credential-type-select"] input, input[placeholder^="Search for app"]',
		)
		.first();
	await machineWait(state, 0, () => search.waitFor({ timeout: 60000 }));
	await search.click();
	if (o.pace > 0) await search.pressSequentially('Deliverability API', { delay: 50 });
	else await search.fill('Deliverability API');
	await page
		.locator('[data-test-id="new-credential-type-select-option"]', {
			hasText: /^\s*Deliverability API\s*$/,
		})
		.first()
		.click();
	await hold(o, 800);
	await page.click('[data-test-id="new-credential-type-button"]');
	// The credential dialog: its fields, its Save, the test's result, its close button.
	await page.locator('[data-test-id="parameter-input-apiKey"] input').waitFor({ timeout: 30000 });
	await type(o, '[data-test-id="parameter-input-apiKey"] input', o.sandbox.apiKeys.A);
	await type(o, '[data-test-id="parameter-input-baseUrl"] input', o.sandbox.baseUrl);
	await hold(o, 1000);
	await caption(
		page,
		'2 · Save: n8n runs the credential’s test (GET /ping with the key) and shows the answer',
	);
	await page.click('[data-test-id="credential-save-button"]');
	await machineWait(state, 1000, () =>
		page
			.locator('[data-test-id="credentials-config-container-test-success"]')
			.waitFor({ timeout: 60000 }),
	);
	await caption(page, '2 · Connection tested successfully: the service accepted the key');
	await hold(o, 3500);
	await page
		.getByRole('button', { name: 'Close this dialog' })
		.click({ timeout: 10000 })
		.catch(() => page.keyboard.press('Escape'));
	const listed = await n8n.rest<Array<{ id: string; name: string; type: string }>>(
		'GET',
		'/credentials',
	);
	// n8n names a new credential after its type ("Deliverability account"); the take keeps that name.
	const saved = listed.data.find((c) => c.type === 'deliverabilityApi');
	if (!saved) throw new Error('the Deliverability API credential was not saved');
	return { id: saved.id, name: saved.name };
}

// ——— 3. operations ——————————————————————————————————————————————————————————————————————————————————————————————

/** One operation of each resource, in the order they run, with what the viewer is told about its output. */
export function demoOperations(workspaceId: number) {
	const id = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
	return [
		{
			name: 'Domain health',
			say: 'Domain → Get Many: each sending domain’s health in words, with a verdict',
			parameters: { resource: 'domain', operation: 'getAll', returnAll: true },
		},
		{
			name: 'Latest spam tests',
			say: 'Spam Test → Get Many: each test’s score and its verdict',
			parameters: { resource: 'spamTest', operation: 'getAll', returnAll: false, limit: 3 },
		},
		{
			name: 'Automated tests',
			say: 'Automated Test → Get Many: the scheduled spam tests',
			parameters: { resource: 'automatedTest', operation: 'getAll', returnAll: false, limit: 3 },
		},
		{
			name: 'Pause mailbox 5',
			say: 'Mailbox → Pause: mailbox 5 is paused (alive: false)',
			parameters: { resource: 'account', operation: 'pause', accountId: id(5) },
		},
		{
			name: 'Tag mailbox 5',
			say: 'Tag → Link to Mailbox: the tag “vip” on mailbox 5',
			parameters: { resource: 'tag', operation: 'link', tagId: id(5), accountId: id(5) },
		},
		{
			name: 'Import mailboxes',
			say: 'Email Workspace → Import Mailboxes: five mailboxes, imported by a background task (its Not Yet output)',
			notYet: true,
			parameters: {
				resource: 'emailWorkspace',
				operation: 'importAccounts',
				emailWorkspaceId: id(workspaceId),
				accounts:
					'ann@demo.example, bob@demo.example, cy@demo.example, dee@demo.example, eve@demo.example',
			},
		},
		{
			name: 'Wait for the import',
			say: 'Task → Get with Wait for Completion: the import task read until it reaches 100 %',
			parameters: {
				resource: 'task',
				operation: 'get',
				taskId: id('={{ $json.task_id }}'),
				waitForCompletion: true,
				pollInterval: 2,
				timeoutMinutes: 1,
			},
		},
		{
			name: 'Alerts',
			say: 'Alert → Get Many: the project’s alert webhooks',
			parameters: { resource: 'alert', operation: 'getAll', returnAll: true },
		},
		{
			name: 'Open notifications',
			say: 'Notification → Get Many: what the service says needs attention',
			parameters: { resource: 'notification', operation: 'getAll', returnAll: true },
		},
	];
}

function deliverabilityNode(
	name: string,
	parameters: Record<string, unknown>,
	position: [number, number],
	credential: { id: string; name: string },
) {
	return {
		id: `demo-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
		name,
		type: NODE_TYPES.action,
		typeVersion: 1.1,
		position,
		parameters,
		// Each node runs once for the run, whatever the node before it gave.
		executeOnce: true,
		credentials: { deliverabilityApi: credential },
	};
}

/** Creates a workflow through n8n's REST API (as the editor saves one); returns its id. */
async function createWorkflow(n8n: N8n, workflow: Record<string, unknown>): Promise<string> {
	const res = await n8n.rest<{ id: string }>('POST', '/workflows', {
		settings: { executionOrder: 'v1' },
		...workflow,
	});
	if (res.status !== 200 || !res.data?.id)
		throw new Error(
			`creating "${String(workflow.name)}": ${res.status} ${JSON.stringify(res.data)}`,
		);
	return res.data.id;
}

async function openWorkflow(o: DemoOptions, n8n: N8n, id: string, firstNode: string) {
	await o.page.goto(`${n8n.baseUrl}/workflow/${id}`);
	await o.page
		.locator(`[data-test-id="canvas-node"][data-node-name="${firstNode}"]`)
		.waitFor({ timeout: 120000 });
}

const nodeSuccess = (page: Page, node: string) =>
	page.locator(
		`[data-test-id="canvas-node"][data-node-name="${node}"] [data-test-id="canvas-node-status-success"]`,
	);

/** Opens a node (double click), lets the viewer read its output panel, closes it. */
async function showOutput(o: DemoOptions, state: DemoState, node: string, say: string, ms: number) {
	const { page } = o;
	await caption(page, say);
	await page.dblclick(`[data-test-id="canvas-node"][data-node-name="${node}"]`);
	const output = page.locator('[data-test-id="output-panel"]');
	await machineWait(state, 500, () => output.waitFor({ timeout: 30000 }));
	await hold(o, ms);
	await page.click('[data-test-id="ndv-close-button"]');
	await machineWait(state, 500, () =>
		page.locator('[data-test-id="ndv-close-button"]').waitFor({ state: 'hidden', timeout: 10000 }),
	);
}

async function operations(
	o: DemoOptions,
	state: DemoState,
	credential: { id: string; name: string },
): Promise<void> {
	const n8n = state.n8n!;
	// An email workspace to import into (its Create sends a secret, through another credential: made beforehand).
	const workspace = await service<{ id: number }>(o.sandbox, 'POST', '/email_workspaces', {
		name: 'Demo Outlook tenant',
		provider: 'outlook',
		outlook_client_id: 'demo-client',
		outlook_client_secret: 'demo-secret-id',
		outlook_client_secret_value: 'demo-secret-value',
		outlook_tenant_id: 'demo-tenant',
	});
	const ops = demoOperations(workspace.id);
	const nodes = [
		{
			id: 'demo-start',
			name: 'Run the demo',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 300],
			parameters: {},
		},
		...ops.map((op, i) =>
			deliverabilityNode(op.name, op.parameters, [220 * (i + 1), i % 2 ? 420 : 300], credential),
		),
	];
	const names = nodes.map((n) => n.name);
	// Each node feeds the next; the import answers on its Not Yet output while its task runs (Task → Get follows it).
	const connections = Object.fromEntries(
		names.slice(0, -1).map((from, i) => {
			const next = [{ node: names[i + 1], type: 'main', index: 0 }];
			return [from, { main: ops[i - 1]?.notYet ? [[], next] : [next] }];
		}),
	);
	const id = await machineWait(state, 0, async () => {
		const created = await createWorkflow(n8n, {
			name: 'Demo: one operation of each resource',
			nodes,
			connections,
		});
		await openWorkflow(o, n8n, created, names[1]);
		return created;
	});
	state.workflows.operations = id;
	const resources = new Set(ops.map((op) => op.parameters.resource)).size;
	await caption(
		o.page,
		`3 · One operation of each of the ${resources} resources (the mailbox import, then its task), with “${credential.name}”`,
	);
	await hold(o, 3000);
	await o.page.click('[data-test-id="execute-workflow-button"]');
	await caption(o.page, '3 · Execute workflow: every node calls the service (the local sandbox)');
	// The first nodes turning green stay in the video; the rest of the run is cut.
	await machineWait(state, 3000, () =>
		nodeSuccess(o.page, names[names.length - 1]).waitFor({ timeout: 180000 }),
	);
	for (const op of ops) {
		const ok = await nodeSuccess(o.page, op.name).count();
		if (!ok) throw new Error(`"${op.name}" did not succeed`);
	}
	await hold(o, 1500);
	for (const op of ops) await showOutput(o, state, op.name, `3 · ${op.say}`, 2600);
}

// ——— 4. webhook trigger ————————————————————————————————————————————————————————————————————————————————————————

/** The editor's Publish button, then the dialog's Publish (n8n 2.x publishes the saved version). */
async function publish(o: DemoOptions): Promise<void> {
	const { page } = o;
	await page.click('[data-test-id="workflow-open-publish-modal-button"]');
	// The dialog, where n8n shows one; whether publishing worked is checked by the alert it registers.
	const confirm = page.locator('[data-test-id="workflow-publish-button"]');
	await confirm.waitFor({ timeout: 15000 }).catch(() => undefined);
	if (await confirm.isVisible()) await confirm.click();
}

async function webhookTrigger(
	o: DemoOptions,
	state: DemoState,
	credential: { id: string; name: string },
): Promise<void> {
	const n8n = state.n8n!;
	const { page } = o;
	// Its dry run off (Settings → dry_run false), as the README says to do before it pauses for real.
	const example = withDryRun(
		JSON.parse(
			fs.readFileSync(
				path.join(__dirname, '..', 'examples', 'auto-pause-on-disconnect.json'),
				'utf8',
			),
		) as { name: string; nodes: Array<Record<string, unknown>>; connections: unknown },
		false,
	);
	const nodes = example.nodes.map((node) =>
		node.credentials ? { ...node, credentials: { deliverabilityApi: credential } } : node,
	);
	const trigger = String(nodes.find((n) => n.type === NODE_TYPES.trigger)!.name);
	const id = await machineWait(state, 0, async () => {
		const created = await createWorkflow(n8n, {
			name: example.name,
			nodes,
			connections: example.connections,
		});
		await openWorkflow(o, n8n, created, trigger);
		return created;
	});
	state.workflows.webhook = id;
	await caption(
		page,
		'4 · Webhook trigger (the auto-pause example): publishing it registers an alert webhook with the service',
	);
	await hold(o, 2500);
	const before = await alertsFor(o, n8n);
	await machineWait(state, 1500, async () => {
		await publish(o);
		await waitUntil('the trigger to register its alert', 60000, async () => {
			const alerts = await alertsFor(o, n8n);
			return alerts.length > before.length;
		});
	});
	await caption(
		page,
		'4 · Published: the service now has an alert for ACCOUNT_DISCONNECTED pointing at this n8n',
	);
	await hold(o, 2500);
	await caption(
		page,
		'4 · Mailbox 1 loses its connection: the service sends ACCOUNT_DISCONNECTED (here: the sandbox’s admin call)',
	);
	await admin(o.sandbox, 'POST', '/accounts/1/disconnect');
	const execution = await machineWait(state, 1500, () =>
		waitUntil('the webhook execution', 90000, async () => {
			const list = await n8n.rest<{ results?: Array<{ id: string; status: string }> }>(
				'GET',
				`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: id }))}`,
			);
			const done = (list.data?.results ?? []).find((e) => e.status === 'success');
			return done;
		}),
	);
	// n8n 2.41 draws the execution's canvas in the page itself (no iframe): its nodes' success marks show it is there.
	await machineWait(state, 0, async () => {
		await page.goto(`${n8n.baseUrl}/workflow/${id}/executions/${execution.id}`);
		await page
			.locator(
				'[data-test-id="execution-preview-host"] [data-test-id="canvas-node-status-success"]',
			)
			.first()
			.waitFor({ timeout: 60000 });
	});
	await caption(
		page,
		'4 · The alert started the workflow: the trigger’s event, then mailbox 1 paused',
	);
	await hold(o, 3500);
	const account = await service<{ alive: boolean }>(o.sandbox, 'GET', '/accounts/1');
	if (account.alive !== false)
		throw new Error('mailbox 1 was not paused by the auto-pause workflow');
}

async function alertsFor(o: DemoOptions, n8n: N8n): Promise<Array<{ hook_url: string | null }>> {
	const alerts = await admin<Array<{ hook_url: string | null }>>(
		o.sandbox,
		'GET',
		'/alerts?project=A',
	);
	return alerts.filter((a) => (a.hook_url ?? '').startsWith(n8n.baseUrl));
}

async function waitUntil<T>(
	what: string,
	timeoutMs: number,
	fn: () => Promise<T | undefined | false>,
): Promise<T> {
	const until = Date.now() + timeoutMs;
	for (;;) {
		const value = await fn().catch(() => undefined);
		if (value) return value;
		if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 500));
	}
}

// ——— 5. polling trigger ————————————————————————————————————————————————————————————————————————————————————————

async function pollingTrigger(
	o: DemoOptions,
	state: DemoState,
	credential: { id: string; name: string },
): Promise<void> {
	const n8n = state.n8n!;
	const { page } = o;
	const triggerName = 'New notification';
	const id = await machineWait(state, 0, async () => {
		const created = await createWorkflow(n8n, {
			name: 'Demo: act on a new notification',
			nodes: [
				{
					id: 'demo-poll',
					name: triggerName,
					type: NODE_TYPES.notificationTrigger,
					typeVersion: 1,
					position: [0, 300],
					parameters: {
						pollTimes: { item: [{ mode: 'everyX', value: 5, unit: 'minutes' }] },
						events: ['ACCOUNT_DISCONNECTED'],
					},
					credentials: { deliverabilityApi: credential },
				},
			],
			connections: {},
		});
		await openWorkflow(o, n8n, created, triggerName);
		return created;
	});
	state.workflows.polling = id;
	await caption(
		page,
		'5 · Polling trigger: the Notification Trigger asks GET /notifications (no public URL needed)',
	);
	await hold(o, 2500);
	await caption(
		page,
		'5 · Mailbox 12 disconnects: the service opens an ACCOUNT_DISCONNECTED notification',
	);
	await admin(o.sandbox, 'POST', '/accounts/12/disconnect');
	await hold(o, 2000);
	await page.click('[data-test-id="execute-workflow-button"]');
	await machineWait(state, 1500, () => nodeSuccess(page, triggerName).waitFor({ timeout: 120000 }));
	await caption(
		page,
		'5 · The trigger fired on the new notification: mailbox 12, ACCOUNT_DISCONNECTED',
	);
	await page.dblclick(`[data-test-id="canvas-node"][data-node-name="${triggerName}"]`);
	const output = page.locator('[data-test-id="output-panel"]');
	await machineWait(state, 500, async () => {
		await output.waitFor({ timeout: 30000 });
		await output
			.getByText('ACCOUNT_DISCONNECTED')
			.filter({ visible: true })
			.first()
			.waitFor({ timeout: 30000 });
	});
	await hold(o, 3500);
	await page.click('[data-test-id="ndv-close-button"]');
}
