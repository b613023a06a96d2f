/**
 * A spam test's verdict against the user's inbox thresholds (Spam Test → Get and Get Many with
 * Simplify on): the two thresholds as options and their check, and the verdict (pending, pass, warn
 * or fail) with its reason in words, from the inbox share of the seed copies or, without seed
 * results, from the final score.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { Validator } from '../../../../shared/validation';
import type { Placement } from './placement';

export interface InboxThresholds {
	/** Inbox share (percent of all seeds) at or above which the test passes. */
	passAt: number;
	/** Inbox share at or above which it warns (below: fail). */
	warnAt: number;
}

export const INBOX_THRESHOLDS: InboxThresholds = { passAt: 80, warnAt: 60 };

/**
 * The two thresholds, options of Get and Get Many (the range is checked in execute, see
 * `inboxThresholds`).
 */
export const thresholdOptions: INodeProperties[] = [
	{
		displayName: 'Pass At Inbox (%)',
		name: 'passAtInbox',
		type: 'number',
		default: 80,
		description:
			'Simplify: the share of seed copies in the inbox (0 to 100) at or above which the verdict is pass',
	},
	{
		displayName: 'Warn At Inbox (%)',
		name: 'warnAtInbox',
		type: 'number',
		default: 60,
		description:
			'Simplify: the inbox share (0 to 100) at or above which a test below Pass At Inbox gets warn; below it, fail',
	},
];

/**
 * The thresholds from an Options collection, checked (0 to 100, warn not above pass) before any
 * request.
 */
export function inboxThresholds(v: Validator, options: IDataObject): InboxThresholds {
	const thresholds = v.all({
		passAt: () =>
			options.passAtInbox === undefined
				? INBOX_THRESHOLDS.passAt
				: v.integer('passAtInbox', options.passAtInbox, 0, 100),
		warnAt: () =>
			options.warnAtInbox === undefined
				? INBOX_THRESHOLDS.warnAt
				: v.integer('warnAtInbox', options.warnAtInbox, 0, 100),
	});
	if (thresholds.warnAt > thresholds.passAt)
		v.invalid('warnAtInbox', `${thresholds.warnAt} is above Pass At Inbox (${thresholds.passAt})`);
	return { ...INBOX_THRESHOLDS, ...thresholds };
}

/**
 * The verdict with its reason; `problem`, for a warn or a fail, is the placement problem in words.
 * Nothing while the service has not said whether the test is complete, or gave nothing to judge.
 */
export function verdictOf(
	completed: boolean | undefined,
	all: Placement | undefined,
	finalScore: number | undefined,
	{ passAt, warnAt }: InboxThresholds,
): { verdict: string; reason: string; problem?: string } | undefined {
	if (completed === false) {
		const reason = all
			? `waiting for seed copies: ${all.seeds - all.not_received} of ${all.seeds} arrived`
			: 'waiting for seed copies';
		return { verdict: 'pending', reason };
	}
	if (completed !== true) return undefined;
	if (all && all.inbox_percent !== null) {
		const share = all.inbox_percent;
		const what = `${share} % of seed copies reached the inbox`;
		if (share >= passAt)
			return { verdict: 'pass', reason: `${what} (pass at ${passAt} % or more)` };
		if (share >= warnAt)
			return {
				verdict: 'warn',
				reason: `${what} (pass at ${passAt} %, warn from ${warnAt} %)`,
				problem: `only ${what}`,
			};
		return { verdict: 'fail', reason: `${what} (fail below ${warnAt} %)`, problem: `only ${what}` };
	}
	// No seed results in the answer: the final score is about 10 × the inbox share
	// (docs/operations.md → Simplified outputs).
	if (finalScore === undefined) return undefined;
	const what = `final score ${finalScore} of 10 (no seed results in the answer)`;
	if (finalScore * 10 >= passAt)
		return { verdict: 'pass', reason: `${what}: pass at ${passAt / 10} or more` };
	if (finalScore * 10 >= warnAt)
		return { verdict: 'warn', reason: `${what}: warn from ${warnAt / 10}`, problem: what };
	return { verdict: 'fail', reason: `${what}: fail below ${warnAt / 10}`, problem: what };
}
