/**
 * The duplicate memory's rules, called directly (no engine, no sandbox): the window size read from the option, whose
 * memory a scope is, what a saved copy teaches, a repeat while the first is starting, the 60 s after which a pending
 * id counts as started, the window's trimming, one save per 500 ms, and deactivation forgetting only its own node.
 * Under n8n's real per-request static data and concurrency: duplicate-memory-under-concurrency.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { ObservableObject } from 'n8n-workflow';

import {
	claim,
	DEFAULT_DEDUPE_WINDOW,
	forget,
	MAX_DEDUPE_WINDOW,
	memoryScope,
	settle,
	windowSize,
} from '../../nodes/DeliverabilityAlertTrigger/dedupe';
import { memoryAt, pendingPolicy } from '../../nodes/DeliverabilityAlertTrigger/processMemory';
import {
	MEMORY_KEY,
	persist,
	savedIds,
	savePolicy,
} from '../../nodes/DeliverabilityAlertTrigger/savedMemory';

const saved = { save: { ...savePolicy }, pending: { ...pendingPolicy } };
let workflow = 0;
/** A scope no other test uses (the memories live in the module, for the whole process). */
function freshScope(alertId: unknown = 'alert-1', nodeId = 'node-1') {
	workflow++;
	return memoryScope(`wf-${workflow}`, nodeId, alertId)!;
}

afterEach(() => {
	Object.assign(savePolicy, saved.save);
	Object.assign(pendingPolicy, saved.pending);
	jest.restoreAllMocks();
});

/** Accepts and settles ids as started runs. */
async function started(
	data: IDataObject,
	scope: ReturnType<typeof freshScope>,
	ids: string[],
	size = 10,
) {
	for (const id of ids) {
		expect(await claim(data, scope, id, size)).toBe('accepted');
		settle(scope, id, true, size);
	}
}

describe('the window size (the Deduplication Window option)', () => {
	it('not set, empty, blank or not a number: the default of 1000, never 0 (off)', () => {
		for (const value of [
			undefined,
			null,
			'',
			'  ',
			'many',
			Number.NaN,
			Number.POSITIVE_INFINITY,
			[],
			true,
		])
			expect([value, windowSize(value)]).toEqual([value, DEFAULT_DEDUPE_WINDOW]);
	});

	it('a whole number from 0 (off) to 10,000; numeric text read; fractions cut; beyond the ends clamped', () => {
		expect([0, '0', 5, ' 7 ', 2.9, -3, 10_000, 20_000].map(windowSize)).toEqual([
			0,
			0,
			5,
			7,
			2,
			0,
			MAX_DEDUPE_WINDOW,
			MAX_DEDUPE_WINDOW,
		]);
	});
});

describe('whose memory', () => {
	it('none without a registered alert; one per workflow, trigger node and alert', () => {
		for (const alertId of [undefined, null, ''])
			expect(memoryScope('wf', 'n', alertId)).toBeUndefined();
		expect(memoryScope('wf', 'n', 0)).toEqual({ key: 'wf:n:0', alertId: '0' });
		expect(memoryScope(undefined, 'n', 42)).toEqual({ key: ':n:42', alertId: '42' });
	});

	it('the saved copy counts only for the alert it was saved for, and only as a list of ids', () => {
		expect(savedIds({ [MEMORY_KEY]: { alertId: 7, ids: ['a', 1] } }, '7')).toEqual(['a', '1']);
		expect(savedIds({ [MEMORY_KEY]: { alertId: 8, ids: ['a'] } }, '7')).toEqual([]);
		expect(savedIds({ [MEMORY_KEY]: { alertId: 7, ids: 'a' } }, '7')).toEqual([]);
		expect(savedIds({ [MEMORY_KEY]: [{ alertId: 7, ids: ['a'] }] }, '7')).toEqual([]);
		expect(savedIds({ [MEMORY_KEY]: 'a' }, '7')).toEqual([]);
		expect(savedIds({}, '7')).toEqual([]);
	});
});

