/**
 * Two polls of one node claimed together by n8n's scheduler (overdue ones after a restart, several Poll Times) start
 * from the same memory; with durable cursors both would commit. The trigger lets one of them run: each notification
 * is emitted once, and a poll that gave way loses nothing (the next poll reads the memory afresh).
 */
import type { PollEngine } from '../../support/poll-harness';
import { useSandbox } from '../nodes/context';
import { enginePoller, idsOf, pollsBackToBack } from './polling';

const t = useSandbox({ accounts: 5 });

describe.each<PollEngine>(['scheduler', 'durable'])('polls claimed together (%s)', (engine) => {
	pollsBackToBack();

	it('emit each notification once; the next poll emits what none of them saw', async () => {
		const wf = enginePoller(t, engine);
		await wf.publish();
		const opened = await t.admin<{ id: number }>('POST', '/notifications', {
			event: 'ACCOUNT_DISCONNECTED',
			account_id: 1,
		});
		const results = await wf.pollsAtOnce(3);
		expect(results.flatMap(idsOf)).toEqual([opened.id]);
		expect(await wf.poll()).toBeNull();
		const later = await t.admin<{ id: number }>('POST', '/notifications', {
			event: 'ACCOUNT_DISCONNECTED',
			account_id: 2,
		});
		expect(idsOf(await wf.poll())).toEqual([later.id]);
	});
});
