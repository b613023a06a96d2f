/**
 * A poll ends within the time n8n gives it (IPollFunctions.getPollBudgetMs; n8n's scheduler abandons a poll past it
 * with a log line only), with an error of its own a person sees as a failed execution: a slow answer is cut at the
 * budget, and no retry wait runs past it. Nothing is emitted or remembered from such a poll.
 */
import type { IDataObject } from 'n8n-workflow';

import { MEMORY_KEY } from '../../nodes/DeliverabilityNotificationTrigger/memory';
import { retryPolicy } from '../../nodes/shared/transport';
import { useSandbox } from '../nodes/context';
import { poller as pollerOf, pollsBackToBack } from './polling';

const t = useSandbox({ accounts: 5 });
pollsBackToBack();

const poller = (budgetMs: number) => pollerOf(t, { budgetMs });

const failure = async (run: Promise<unknown>) =>
	await run.then(
		() => undefined,
		(e: unknown) => e as Error & { description?: string },
	);

describe('a poll within its budget', () => {
	it('cuts an answer slower than the budget with its own error, and the next poll emits what was missed', async () => {
		const p = poller(1000);
		expect(await p.poll()).toBeNull();
		const memory = JSON.stringify(p.staticData[MEMORY_KEY]);
		const missed = await t.admin<{ id: number }>('POST', '/notifications', {
			event: 'ACCOUNT_DISCONNECTED',
			account_id: 1,
		});
		await t.admin('POST', '/faults', { kind: 'latency', latencyMs: 3000, count: 1 });
		const started = Date.now();
		const error = await failure(p.poll());
		const took = Date.now() - started;
		expect(error?.message).toBe(
			`The service at ${t.sandbox.baseUrl} did not answer GET /notifications within the 1 s this poll may take`,
		);
		expect(error?.description).toMatch(
			/Last problem: no complete answer within 1 s\. Attempts: 1\./,
		);
		expect(error?.description).toMatch(/Nothing was emitted or remembered from this poll/);
		// Ended by the budget, not by the 3 s answer nor by the credential's 60 s limit.
		expect(took).toBeLessThan(2500);
		expect(JSON.stringify(p.staticData[MEMORY_KEY])).toBe(memory);
		expect((await p.poll())![0].map((i) => (i.json as IDataObject).id)).toEqual([missed.id]);
	});

	it('does not start a retry wait that would end past the budget: it reports the last failure instead', async () => {
		const p = poller(1500);
		expect(await p.poll()).toBeNull();
		const saved = retryPolicy.baseDelayMs;
		retryPolicy.baseDelayMs = 1000;
		try {
			await t.admin('POST', '/faults', { kind: '503', count: 10 });
			const started = Date.now();
			const error = await failure(p.poll());
			expect(Date.now() - started).toBeLessThan(1500);
			expect(error?.message).toMatch(
				/did not answer GET \/notifications within the 2 s this poll may take$/,
			);
			// 503, wait ~1 s, 503 again; the next wait (~2 s) would end past the budget.
			expect(error?.description).toMatch(/Last problem: HTTP 503\. Attempts: 2\./);
		} finally {
			retryPolicy.baseDelayMs = saved;
			await t.admin('DELETE', '/faults');
		}
	});

	it('within a budget that allows it, a slow answer and a retry still succeed', async () => {
		const p = poller(10_000);
		expect(await p.poll()).toBeNull();
		await t.admin('POST', '/faults', { kind: 'latency', latencyMs: 500, count: 1 });
		await t.admin('POST', '/faults', { kind: '503', count: 1 });
		const fresh = await t.admin<{ id: number }>('POST', '/notifications', {
			event: 'ACCOUNT_DISCONNECTED',
			account_id: 2,
		});
		expect((await p.poll())![0].map((i) => (i.json as IDataObject).id)).toEqual([fresh.id]);
	});
});