describe('once per event', () => {
	it('an event whose run started is a duplicate; one whose run failed starts again', async () => {
		const scope = freshScope();
		const data: IDataObject = {};
		await started(data, scope, ['e1']);
		expect(await claim(data, scope, 'e1', 10)).toBe('duplicate');
		expect(await claim(data, scope, 'e2', 10)).toBe('accepted');
		settle(scope, 'e2', false, 10);
		expect(await claim(data, scope, 'e2', 10)).toBe('accepted');
		settle(scope, 'e2', true, 10);
		settle(scope, 'e2', false, 10); // no longer pending: nothing changes
		expect(await claim(data, scope, 'e2', 10)).toBe('duplicate');
	});

	it('a window of 0 remembers nothing: every copy starts a run', async () => {
		const scope = freshScope();
		const data: IDataObject = {};
		expect(await claim(data, scope, 'e1', 0)).toBe('accepted');
		settle(scope, 'e1', true, 0);
		expect(await claim(data, scope, 'e1', 0)).toBe('accepted');
	});

	it('an id in the copy saved for this alert is a duplicate (another process or an earlier run saw it)', async () => {
		const scope = freshScope('a-9');
		const data: IDataObject = { [MEMORY_KEY]: { alertId: 'a-9', ids: ['old'] } };
		expect(await claim(data, scope, 'old', 10)).toBe('duplicate');
		const other = freshScope('a-10');
		expect(await claim(data, other, 'old', 10)).toBe('accepted');
		settle(other, 'old', true, 10);
	});

	it('a repeat while the first copy is starting waits for its outcome: duplicate once it started, accepted if it failed', async () => {
		const scope = freshScope();
		const data: IDataObject = {};
		expect(await claim(data, scope, 'e1', 10)).toBe('accepted');
		const repeat = claim(data, scope, 'e1', 10);
		settle(scope, 'e1', true, 10);
		expect(await repeat).toBe('duplicate');

		expect(await claim(data, scope, 'e2', 10)).toBe('accepted');
		const again = claim(data, scope, 'e2', 10);
		settle(scope, 'e2', false, 10);
		expect(await again).toBe('accepted');
		settle(scope, 'e2', true, 10);
	});

	it('a repeat that waited its time while the first is still starting is told to try again', async () => {
		pendingPolicy.waitMs = 20;
		const scope = freshScope();
		const data: IDataObject = {};
		expect(await claim(data, scope, 'e1', 10)).toBe('accepted');
		const began = Date.now();
		expect(await claim(data, scope, 'e1', 10)).toBe('starting');
		expect(Date.now() - began).toBeGreaterThanOrEqual(15);
		settle(scope, 'e1', true, 10);
	});

	it('an id pending for 60 s with no outcome counts as started (its save hung): a duplicate from then on', async () => {
		const scope = freshScope();
		const data: IDataObject = {};
		let now = 1_000_000;
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		pendingPolicy.waitMs = 0;
		expect(await claim(data, scope, 'e1', 10)).toBe('accepted');
		now += pendingPolicy.expireMs - 1;
		expect(await claim(data, scope, 'e1', 10)).toBe('starting');
		now += 1;
		expect(await claim(data, scope, 'e1', 10)).toBe('duplicate');
		expect(await claim(data, scope, 'e1', 10)).toBe('duplicate');
	});

	it('a failed id is not learnt back from a copy saved while it was pending', async () => {
		const scope = freshScope();
		const data: IDataObject = { [MEMORY_KEY]: { alertId: 'alert-1', ids: [] } };
		expect(await claim(data, scope, 'e1', 10)).toBe('accepted');
		const copy: IDataObject = { [MEMORY_KEY]: { alertId: 'alert-1', ids: ['e1'] } };
		settle(scope, 'e1', false, 10);
		expect(await claim(copy, scope, 'e1', 10)).toBe('accepted');
		settle(scope, 'e1', true, 10);
	});

	it('a repeat is answered as soon as the first copy has its outcome, not after the whole wait', async () => {
		pendingPolicy.waitMs = 1000;
		const scope = freshScope();
		const data: IDataObject = {};
		expect(await claim(data, scope, 'e1', 10)).toBe('accepted');
		const began = Date.now();
		const repeat = claim(data, scope, 'e1', 10);
		setTimeout(() => settle(scope, 'e1', true, 10), 20);
		expect(await repeat).toBe('duplicate');
		expect(Date.now() - began).toBeLessThan(500);
	});

	it('a window of 0: a repeat while the first copy is starting is accepted too, with no wait', async () => {
		const scope = freshScope();
		expect(await claim({}, scope, 'e1', 0)).toBe('accepted');
		expect(await claim({}, scope, 'e1', 0)).toBe('accepted');
	});
});

