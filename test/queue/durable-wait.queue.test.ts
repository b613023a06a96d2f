/**
 * The durable wait of examples/spam-test-after-send.json (Check results → "Not Yet" → n8n's Wait node → check again)
 * in n8n's queue mode: main + one worker with concurrency 2 + one webhook processor, on Postgres and Redis.
 *
 * Twelve campaigns finish together: twelve runs create their spam test, send to the seeds and then wait (the
 * sandbox's seedDelayMs keeps the tests incomplete at the first check). A waiting execution is a database row that
 * holds no worker slot, so at least ten wait at once while a quick workflow still gets a slot and finishes. The
 * worker is killed (SIGKILL) while they wait and started again, main is restarted, and every run still finishes:
 * each test created once, no execution crashed.
 *
 * The Wait node's amount is lowered to 70 s for the test (n8n sleeps in-process below 65 s); main resumes waiting
 * executions on a 60 s tick, so the runs finish 70 to ~130 s after they started waiting.
 */
import { durableExample, startCampaigns, type DurableRun } from './durable';
import { admin } from '../../support/sandbox-admin';
import {
	closeStacks,
	executions,
	queueDescribe,
	settled,
	startQueueStack,
	START_TIMEOUT_MS,
	waitFor,
	workerStarts,
	webhookToAction,
	type QueueStack,
} from './support';

/** The runs wait 70 s, resume on main's 60 s tick, and the processes restart on a busy machine. */
const RUN_TIMEOUT_MS = 900000;
const RUNS = 12;

/** Webhook (answers when the last node is done) → Mailbox → Get: a quick run that needs a worker slot. */
const quickWorkflow = webhookToAction({
	id: 'QueueQuickWf0001',
	name: 'Queue mode: a quick run',
	path: 'queue-quick',
	respond: 'lastNode',
	action: {
		name: 'Account',
		parameters: {
			resource: 'account',
			operation: 'get',
			accountId: { __rl: true, mode: 'id', value: '1' },
		},
	},
});

const example = durableExample();
let stack: QueueStack;

beforeAll(async () => {
	if (process.env.QUEUE_SKIP) return;
	stack = await startQueueStack({
		name: 'durable',
		webhookProcessors: 1,
		workerConcurrency: 2,
		beforeStart: (main) => main.importWorkflows([example, quickWorkflow]),
	});
	for (const id of [example.id, quickWorkflow.id]) {
		expect((await stack.cluster.main.api('POST', `/workflows/${id}/activate`)).status).toBe(200);
	}
}, START_TIMEOUT_MS);

afterAll(closeStacks);

queueDescribe('durable waits in queue mode (worker concurrency 2)', () => {
	it(
		'12 runs wait at once without holding the worker, survive a worker kill and a main restart, and all finish',
		async () => {
			const { main, worker, webhooks } = stack.cluster;
			const t0 = Date.now();
			const runs: DurableRun = await startCampaigns(stack.sandbox, webhooks[0].baseUrl, RUNS);

			// They all reach the Wait node: n8n stores them as "waiting" and frees the worker's two slots.
			let mostWaiting = 0;
			const waitingNow = async () => {
				const waiting = (await executions(stack, example.id)).filter(
					(e) => e.status === 'waiting',
				).length;
				mostWaiting = Math.max(mostWaiting, waiting);
				return waiting;
			};
			await waitFor(
				'10 or more runs waiting at once',
				async () => (await waitingNow()) >= 10,
				120000,
				500,
			);
			const waitingAt = Date.now();

			// Meanwhile a quick workflow gets a worker slot and finishes; the waiting runs are still waiting after it.
			const quickStart = Date.now();
			const quick = await fetch(`${webhooks[0].baseUrl}/webhook/queue-quick`, { method: 'POST' });
			const quickMs = Date.now() - quickStart;
			expect(quick.status).toBe(200);
			expect(await quick.json()).toMatchObject({ id: 1 });
			const waitingAfterQuick = await waitingNow();
			expect(waitingAfterQuick).toBeGreaterThanOrEqual(10);
			// The kill must find every run waiting: one still executing on the worker when it dies is lost to n8n
			// (crashed), which is not what this proves.
			await waitFor(
				`all ${RUNS} runs waiting`,
				async () => (await waitingNow()) >= RUNS,
				120000,
				500,
			);

			// The worker dies while they wait (no shutdown handlers) and comes back; then main restarts.
			await worker.kill();
			await worker.start();
			await main.restart();

			// Every 2 s: main restarts meanwhile, and its API is slow to answer while it starts.
			const ended = await settled(stack, example.id, RUNS, 420000, 2000);
			const finishedMs = Date.now() - t0;
			expect(ended.map((e) => e.status)).toEqual(Array(RUNS).fill('success'));
			expect(ended.filter((e) => e.status === 'crashed')).toHaveLength(0);

			// Each run created its spam test exactly once, and each test completed on the "Completed" output.
			const creates = (
				await admin<Array<{ method: string; path: string; status: number }>>(
					stack.sandbox,
					'GET',
					'/requests',
				)
			).filter((r) => r.method === 'POST' && r.path === '/spam_tests');
			expect(creates).toHaveLength(RUNS);
			for (const e of ended) {
				const full = await main.api<{
					data: {
						resultData: { runData: Record<string, Array<{ data?: { main?: unknown[][] } }>> };
					};
				}>('GET', `/executions/${e.id}?includeData=true`);
				const checks = full.data.data.resultData.runData['Check results'];
				// First check "Not Yet", the last one "Completed" (one item on output 0).
				expect(checks.length).toBeGreaterThanOrEqual(2);
				expect(checks[0].data?.main?.[1]).toHaveLength(1);
				expect(checks[checks.length - 1].data?.main?.[0]).toHaveLength(1);
				expect(full.data.data.resultData.runData['Result card']).toHaveLength(1);
				expect(full.data.data.resultData.runData['Gave up']).toBeUndefined();
			}
			const publicIds = await runs.publicIds();
			expect(new Set(publicIds).size).toBe(RUNS);

			// Every execution started on a worker at least twice (the start, and each resume), none was crashed by the kill.
			const starts = workerStarts(worker.output);
			process.stdout.write(
				`[queue] durable wait: ${RUNS} runs, at most ${mostWaiting} waiting at once (${waitingAfterQuick} right after the quick run, ` +
					`which took ${quickMs} ms, ${Math.round((quickStart - waitingAt) / 1000)} s after 10 were waiting); ` +
					`worker killed and restarted, main restarted; all finished in ${Math.round(finishedMs / 1000)} s; ${starts.length} worker starts logged; ` +
					`${runs.notReady} webhook answers "Database is not ready" retried\n`,
			);
		},
		RUN_TIMEOUT_MS,
	);
});
