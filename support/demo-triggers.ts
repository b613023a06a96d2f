/// <reference lib="dom" />
/**
 * The demo's last two scenes: the auto-pause example published and fired by the service's ACCOUNT_DISCONNECTED; then
 * a new notification emitted by the Notification Trigger run from the editor.
 */
import fs from 'node:fs';
import path from 'node:path';
import { withDryRun } from './examples';
import { NODE_TYPES } from './package';
import type { N8n } from './n8n-process';
import { admin } from './sandbox-admin';
import { service } from './sandbox-api';
import { say, caption, hold, machineWait, type DemoOptions, type DemoState } from './demo-kit';
import { nodeSuccess, openNewWorkflow } from './demo-operations';

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

export async function webhookTrigger(
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
	const id = await openNewWorkflow(
		o,
		state,
		{
			name: example.name,
			nodes,
			connections: example.connections,
		},
		trigger,
	);
	state.workflows.webhook = id;
	await say(
		o,
		'4 · Webhook trigger (the auto-pause example): publishing it registers an alert webhook with the service',
		2500,
	);
	const before = await alertsFor(o, n8n);
	await machineWait(state, 1500, async () => {
		await publish(o);
		await waitUntil('the trigger to register its alert', 60000, async () => {
			const alerts = await alertsFor(o, n8n);
			return alerts.length > before.length;
		});
	});
	await say(
		o,
		'4 · Published: the service now has an alert for ACCOUNT_DISCONNECTED pointing at this n8n',
		2500,
	);
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
	await say(
		o,
		'4 · The alert started the workflow: the trigger’s event, then mailbox 1 paused',
		3500,
	);
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

export async function pollingTrigger(
	o: DemoOptions,
	state: DemoState,
	credential: { id: string; name: string },
): Promise<void> {
	const { page } = o;
	const triggerName = 'New notification';
	const id = await openNewWorkflow(
		o,
		state,
		{
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
		},
		triggerName,
	);
	state.workflows.polling = id;
	await say(
		o,
		'5 · Polling trigger: the Notification Trigger asks GET /notifications (no public URL needed)',
		2500,
	);
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