describe('the window', () => {
	it('a window not yet full forgets nothing: with a window of 3, the first of two is still a duplicate', async () => {
		const scope = freshScope();
		await started({}, scope, ['a', 'b'], 3);
		expect(await claim({}, scope, 'a', 3)).toBe('duplicate');
		expect(await claim({}, scope, 'b', 3)).toBe('duplicate');
	});

	it('the process keeps the memories of 500 alerts, forgetting the least recently used first', async () => {
		const first = freshScope();
		const used = freshScope();
		await started({}, first, ['e1']);
		await started({}, used, ['e1']);
		for (let i = 0; i < 300; i++) await started({}, freshScope(), ['x']);
		expect(await claim({}, used, 'e1', 10)).toBe('duplicate'); // used again: now the newest
		for (let i = 0; i < 300; i++) await started({}, freshScope(), ['x']);
		expect(await claim({}, used, 'e1', 10)).toBe('duplicate');
		expect(await claim({}, first, 'e1', 10)).toBe('accepted');
		settle(first, 'e1', false, 10);
	});
	it('exactly 500: the oldest memory is still held beside 499 newer ones, and goes with the next', async () => {
		const oldest = freshScope();
		await started({}, oldest, ['e1']);
		for (let i = 0; i < 499; i++) await started({}, freshScope(), ['x']);
		expect(memoryAt(oldest.key)).toBeDefined();
		await started({}, freshScope(), ['x']);
		expect(memoryAt(oldest.key)).toBeUndefined();
	});

	it("the copy n8n saves holds the window's newest ids only, however many events started", async () => {
		const scope = freshScope('al');
		await started({}, scope, ['a', 'b', 'c', 'd', 'e'], 2);
		const data: IDataObject = {};
		await persist(data, scope, 'e', 2);
		expect(data[MEMORY_KEY]).toEqual({ alertId: 'al', ids: ['d', 'e'] });
	});

	it('an id pushed out of the window stays out of the copy n8n saves when the window is made larger', async () => {
		const scope = freshScope('al');
		await started({}, scope, ['a', 'b', 'c'], 2);
		const data: IDataObject = {};
		await persist(data, scope, 'c', 3);
		expect(data[MEMORY_KEY]).toEqual({ alertId: 'al', ids: ['b', 'c'] });
	});

	it('a window made smaller forgets nothing at once: an event it knew is not run again until newer ones push it out', async () => {
		const scope = freshScope();
		const data: IDataObject = {};
		await started(data, scope, ['a', 'b', 'c'], 3);
		expect(await claim(data, scope, 'a', 1)).toBe('duplicate');
		expect(await claim(data, scope, 'b', 1)).toBe('duplicate');
		await started(data, scope, ['d'], 1);
		expect(await claim(data, scope, 'a', 1)).toBe('accepted');
		settle(scope, 'a', false, 1);
	});

	it('keeps the newest ids: with a window of 2, the third started event pushes the first out', async () => {
		const scope = freshScope();
		const data: IDataObject = {};
		await started(data, scope, ['a', 'b', 'c'], 2);
		expect(await claim(data, scope, 'c', 2)).toBe('duplicate');
		expect(await claim(data, scope, 'b', 2)).toBe('duplicate');
		expect(await claim(data, scope, 'a', 2)).toBe('accepted');
		settle(scope, 'a', false, 2);
	});

	it('ids learnt from a saved copy go in as the oldest, and are the first to go', async () => {
		const scope = freshScope();
		await started({}, scope, ['mine'], 2);
		const data: IDataObject = { [MEMORY_KEY]: { alertId: 'alert-1', ids: ['x', 'y', 'x'] } };
		// Learning x and y in front of "mine" leaves the newest 2: y and mine.
		expect(await claim(data, scope, 'mine', 2)).toBe('duplicate');
		expect(await claim({}, scope, 'y', 2)).toBe('duplicate');
		expect(await claim({}, scope, 'x', 2)).toBe('accepted');
		settle(scope, 'x', false, 2);
	});
});

