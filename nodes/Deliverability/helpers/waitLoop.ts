/**
 * One wait loop for everything that finishes later (spam test completion, batch task progress).
 * Polls through the transport (which already honours Retry-After on 429), stops the moment `isDone`
 * holds, checks one last time at the deadline, and then either fails or returns the last snapshot
 * with an outcome saying it timed out. The outcome comes beside the snapshot, never inside it: the
 * operation decides where the user sees it (`withWaitFlags`, `waitFlags`).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import type { WaitSettings } from '../params/wait';

/**
 * How a wait ended: whether its timeout passed first (On Timeout: Return Last Snapshot), after how
 * many checks.
 */
export interface WaitOutcome {
	timedOut: boolean;
	polls: number;
}

/** The last snapshot a wait read, and how the wait ended. */
interface Waited {
	answer: IDataObject;
	outcome: WaitOutcome;
}

/**
 * What the user sees of a wait's outcome: `_waitTimedOut: true` and `_polls` when the timeout
 * passed first, nothing when the wait saw the work finish or nothing was waited for.
 */
export function waitFlags(outcome?: WaitOutcome): IDataObject {
	return outcome?.timedOut ? { _waitTimedOut: true, _polls: outcome.polls } : {};
}

/** `data` followed by what the user sees of the wait's outcome (see waitFlags). */
export function withWaitFlags(data: IDataObject, outcome?: WaitOutcome): IDataObject {
	return { ...data, ...waitFlags(outcome) };
}

export async function waitUntil(
	ctx: IExecuteFunctions,
	itemIndex: number,
	settings: WaitSettings,
	fetch: () => Promise<IDataObject>,
	isDone: (snapshot: IDataObject) => boolean,
	what: string,
): Promise<Waited> {
	const deadline = Date.now() + settings.timeoutMs;
	let snapshot = await fetch();
	let polls = 1;
	while (!isDone(snapshot)) {
		const remaining = deadline - Date.now();
		if (remaining <= 0) {
			if (settings.onTimeout === 'returnLast') {
				ctx.addExecutionHints({
					message: `Stopped waiting for ${what} after ${polls} checks: the output is the last snapshot, flagged with _waitTimedOut: true.`,
					location: 'outputPane',
				});
				return { answer: snapshot, outcome: { timedOut: true, polls } };
			}
			throw new NodeOperationError(ctx.getNode(), `Timed out waiting for ${what}`, {
				itemIndex,
				description: `Still not finished after ${Math.round(settings.timeoutMs / 1000)} s and ${polls} checks. Raise "Timeout (Minutes)", or set "On Timeout" to return the last snapshot.`,
			});
		}
		// The last check falls on the deadline itself, even when the poll interval is longer than what
		// is left.
		await pause(ctx, itemIndex, Math.min(settings.pollIntervalMs, remaining));
		snapshot = await fetch();
		polls++;
	}
	return { answer: snapshot, outcome: { timedOut: false, polls } };
}

/**
 * Sleeps in steps of at most a second, so a stopped execution stops waiting at once instead of
 * after the interval.
 */
async function pause(ctx: IExecuteFunctions, itemIndex: number, ms: number): Promise<void> {
	const signal = ctx.getExecutionCancelSignal?.();
	const until = Date.now() + ms;
	for (let left = ms; left > 0; left = until - Date.now()) {
		if (signal?.aborted) {
			throw new NodeOperationError(ctx.getNode(), 'Stopped waiting: the execution was cancelled', {
				itemIndex,
			});
		}
		await sleep(Math.min(left, 1000));
	}
}
