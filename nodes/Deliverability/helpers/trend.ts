/**
 * The verdict of a trend in words, one rule for every reading that compares now with before (a spam
 * test's latest result with the ones before it, a mailbox's last days of warming with the days
 * before, one spam test with an earlier one): `dropped` when a measure got worse by at least Drop
 * At points, else `improved` when one got better by at least Improve At points, else `stable`.
 * Operations with too little to compare say `not enough data` themselves. The thresholds are
 * options of each trend operation (docs/operations.md → Trends).
 */
import type { INodeProperties } from 'n8n-workflow';

import type { Validator } from '../../shared/validation';

/** One measure in percent, now and before (an average or one earlier reading). */
export interface Measure {
	/** As a sentence starts with it: "Inbox", "Gmail inbox", "Spam". */
	label: string;
	now: number;
	before: number;
	/** Whether a lower value is the better one (spam); inbox shares are better higher. */
	lowerIsBetter?: boolean;
}

export interface TrendThresholds {
	dropAt: number;
	improveAt: number;
}

export type TrendVerdict = 'dropped' | 'improved' | 'stable';

export const NOT_ENOUGH_DATA = 'not enough data';

const DEFAULTS: TrendThresholds = { dropAt: 10, improveAt: 10 };

/** Drop At and Improve At, options of each trend operation (checked by `trendThresholds`). */
export const trendThresholdOptions: INodeProperties[] = [
	{
		displayName: 'Drop At (Points)',
		name: 'dropAtPoints',
		type: 'number',
		default: 10,
		description:
			'How many percentage points worse than before a measure must be for the verdict dropped (1 to 100)',
	},
	{
		displayName: 'Improve At (Points)',
		name: 'improveAtPoints',
		type: 'number',
		default: 10,
		description:
			'How many percentage points better than before a measure must be for the verdict improved (1 to 100)',
	},
];

/** The thresholds from an Options collection, checked before any request. */
export function trendThresholds(
	v: Validator,
	options: { dropAtPoints?: unknown; improveAtPoints?: unknown },
): TrendThresholds {
	return v.all({
		dropAt: () =>
			options.dropAtPoints === undefined
				? DEFAULTS.dropAt
				: v.integer('dropAtPoints', options.dropAtPoints, 1, 100),
		improveAt: () =>
			options.improveAtPoints === undefined
				? DEFAULTS.improveAt
				: v.integer('improveAtPoints', options.improveAtPoints, 1, 100),
	});
}

/** How a measure moved, in points: positive is better. */
const gain = (m: Measure): number => (m.lowerIsBetter ? m.before - m.now : m.now - m.before);

function sentence(m: Measure, before: string): string {
	const change = m.now - m.before;
	if (change === 0) return `${m.label} ${m.now} %, the same as ${before} (${m.before} %)`;
	const points = `${Math.abs(change)} point${Math.abs(change) === 1 ? '' : 's'}`;
	return `${m.label} ${m.now} %, ${points} ${change < 0 ? 'below' : 'above'} ${before} of ${m.before} %`;
}

/**
 * The verdict and its reason: the measures that moved past a threshold, the largest move first
 * ("Gmail inbox 58 %, 21 points below its 4-week average of 79 %"). `before` names what now is
 * compared with ("its 4-week average", "the earlier test").
 */
export function trendVerdict(
	measures: Measure[],
	{ dropAt, improveAt }: TrendThresholds,
	before: string,
): { verdict: TrendVerdict; reason: string } {
	const byMove = (a: Measure, b: Measure) => Math.abs(gain(b)) - Math.abs(gain(a));
	const dropped = measures.filter((m) => gain(m) <= -dropAt).sort(byMove);
	if (dropped.length)
		return { verdict: 'dropped', reason: dropped.map((m) => sentence(m, before)).join('; ') };
	const improved = measures.filter((m) => gain(m) >= improveAt).sort(byMove);
	if (improved.length)
		return { verdict: 'improved', reason: improved.map((m) => sentence(m, before)).join('; ') };
	const [first] = measures;
	const limits = `drop at ${dropAt}, improve at ${improveAt} points`;
	return {
		verdict: 'stable',
		reason: first
			? `${sentence(first, before)}; no measure moved past the thresholds (${limits})`
			: 'Nothing to compare',
	};
}

/** A window in words: 28 days → "4-week", 10 → "10-day". */
export function windowWords(days: number): string {
	return days % 7 === 0 ? `${days / 7}-week` : `${days}-day`;
}

/** The mean of whole percents, rounded (undefined for none). */
export function meanPercent(values: number[]): number | undefined {
	return values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : undefined;
}