describe('saving the memory (one save per 500 ms)', () => {
	it('the first accepted event after a quiet moment writes at once: started ids, pending ones and its own', async () => {
		const scope = freshScope('al');
		const data: IDataObject = {};
		await started(data, scope, ['s1']);
		expect(await claim(data, scope, 'p1', 10)).toBe('accepted');
		expect(await claim(data, scope, 'own', 10)).toBe('accepted');
		await persist(data, scope, 'own', 10);
		expect(data[MEMORY_KEY]).toEqual({ alertId: 'al', ids: ['s1', 'p1', 'own'] });
		for (const id of ['p1', 'own']) settle(scope, id, true, 10);
	});

	it('within 500 ms of a save the next request waits out the rest and then writes; others meanwhile write nothing', async () => {
		savePolicy.delayMs = 150;
		const scope = freshScope('al');
		const first: IDataObject = {};
		await started(first, scope, ['a']);
		await persist(first, scope, 'a', 10);
		const began = Date.now();

		await started({}, scope, ['b']);
		const carrier: IDataObject = {};
		const carried = persist(carrier, scope, 'b', 10);
		await started({}, scope, ['c']);
		const passenger: IDataObject = {};
		await persist(passenger, scope, 'c', 10);
		expect(passenger).toEqual({});
		expect(carrier).toEqual({});
		await carried;
		expect(Date.now() - began).toBeGreaterThanOrEqual(100);
		expect(carrier[MEMORY_KEY]).toEqual({ alertId: 'al', ids: ['a', 'b', 'c'] });
		// Once the carrier has written, the next request after the delay writes again itself.
		await new Promise((resolve) => setTimeout(resolve, 200));
		await started({}, scope, ['d']);
		const next: IDataObject = {};
		await persist(next, scope, 'd', 10);
		expect(next[MEMORY_KEY]).toEqual({ alertId: 'al', ids: ['a', 'b', 'c', 'd'] });
	});

	it('a save holds the newest ids of the window only', async () => {
		const scope = freshScope('al');
		const data: IDataObject = {};
		await started(data, scope, ['a', 'b', 'c'], 2);
		expect(await claim(data, scope, 'd', 2)).toBe('accepted');
		await persist(data, scope, 'd', 2);
		expect(data[MEMORY_KEY]).toEqual({ alertId: 'al', ids: ['c', 'd'] });
		settle(scope, 'd', true, 2);
	});

	it('exactly 500 ms after a save the next request writes at once, without waiting', async () => {
		const scope = freshScope('al');
		await started({}, scope, ['a']);
		const clock = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
		await persist({}, scope, 'a', 10);
		clock.mockReturnValue(1_000_500);
		const data: IDataObject = {};
		const write = persist(data, scope, 'a', 10);
		expect(data[MEMORY_KEY]).toEqual({ alertId: 'al', ids: ['a'] });
		await write;
	});

	// n8n saves a webhook request's static data only when it is marked changed, and clears the mark while it creates
	// the run (staticDataMark.ts says why): the copy must be marked again until n8n answered, and no longer after.
	it("while its event is pending the copy stays marked changed for n8n's save, and is left alone once settled", async () => {
		const scope = freshScope('al');
		expect(await claim({}, scope, 'p', 10)).toBe('accepted');
		const data = ObservableObject.create({}) as IDataObject & { __dataChanged: boolean };
		const pause = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));
		await persist(data, scope, 'p', 10);
		expect(data.__dataChanged).toBe(true);
		data.__dataChanged = false; // n8n creates the run
		await pause(30);
		expect(data.__dataChanged).toBe(true);
		settle(scope, 'p', true, 10);
		await pause(30);
		data.__dataChanged = false; // n8n saved and answered
		await pause(60);
		expect(data.__dataChanged).toBe(false);
		expect(data[MEMORY_KEY]).toEqual({ alertId: 'al', ids: ['p'] });
	});

	it('nothing is written for a scope this process holds no memory of', async () => {
		const data: IDataObject = {};
		await persist(data, freshScope(), 'e1', 10);
		expect(data).toEqual({});
	});

	it('a trigger deactivated while its save waits writes nothing back', async () => {
		savePolicy.delayMs = 100;
		const scope = memoryScope('wf-deactivated', 'node-1', 'al')!;
		await started({}, scope, ['a']);
		await persist({}, scope, 'a', 10);
		await started({}, scope, ['b']);
		const waiting: IDataObject = {};
		const carried = persist(waiting, scope, 'b', 10);
		forget({}, 'wf-deactivated', 'node-1');
		await carried;
		expect(waiting).toEqual({});
	});
});

