/**
 * What works in queue mode, proven in a real cluster (main + worker + two webhook processors on Postgres and Redis,
 * the packed package installed in each process's own user folder): the package loads in every process; an action
 * workflow started through a webhook processor runs on the worker; publishing the auto-pause example registers
 * exactly one alert, at main's N8N_WEBHOOK_URL (the processors' address); an event starts exactly one run, on the
 * worker, and pauses the account; the same event id again is a duplicate (same processor, the other processor
 * 1.5 s later, after the processors restart); restarting main creates no second alert; unpublishing deletes it.
 * An alert storm (20 mailboxes disconnecting at once, delivered by the sandbox with its timeout and retries): the
 * example pauses every mailbox n8n's core Webhook → the same Pause node pauses in the same cluster, none twice, with
 * no failed run (support/storm.ts; `npm run bench:storm` measures larger ones).
 * The polling trigger (Deliverability Notification Trigger), published first and checked last so the minutes its
 * schedule needs pass while the rest runs, polls once per cluster (main, the leader, only) and emits a notification
 * once, in one run on the worker. The cluster runs poll triggers the way n8n is moving to (its durable scheduler with
 * durable cursors: the memory committed with the execution); single-main e2e (notification-poll) covers the others.
 */
import { alertTriggerOf, loadExample } from '../../support/examples';
import { admin } from '../../support/sandbox-admin';
import { runStorm } from '../../support/storm';
import { prepareStorm } from '../../support/storm-setup';
import { stormTable } from '../../support/storm-tally';
import { controlWorkflow } from '../../support/storm-workflows';
import {
	aliveAccounts,
	deliver as deliverTo,
	executions as executionsOf,
	pauses as pausesOf,
	closeStacks,
	queueDescribe,
	START_TIMEOUT_MS,
	service,
	settled as settledOf,
	sleep,
	startQueueStack,
	triggerAlerts,
	triggerUrl as triggerUrlOn,
	waitFor,
	workerStarts,
	getAccountThroughWebhook,
	type QueueStack,
} from './support';
import type { N8n } from '../../support/n8n-process';

// Dry run off: the example pauses.
const example = loadExample('auto-pause-on-disconnect.json', { dryRun: false });
const trigger = alertTriggerOf(example.workflow);

/** Webhook (n8n's core node) → Deliverability: Mailbox → Get, answering with the account (runs on the worker). */
const actionWorkflow = getAccountThroughWebhook({
	id: 'QueueActionWf0001',
	name: 'Queue mode: get an account through a webhook',
	path: 'queue-action',
});

/**
 * Deliverability Notification Trigger (every minute, DOMAIN_EXPIRING_SOON) → No Operation: what the poll emits, run by
 * the worker. One event only: the disconnections this file makes for the webhook example open notifications too.
 */
