/**
 * The durable wait of examples/spam-test-after-send.json in n8n's regular mode (one n8n process, on Postgres): five
 * campaigns wait at the Wait node (stored as "waiting"), n8n is restarted while they wait, and all five finish
 * after it comes back. Same example and settings as durable-wait.queue.test.ts (Wait node at 70 s, seed delay).
 */
import { durableExample, startCampaigns } from './durable';
import { admin } from '../../support/sandbox-admin';
import {
	closeStacks,
	executions,
	queueDescribe,
	settled,
	startQueueStack,
	START_TIMEOUT_MS,
	waitFor,
	type QueueStack,
} from './support';

/** The runs wait 70 s, resume on main's 60 s tick, and the processes restart on a busy machine. */
const RUN_TIMEOUT_MS = 900000;
const RUNS = 5;
const example = durableExample();
let stack: QueueStack;

beforeAll(async () => {
	if (process.env.QUEUE_SKIP) return;
	stack = await startQueueStack({
		name: 'regular',
		regular: true,
		beforeStart: (main) => main.importWorkflows([example]),
	});
	expect((await stack.cluster.main.api('POST', `/workflows/${example.id}/activate`)).status).toBe(
		200,
	);
}, START_TIMEOUT_MS);

afterAll(closeStacks);

queueDescribe('durable waits in regular mode', () => {
	it(
		'5 runs waiting while n8n restarts all finish, each spam test created once',
		async () => {
			const { main } = stack.cluster;
			const t0 = Date.now();
			const runs = await startCampaigns(stack.sandbox, main.baseUrl, RUNS);
			await waitFor(
				`${RUNS} runs waiting`,
				async () =>
					(await executions(stack, example.id)).filter((e) => e.status === 'waiting').length ===
					RUNS,
				120000,
				500,
			);
			await main.restart();
			// Every 2 s: main restarts meanwhile, and its API is slow to answer while it starts.
			const ended = await settled(stack, example.id, RUNS, 420000, 2000);
			expect(ended.map((e) => e.status)).toEqual(Array(RUNS).fill('success'));
			const creates = (
				await admin<Array<{ method: string; path: string }>>(stack.sandbox, 'GET', '/requests')
			).filter((r) => r.method === 'POST' && r.path === '/spam_tests');
			expect(creates).toHaveLength(RUNS);
			process.stdout.write(
				`[queue] regular mode: ${RUNS} runs waited across an n8n restart, all finished in ${Math.round((Date.now() - t0) / 1000)} s; ${runs.notRegistered} answers "not registered" and ${runs.notReady} "Database is not ready" retried\n`,
			);
		},
		RUN_TIMEOUT_MS,
	);
});
