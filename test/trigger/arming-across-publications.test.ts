/**
 * Every notification opened after publishing starts the workflow once, and nothing from before, under each of the
 * ways n8n 2.41 runs a poll trigger (support/harness.ts, enginePollHarness: legacy polling, the durable scheduler,
 * the scheduler with durable cursors). The publish-time poll arms; what it armed on must survive a new context per
 * poll and a poller_state row that discards the publish-time poll's writes and outlives an unpublish.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	ARMING_KEY,
	MEMORY_KEY,
	armingOf,
	rememberListed,
} from '../../nodes/DeliverabilityNotificationTrigger/memory';
import type { EnginePollHarness, PollEngine } from '../../support/poll-harness';
import { useSandbox } from '../nodes/context';
import { closeOpenNotifications, enginePoller, idsOf, pollsBackToBack } from './polling';

const t = useSandbox({ accounts: 20 });
pollsBackToBack();

const open = async (accountId: number) =>
	await t.admin<{ id: number }>('POST', '/notifications', {
		event: 'ACCOUNT_DISCONNECTED',
		account_id: accountId,
	});

/** The workflow's next poll emits exactly this notification, and the poll after it nothing. */
async function expectEmittedOnce(
	wf: EnginePollHarness,
	notification: { id: number },
): Promise<void> {
	expect(idsOf(await wf.poll())).toEqual([notification.id]);
	expect(await wf.poll()).toBeNull();
}

describe.each<PollEngine>(['legacy', 'scheduler', 'durable'])('under n8n polling: %s', (engine) => {
	beforeEach(async () => await closeOpenNotifications(t));

	it('arms on the backlog at publishing; a notification opened just after is emitted once, at the first poll', async () => {
		await open(1);
		await open(2);
		const wf = enginePoller(t, engine);
		expect(await wf.publish()).toBeNull();
		const justAfter = await open(3);
		await expectEmittedOnce(wf, justAfter);
		const later = await open(4);
		await expectEmittedOnce(wf, later);
	});

	it('publishing again after an unpublish arms again: nothing opened while unpublished is replayed', async () => {
		const wf = enginePoller(t, engine);
		await wf.publish();
		const before = await open(5);
		expect(idsOf(await wf.poll())).toEqual([before.id]);
		wf.unpublish();
		await open(6);
		await wf.restart();
		await open(7);
		expect(await wf.publish()).toBeNull();
		const after = await open(8);
		await expectEmittedOnce(wf, after);
	});

	it('a restart keeps the memory: what was opened meanwhile is emitted once, nothing old', async () => {
		const wf = enginePoller(t, engine);
		await open(9);
		await wf.publish();
		const a = await open(10);
		expect(idsOf(await wf.poll())).toEqual([a.id]);
		const meanwhile = await open(11);
		const emitted = [...idsOf(await wf.restart()), ...idsOf(await wf.poll())];
		expect(emitted).toEqual([meanwhile.id]);
		expect(await wf.poll()).toBeNull();
	});
});

describe('a poll killed before n8n stored anything', () => {
	beforeEach(async () => await closeOpenNotifications(t));

	it.each<[string, PollEngine, number]>([
		['durable cursors', 'durable', 12],
		['the scheduler', 'scheduler', 13],
	])(
		'with %s: the next poll emits what the killed one saw, once',
		async (_how, engine, account) => {
			const wf = enginePoller(t, engine);
			await wf.publish();
			const seen = await open(account);
			await wf.killedDuringPoll();
			await expectEmittedOnce(wf, seen);
		},
	);
});

describe('the arming decision, given static data from an earlier publication', () => {
	const arming = { at: '2026-11-27T10:00:00.000Z', ids: ['7', '6'] };

	it('a memory of an earlier publication gives way to the current arming', () => {
		const nodeData: IDataObject = {
			[MEMORY_KEY]: { ids: ['3', '2', '1'], armedAt: '2026-11-20T09:00:00.000Z' },
		};
		const { fresh } = rememberListed(nodeData, ['9', '8', '7', '6', '3'], 1000, arming);
		// 3 was remembered by the earlier publication, but open when this one armed? No: it is not in the arming, so
		// it was opened while unpublished or after publishing, and the arming's list is what counts.
		expect([...fresh]).toEqual(['9', '8', '3']);
		expect(nodeData[MEMORY_KEY]).toEqual({
			ids: ['9', '8', '7', '6', '3'],
			armedAt: arming.at,
		});
	});

	it('a memory of the current publication is used as it is', () => {
		const nodeData: IDataObject = {
			[MEMORY_KEY]: { ids: ['7', '6', '9'], armedAt: arming.at },
		};
		const { fresh } = rememberListed(nodeData, ['10', '9', '7'], 1000, arming);
		expect([...fresh]).toEqual(['10']);
	});

	it('a memory saved before armings existed, with no arming, is used as it is; nothing at all arms', () => {
		const old: IDataObject = { [MEMORY_KEY]: { ids: ['2', '1'] } };
		expect([...rememberListed(old, ['3', '2'], 1000).fresh]).toEqual(['3']);
		expect(old[MEMORY_KEY]).toEqual({ ids: ['1', '3', '2'] });
		const none: IDataObject = {};
		expect(rememberListed(none, ['3', '2'], 1000)).toEqual({ armed: true, fresh: new Set() });
	});

	it('reads only a well-formed arming of its own node', () => {
		const globalData: IDataObject = {
			[ARMING_KEY]: { a: arming, b: { at: 5, ids: [] }, c: { at: 'x' } },
		};
		expect(armingOf(globalData, 'a')).toEqual(arming);
		expect(armingOf(globalData, 'b')).toBeUndefined();
		expect(armingOf(globalData, 'c')).toBeUndefined();
		expect(armingOf(globalData, 'd')).toBeUndefined();
		expect(armingOf({}, 'a')).toBeUndefined();
	});
});
