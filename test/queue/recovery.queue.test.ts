/**
 * A worker killed in the middle of a run (SIGKILL to the worker and its task runner: a crash, an OOM kill) while the
 * Deliverability node's create is on its way to the service. What n8n 2.41 does about it, observed:
 * - Bull runs with `maxStalledCount: 0` (n8n/dist/scaling/scaling.service.js): a job whose worker died is never
 *   handed to another worker; once its lock expires the next worker's stalled-job check fails it. So the run is
 *   not repeated and the create is not sent a second time.
 * - The process that enqueued the run (here the webhook processor) waits on the job; the stalled job's failure
 *   ("job stalled more than maxStalledCount") becomes n8n's MaxStalledCountError and the execution ends in "error"
 *   ("This execution failed to be processed too many times …"). Had that process died too, main's queue recovery
 *   (at main's start, then every N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL minutes, default 180) would mark it "crashed".
 * - The input IS lost from n8n's storage: n8n saves that error as the execution's whole data, replacing the item the
 *   webhook received (which the sender had already been answered 200 for). Nothing the node can change: the
 *   docs/queue-mode.md → A worker that dies mid-run says what to do (graceful worker shutdown, an error workflow, check the service before re-running).
 */
import { admin } from '../../support/sandbox-admin';
import {
	closeStacks,
	executions,
	queueDescribe,
	sleep,
	startQueueStack,
	START_TIMEOUT_MS,
	waitFor,
	workerStarts,
	webhookToAction,
	type QueueStack,
} from './support';

/** Webhook (answers at once) → Deliverability: Alert → Create with the hook URL from the request body. */
const createWorkflow = webhookToAction({
	id: 'QueueCreateWf0001',
	name: 'Queue mode: create an alert through a webhook',
	path: 'queue-create',
	respond: 'onReceived',
	action: {
		name: 'Create the alert',
		parameters: {
			resource: 'alert',
			operation: 'create',
			channel: 'HOOK_URL',
			hookUrl: '={{ $json.body.hook_url }}',
			events: ['DOMAIN_EXPIRING_SOON'],
		},
	},
});

let stack: QueueStack;

beforeAll(async () => {
	if (process.env.QUEUE_SKIP) return;
	stack = await startQueueStack({
		name: 'recovery',
		webhookProcessors: 1,
		beforeStart: (main) => main.importWorkflows([createWorkflow]),
		// Short Bull locks so a dead worker's job is noticed in seconds (n8n's defaults: 60 s lock, 30 s check).
		env: {
			QUEUE_WORKER_LOCK_DURATION: '4000',
			QUEUE_WORKER_LOCK_RENEW_TIME: '1000',
			QUEUE_WORKER_STALLED_INTERVAL: '2000',
		},
	});
	expect(
		(await stack.cluster.main.api('POST', `/workflows/${createWorkflow.id}/activate`)).status,
	).toBe(200);
}, START_TIMEOUT_MS);

afterAll(closeStacks);

interface LoggedRequest {
	method: string;
	path: string;
	body: { hook_url?: string } | null;
	status: number | null;
}

async function createsFor(hookUrl: string): Promise<LoggedRequest[]> {
	const log = await admin<LoggedRequest[]>(stack.sandbox, 'GET', '/requests');
	return log.filter(
		(r) => r.method === 'POST' && r.path === '/alerts' && r.body?.hook_url === hookUrl,
	);
}

async function alertsAt(hookUrl: string): Promise<number> {
	const alerts = await admin<Array<{ hook_url: string | null }>>(
		stack.sandbox,
		'GET',
		'/alerts?project=A',
	);
	return alerts.filter((a) => a.hook_url === hookUrl).length;
}

queueDescribe('a worker killed in the middle of a run', () => {
	it('repeats no create; the interrupted execution ends in "error", not re-run, and n8n keeps only the error', async () => {
		const { main, worker, webhooks } = stack.cluster;
		const hookUrl = `https://hooks.example.com/queue-recovery-${Date.now().toString(36)}`;
		// The service takes 6 s to answer this create: the worker is killed while it waits.
		await admin(stack.sandbox, 'POST', '/faults', {
			kind: 'latency',
			latencyMs: 6000,
			method: 'POST',
			path: '/alerts',
			count: 1,
		});
		const started = await waitFor('the webhook', async () => {
			const res = await fetch(`${webhooks[0].baseUrl}/webhook/queue-create`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ hook_url: hookUrl }),
			});
			return res.status === 200;
		});
		expect(started).toBe(true);
		await waitFor(
			'the create reaching the service',
			async () => (await createsFor(hookUrl)).length === 1,
			60000,
			100,
		);
		const [running] = await executions(stack, createWorkflow.id);
		expect(running.status).toBe('running');
		await worker.kill();

		// The service finishes the create nobody waits for any more: one alert exists.
		await waitFor(
			'the alert created by the interrupted request',
			async () => (await alertsAt(hookUrl)) === 1,
			20000,
		);

		// A worker comes back (the orchestrator restarts it): the dead job's lock expires and it is failed, not re-run.
		await worker.start();
		await sleep(15000);
		expect(await createsFor(hookUrl)).toHaveLength(1);
		expect(await alertsAt(hookUrl)).toBe(1);
		// The worker's output (kept across its restart) shows that execution started once only.
		expect(
			workerStarts(worker.output).filter((l) => l.includes(`execution ${running.id} `)),
		).toHaveLength(1);

		// The process that enqueued the run (the webhook processor) waits on the job; Bull's "job stalled more than
		// maxStalledCount" becomes n8n's MaxStalledCountError and the execution ends in "error", not re-run. (Had that
		// process died too, main's queue recovery would mark it "crashed" at its next check.)
		const ended = await waitFor(
			'the interrupted execution to end',
			async () =>
				(await executions(stack, createWorkflow.id)).find(
					(e) => e.id === running.id && e.status !== 'running',
				),
			60000,
			1000,
		);
		expect(ended.status).toBe('error');
		const full = await main.api<{ data?: { resultData?: { error?: { message?: string } } } }>(
			'GET',
			`/executions/${running.id}?includeData=true`,
		);
		expect(full.status).toBe(200);
		expect(full.data.data?.resultData?.error?.message).toMatch(
			/failed to be processed too many times/,
		);
		// n8n saves that error as the execution's whole data (workflow-runner.js processError → workflowExecuteAfter):
		// the item the webhook received is no longer in n8n's storage, and the sender already had its 200.
		expect(JSON.stringify(full.data)).not.toContain(hookUrl);
		expect(
			(full.data.data?.resultData as { runData?: Record<string, unknown> } | undefined)?.runData
				?.Webhook,
		).toBeUndefined();
		// Nothing ran it again meanwhile.
		expect(await executions(stack, createWorkflow.id)).toHaveLength(1);
		expect(await createsFor(hookUrl)).toHaveLength(1);
	});
});
