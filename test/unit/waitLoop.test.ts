/** The one wait loop (helpers/waitLoop.ts): exact stop, a last check at the deadline, and cancellation. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { waitUntil, withWaitFlags } from '../../nodes/Deliverability/helpers/waitLoop';
import type { WaitSettings } from '../../nodes/Deliverability/params/wait';
import { NODE } from '../support/node';

function context(signal?: AbortSignal): IExecuteFunctions {
	return {
		getNode: () => NODE,
		getExecutionCancelSignal: () => signal,
		addExecutionHints: () => undefined,
	} as unknown as IExecuteFunctions;
}

const settings = (overrides: Partial<WaitSettings>): WaitSettings => ({
	waitForCompletion: true,
	pollIntervalMs: 10,
	timeoutMs: 5_000,
	onTimeout: 'error',
	...overrides,
});

/** A task that reports the given progress values, one per check. */
function snapshots(progress: number[]) {
	let calls = 0;
	return {
		fetch: async (): Promise<IDataObject> => ({
			progress: progress[Math.min(calls++, progress.length - 1)],
		}),
		calls: () => calls,
	};
}

const done = (s: IDataObject) => Number(s.progress) >= 100;

describe('waitUntil', () => {
	it('stops at the first snapshot that is done, without another check', async () => {
		const task = snapshots([0, 34, 100, 100]);
		const result = await waitUntil(context(), 0, settings({}), task.fetch, done, 'the task');
		expect(result).toEqual({ answer: { progress: 100 }, outcome: { timedOut: false, polls: 3 } });
		expect(task.calls()).toBe(3);
	});

	it('checks once more at the deadline when the poll interval is longer than the time left', async () => {
		const task = snapshots([0, 100]);
		const started = Date.now();
		const result = await waitUntil(
			context(),
			0,
			settings({ pollIntervalMs: 60_000, timeoutMs: 300 }),
			task.fetch,
			done,
			'the task',
		);
		expect(result).toEqual({ answer: { progress: 100 }, outcome: { timedOut: false, polls: 2 } });
		expect(task.calls()).toBe(2);
		expect(Date.now() - started).toBeLessThan(2_000);
	});

	it('returns the last snapshot and a timed-out outcome when asked to, after the check at the deadline', async () => {
		const task = snapshots([0, 34]);
		const result = await waitUntil(
			context(),
			0,
			settings({ pollIntervalMs: 60_000, timeoutMs: 200, onTimeout: 'returnLast' }),
			task.fetch,
			done,
			'the task',
		);
		expect(result).toEqual({ answer: { progress: 34 }, outcome: { timedOut: true, polls: 2 } });
		// What the user sees: the snapshot followed by the flags, as before the outcome came beside it.
		expect(withWaitFlags(result.answer, result.outcome)).toEqual({
			progress: 34,
			_waitTimedOut: true,
			_polls: 2,
		});
	});

	it('stops waiting within a second when the execution is cancelled, even with a long poll interval', async () => {
		const controller = new AbortController();
		const task = snapshots([0]);
		const started = Date.now();
		setTimeout(() => controller.abort(), 200);
		await expect(
			waitUntil(
				context(controller.signal),
				0,
				settings({ pollIntervalMs: 60_000, timeoutMs: 600_000 }),
				task.fetch,
				done,
				'the task',
			),
		).rejects.toThrow(/cancelled/);
		expect(Date.now() - started).toBeLessThan(2_000);
		expect(task.calls()).toBe(1);
	});
});