describe('deactivation', () => {
	it("forgets its own node's memory and saved copy, and nothing of other triggers in the process", async () => {
		const mine = memoryScope('wf-a', 'node-1', 'al')!;
		const sameWorkflowOtherNode = memoryScope('wf-a', 'node-2', 'al')!;
		const otherWorkflow = memoryScope('wf-b', 'node-1', 'al')!;
		for (const scope of [mine, sameWorkflowOtherNode, otherWorkflow])
			await started({}, scope, ['e1']);
		const data: IDataObject = { [MEMORY_KEY]: { alertId: 'al', ids: ['e1'] }, other: 1 };
		forget(data, 'wf-a', 'node-1');
		expect(data).toEqual({ other: 1 });
		expect(await claim({}, sameWorkflowOtherNode, 'e1', 10)).toBe('duplicate');
		expect(await claim({}, otherWorkflow, 'e1', 10)).toBe('duplicate');
		expect(await claim({}, mine, 'e1', 10)).toBe('accepted');
		settle(mine, 'e1', true, 10);
	});

	it('releases repeats waiting on a pending id of the forgotten memory at once', async () => {
		const scope = memoryScope('wf-c', 'node-1', 'al')!;
		expect(await claim({}, scope, 'e1', 10)).toBe('accepted');
		const repeat = claim({}, scope, 'e1', 10);
		const began = Date.now();
		forget({}, 'wf-c', 'node-1');
		expect(await repeat).toBe('accepted');
		expect(Date.now() - began).toBeLessThan(pendingPolicy.waitMs);
		settle(scope, 'e1', true, 10);
	});
});

describe('more of the memory', () => {
	it('a saved copy holding ids this process already knows changes nothing (no id counted twice)', async () => {
		const scope = freshScope();
		await started({}, scope, ['a', 'b'], 2);
		const copy: IDataObject = { [MEMORY_KEY]: { alertId: 'alert-1', ids: ['a', 'b'] } };
		expect(await claim(copy, scope, 'a', 2)).toBe('duplicate');
		expect(await claim(copy, scope, 'b', 2)).toBe('duplicate');
	});

	it('only the last 1000 failed ids are kept from being learnt back', async () => {
		const scope = freshScope();
		for (let i = 0; i <= 1000; i++) {
			expect(await claim({}, scope, `f${i}`, 10)).toBe('accepted');
			settle(scope, `f${i}`, false, 10);
		}
		const copy: IDataObject = { [MEMORY_KEY]: { alertId: 'alert-1', ids: ['f0', 'f1'] } };
		// f0 dropped out of the 1000, so the saved copy teaches it; f1 is still held back.
		expect(await claim(copy, scope, 'f0', 10)).toBe('duplicate');
		expect(await claim(copy, scope, 'f1', 10)).toBe('accepted');
		settle(scope, 'f1', true, 10);
	});

	it('an id that fails again is the newest failure: held back after older failures are let go', async () => {
		const scope = freshScope();
		const fail = async (id: string) => {
			expect(await claim({}, scope, id, 10)).toBe('accepted');
			settle(scope, id, false, 10);
		};
		await fail('again');
		for (let i = 0; i < 999; i++) await fail(`f${i}`);
		await fail('again'); // now the newest of the 1000 held back
		await fail('one-more'); // pushes the oldest, f0, out
		const copy: IDataObject = { [MEMORY_KEY]: { alertId: 'alert-1', ids: ['again', 'f0'] } };
		expect(await claim(copy, scope, 'f0', 10)).toBe('duplicate');
		expect(await claim(copy, scope, 'again', 10)).toBe('accepted');
		settle(scope, 'again', true, 10);
	});

	it('the saved copy lives under "eventMemory"; the first save after a quiet moment is written at once, by default one per 500 ms', async () => {
		const scope = freshScope('al');
		await started({}, scope, ['a', 'b']);
		const data: IDataObject = {};
		const first = persist(data, scope, 'a', 10);
		expect(data.eventMemory).toEqual({ alertId: 'al', ids: ['a', 'b'] });
		await first;
		const next: IDataObject = {};
		const began = Date.now();
		const carried = persist(next, scope, 'b', 10);
		expect(next).toEqual({});
		await carried;
		expect(Date.now() - began).toBeGreaterThanOrEqual(400);
		expect(next.eventMemory).toEqual({ alertId: 'al', ids: ['a', 'b'] });
	});
});
