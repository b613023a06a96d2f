/// <reference lib="dom" />
/**
 * The demo's third scene: one operation of each resource (the data below), run from the editor, each node's output
 * opened and read.
 */
import type { Page } from 'playwright-core';
import { NODE_TYPES } from './package';
import { service } from './sandbox-api';
import type { N8n } from './n8n-process';
import { say, caption, hold, machineWait, type DemoOptions, type DemoState } from './demo-kit';

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

export function deliverabilityNode(
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
export async function createWorkflow(n8n: N8n, workflow: Record<string, unknown>): Promise<string> {
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

export async function openWorkflow(o: DemoOptions, n8n: N8n, id: string, firstNode: string) {
	await o.page.goto(`${n8n.baseUrl}/workflow/${id}`);
	await o.page
		.locator(`[data-test-id="canvas-node"][data-node-name="${firstNode}"]`)
		.waitFor({ timeout: 120000 });
}

/**
 * A new workflow saved through n8n's REST API and opened in the editor on `firstNode`: a wait for the machine (cut
 * from the video). Returns its id.
 */
export async function openNewWorkflow(
	o: DemoOptions,
	state: DemoState,
	workflow: Record<string, unknown>,
	firstNode: string,
): Promise<string> {
	const n8n = state.n8n!;
	return await machineWait(state, 0, async () => {
		const created = await createWorkflow(n8n, workflow);
		await openWorkflow(o, n8n, created, firstNode);
		return created;
	});
}

export const nodeSuccess = (page: Page, node: string) =>
	page.locator(
		`[data-test-id="canvas-node"][data-node-name="${node}"] [data-test-id="canvas-node-status-success"]`,
	);

/** Opens a node (double click), lets the viewer read its output panel, closes it. */
export async function showOutput(
	o: DemoOptions,
	state: DemoState,
	node: string,
	say: string,
	ms: number,
) {
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

export async function operations(
	o: DemoOptions,
	state: DemoState,
	credential: { id: string; name: string },
): Promise<void> {
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
	const id = await openNewWorkflow(
		o,
		state,
		{
			name: 'Demo: one operation of each resource',
			nodes,
			connections,
		},
		names[1],
	);
	state.workflows.operations = id;
	const resources = new Set(ops.map((op) => op.parameters.resource)).size;
	await say(
		o,
		`3 · One operation of each of the ${resources} resources (the mailbox import, then its task), with “${credential.name}”`,
		3000,
	);
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