const pollingWorkflow = {
	id: 'QueuePollingWf001',
	name: 'Queue mode: notifications by polling',
	nodes: [
		{
			parameters: {
				pollTimes: { item: [{ mode: 'everyMinute' }] },
				events: ['DOMAIN_EXPIRING_SOON'],
				filters: {},
				options: {},
			},
			id: '6e8a0c2e-4b6d-4f8a-9c1e-3a5c7e9b1d03',
			name: 'On notification',
			type: 'n8n-nodes-deliverability.deliverabilityNotificationTrigger',
			typeVersion: 1,
			position: [0, 0],
			credentials: {
				deliverabilityApi: { id: 'DlvSandboxApiKey', name: 'Deliverability sandbox' },
			},
		},
		{
			parameters: {},
			id: '7f9b1d3f-5c7e-4a9b-8d2f-4b6d8f0a2e04',
			name: 'Done',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [240, 0],
		},
	],
	connections: { 'On notification': { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
	active: false,
	settings: { executionOrder: 'v1' },
};

let stack: QueueStack;

beforeAll(async () => {
	if (process.env.QUEUE_SKIP) return;
	stack = await startQueueStack({
		name: 'works',
		env: {
			N8N_SCHEDULER_ENABLED: 'true',
			N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
			N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
		},
		beforeStart: (main) =>
			main.importWorkflows([example.workflow, actionWorkflow, pollingWorkflow, controlWorkflow()]),
	});
	process.stdout.write(
		`[queue] cluster figures after start: ${JSON.stringify(stack.cluster.figures())}\n`,
	);
}, START_TIMEOUT_MS);

afterAll(async () => {
	if (stack)
		process.stdout.write(
			`[queue] cluster figures at the end: ${JSON.stringify(stack.cluster.figures())}\n`,
		);
	await closeStacks();
});

const main = () => stack.cluster.main;
const [wh1, wh2] = [() => stack.cluster.webhooks[0], () => stack.cluster.webhooks[1]];

const triggerUrl = (on: N8n) => triggerUrlOn(on, trigger.webhookId!);
const ourAlerts = () => triggerAlerts(stack, trigger.webhookId!);
const executions = (workflowId: string) => executionsOf(stack, workflowId);
const settled = (workflowId: string, count: number) => settledOf(stack, workflowId, count);
const deliver = (on: N8n, payload: object) => deliverTo(stack, trigger.webhookId!, on, payload);
const pauses = (accountId: number) => pausesOf(stack, accountId);

async function aliveAccount(skip: number[] = []): Promise<number> {
	const account = (await aliveAccounts(stack)).find((id) => !skip.includes(id));
	if (account === undefined) throw new Error('no alive account in the sandbox');
	return account;
}

/** The GET /notifications requests the sandbox received (every poll of the polling trigger sends one). */
async function notificationPolls(): Promise<Array<{ at: string }>> {
	const log = await admin<Array<{ method: string; path: string; at: string }>>(
		stack.sandbox,
		'GET',
		'/requests',
	);
	return log.filter((r) => r.method === 'GET' && r.path === '/notifications');
}

/** Executions the worker reports having started, by id. */
function startedOnWorker(): string[] {
	return workerStarts(stack.cluster.worker.output).map(
		(l) => /Worker started execution (\d+)/.exec(l)![1],
	);
}

queueDescribe('n8n queue mode: main + worker + two webhook processors', () => {
	let payload: Record<string, unknown>;
	let firstAccount: number;
	let armedAt = 0;
	let pollsAtArming = 0;
	let notificationId = 0;

	it('publishing the polling trigger arms it with one poll and emits nothing (main, the leader, polls)', async () => {
		const before = await notificationPolls();
		expect((await main().api('POST', `/workflows/${pollingWorkflow.id}/activate`)).status).toBe(
			200,
		);
		await waitFor(
			'the arming poll',
			async () => (await notificationPolls()).length > before.length,
			60000,
		);
		armedAt = Date.now();
		pollsAtArming = (await notificationPolls()).length;
		const opened = await admin<{ id: number }>(stack.sandbox, 'POST', '/notifications', {
			event: 'DOMAIN_EXPIRING_SOON',
		});
		notificationId = opened.id;
		expect(await executions(pollingWorkflow.id)).toEqual([]);
	});

	it("publishing registers exactly one alert, pointing at the webhook processors (main's N8N_WEBHOOK_URL)", async () => {
		expect(main().webhookBase).toBe(`${wh1().baseUrl}/`);
		expect(await ourAlerts()).toEqual([]);
		expect((await main().api('POST', `/workflows/${example.id}/activate`)).status).toBe(200);
		await waitFor('the alert', async () => (await ourAlerts()).length > 0, 30000);
		await sleep(1500);
		const alerts = await ourAlerts();
		expect(alerts).toHaveLength(1);
		expect(alerts[0].hook_url!.split('?')[0]).toBe(triggerUrl(wh1()));
		expect(alerts[0]).toMatchObject({ events: ['ACCOUNT_DISCONNECTED'], active: true });
	});

	it("the package loads in main and in both webhook processors (each runs the trigger's own webhook code)", async () => {
		const types = await main().session<Array<{ name: string }>>('GET', '/types/nodes.json');
		const names = (Array.isArray(types.data) ? types.data : []).map((t) => t.name);
		expect(names).toEqual(
			expect.arrayContaining([
				'n8n-nodes-deliverability.deliverability',
				'n8n-nodes-deliverability.deliverabilityAlertTrigger',
			]),
		);
		// Only the trigger's webhook() answers a POST without the secret with 401 and this body; a process without the
		// package would answer 404/500 (unknown webhook or node type).
		for (const processor of [wh1(), wh2()]) {
			const res = await fetch(triggerUrl(processor), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{}',
			});
			expect({ url: processor.baseUrl, status: res.status, body: await res.json() }).toEqual({
				url: processor.baseUrl,
				status: 401,
				body: { message: 'Unauthorized' },
			});
		}
		for (const p of stack.cluster.all) expect(p.output).not.toMatch(/Unrecognized node type/);
	});

	it('an action-node workflow started through a webhook processor runs on the worker', async () => {
		expect((await main().api('POST', `/workflows/${actionWorkflow.id}/activate`)).status).toBe(200);
		const accountId = await aliveAccount();
		const answer = await waitFor('the action webhook', async () => {
			const res = await fetch(`${wh2().baseUrl}/webhook/queue-action`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ account_id: accountId }),
			});
			return res.status === 200 && ((await res.json()) as Record<string, unknown>);
		});
		// responseMode lastNode: the answer is the action node's output, computed by the worker.
		expect(answer).toMatchObject({ id: accountId });
		const [run] = await settled(actionWorkflow.id, 1);
		expect(run).toMatchObject({ status: 'success', mode: 'webhook' });
		expect(startedOnWorker()).toContain(String(run.id));
		for (const p of [main(), wh1(), wh2()]) expect(workerStarts(p.output)).toEqual([]);
	});

	it('an event starts exactly one run, on the worker, and pauses the account', async () => {
		firstAccount = await aliveAccount();
		const { payloads } = await admin<{ payloads: Array<Record<string, unknown>> }>(
			stack.sandbox,
			'POST',
			`/accounts/${firstAccount}/disconnect`,
		);
		expect(payloads).toHaveLength(1);
		payload = payloads[0];
		const runs = await settled(example.id, 1);
		await sleep(1500);
		expect(await executions(example.id)).toHaveLength(1);
		expect(runs[0]).toMatchObject({ status: 'success', mode: 'webhook' });
		expect(startedOnWorker()).toContain(String(runs[0].id));
		const deliveries = (
			await admin<Array<{ eventId: string; url: string; status: number }>>(
				stack.sandbox,
				'GET',
				'/deliveries',
			)
		).filter((d) => d.eventId === payload.id);
		expect(deliveries.map((d) => [d.url.split('?')[0], d.status])).toEqual([
			[triggerUrl(wh1()), 200],
		]);
		expect(
			(await service<{ alive: boolean }>(stack.sandbox, 'GET', `/accounts/${firstAccount}`)).alive,
		).toBe(false);
		expect(await pauses(firstAccount)).toBe(1);
	});

	it('the same event id again is a duplicate: same processor, the other processor 1.5 s later, after the processors restart', async () => {
		expect(await deliver(wh1(), payload)).toEqual({
			status: 200,
			body: { received: true, status: 'duplicate', event_id: payload.id },
		});
		await sleep(1500);
		// The other processor never saw it: only the memory saved in the database (static data) can tell.
		expect(await deliver(wh2(), payload)).toEqual({
			status: 200,
			body: { received: true, status: 'duplicate', event_id: payload.id },
		});
		await Promise.all([wh1().restart(), wh2().restart()]);
		for (const processor of [wh1(), wh2()]) {
			expect(await deliver(processor, payload)).toEqual({
				status: 200,
				body: { received: true, status: 'duplicate', event_id: payload.id },
			});
		}
		await sleep(1500);
		expect(await executions(example.id)).toHaveLength(1);
		expect(await pauses(firstAccount)).toBe(1);
	});

	it('restarting main creates no second alert, and events still run on the worker', async () => {
		const [before] = await ourAlerts();
		await main().restart();
		await sleep(3000);
		const after = await ourAlerts();
		expect(after).toHaveLength(1);
		expect(after[0].id).toBe(before.id);
		expect(after[0].hook_url).toBe(before.hook_url);

		const second = await aliveAccount([firstAccount]);
		await admin(stack.sandbox, 'POST', `/accounts/${second}/disconnect`);
		const runs = await settled(example.id, 2);
		expect(runs).toHaveLength(2);
		expect(startedOnWorker()).toEqual(expect.arrayContaining(runs.map((r) => String(r.id))));
		expect(
			(await service<{ alive: boolean }>(stack.sandbox, 'GET', `/accounts/${second}`)).alive,
		).toBe(false);
	});

	it('an alert storm: the example pauses every mailbox the core-Webhook control pauses, none twice, no failed run', async () => {
		// Sized for CI: at 50 at once the trigger's p99 answer was 4.8 s against the service's 5 s delivery timeout on
		// a quiet machine, and with other jobs beside the cluster (load 7-9) n8n's one webhook processor lost events
		// for both sides. Larger storms are measured, not asserted: `npm run bench:storm`, docs/queue-mode.md.
		const events = 20;
		// The service's pace (20 requests per second per key) and its delivery policy (5 s timeout, 4 attempts).
		await admin(stack.sandbox, 'POST', '/rate-limit', { perSecond: 20 });
		const urls = await prepareStorm(stack.cluster, stack.sandbox);
		const t0 = Date.now();
		const result = await runStorm(stack.cluster, stack.sandbox, urls, { events, overSeconds: 0 });
		const seconds = ((Date.now() - t0) / 1000).toFixed(1);
		await admin(stack.sandbox, 'POST', '/rate-limit', { perSecond: null });
		process.stdout.write(
			`[queue] storm of ${events} alerts at once, ${seconds} s with the counting:\n${stormTable(result)}\n`,
		);
		expect(result.example.lost).toBe(0);
		expect(result.missedByExample).toBe(0);
		expect(result.example.paused.size).toBe(events);
		expect(result.example.pausedTwice).toBe(0);
		expect(result.example.byStatus).toEqual({ success: events });
		expect(result.example.errors).toEqual({});
	}, 600000);

	it('the polling trigger polls once per cluster and emits the notification once, in one run on the worker', async () => {
		const [run] = await waitFor(
			'the run of the next poll',
			async () => {
				const ex = await executions(pollingWorkflow.id);
				return ex.length > 0 && ex.every((e) => !['running', 'new'].includes(e.status)) && ex;
			},
			150000,
			1000,
		);
		// One more poll after the one that emitted: it must emit nothing.
		const polls = (await notificationPolls()).length;
		await waitFor(
			'one more poll',
			async () => (await notificationPolls()).length > polls,
			90000,
			1000,
		);
		await sleep(3000);
		expect(await executions(pollingWorkflow.id)).toHaveLength(1);
		expect(run).toMatchObject({ status: 'success', mode: 'trigger' });
		expect(startedOnWorker()).toContain(String(run.id));
		const full = await main().api<{
			data: {
				resultData: {
					runData: Record<
						string,
						Array<{ data: { main: Array<Array<{ json: { id?: number } }>> } }>
					>;
				};
			};
		}>('GET', `/executions/${run.id}?includeData=true`);
		expect(
			full.data.data.resultData.runData['On notification'][0].data.main[0].map((i) => i.json.id),
		).toEqual([notificationId]);
		// Polls since arming: one per minute (cron) plus the poll main makes when it starts again (the restart above),
		// plus one for timing slack. Every process polling (main, worker, two webhook processors) would be 4 times that.
		const minutes = (Date.now() - armedAt) / 60000;
		const since = (await notificationPolls()).length - pollsAtArming;
		process.stdout.write(
			`[queue] polling trigger: ${since} polls in ${minutes.toFixed(1)} min across the cluster\n`,
		);
		expect(since).toBeGreaterThanOrEqual(Math.floor(minutes));
		expect(since).toBeLessThanOrEqual(Math.floor(minutes) + 3);
	}, 300000);

	it('unpublishing deletes the alert', async () => {
		expect((await main().api('POST', `/workflows/${example.id}/deactivate`)).status).toBe(200);
		await waitFor('no alert', async () => (await ourAlerts()).length === 0, 30000);
		await sleep(1500);
		expect(await ourAlerts()).toEqual([]);
	});
});
