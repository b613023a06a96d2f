/**
 * The verdict of a trend in words, one rule for every reading that compares now with before (a spam
 * test's latest result with the ones before it, a mailbox's last days of warming with the days
 * before, one spam test with an earlier one). Every measure is a count (seed copies in the inbox of
 * all copies, warming messages in spam of all sent), and a verdict needs both:
 *
 * - a move of at least Drop At (or Improve At) percentage points, and
 * - a difference the counts make unlikely to be chance: a one-sided Fisher's exact test on the 2×2
 *   table (good vs not, now vs before) at the Confidence option.
 *
 * `dropped` when a measure passes both for the worse, else `improved` when one passes both for the
 * better, else `not enough data` when a measure moved past a threshold that its counts cannot carry
 * (one seed of five is 20 points), else `stable`. Operations with nothing to compare say
 * `not enough data` themselves (docs/operations.md → Trends).
 */
import type { INodeProperties } from 'n8n-workflow';

import type { Validator } from '../../shared/validation';
import { choiceField, valuesOf } from '../params/choices';

/** How many of a whole: seed copies in the inbox of all copies, messages in spam of all sent. */
export interface Count {
	part: number;
	of: number;
}

/** One measure, now and before, as counts (both wholes above zero). */
export interface Measure {
	/** As a sentence starts with it: "Inbox", "Gmail inbox", "Warming spam". */
	label: string;
	/** What is counted, in the plural: "seeds", "messages". */
	unit: string;
	now: Count;
	before: Count;
	/** Whether a lower share is the better one (spam); inbox shares are better higher. */
	lowerIsBetter?: boolean;
}

export interface TrendThresholds {
	dropAt: number;
	improveAt: number;
	/** In percent: how sure a move must be not to be chance (95: a one-sided p of at most 0.05). */
	confidence: number;
}

export const NOT_ENOUGH_DATA = 'not enough data';

export type TrendVerdict = 'dropped' | 'improved' | 'stable' | typeof NOT_ENOUGH_DATA;

const DEFAULTS: TrendThresholds = { dropAt: 10, improveAt: 10, confidence: 95 };

/** The confidence levels offered: how sure a move must be not to be chance. */
const CONFIDENCE = [
	{ name: '90 %', value: 90, description: 'Alerts sooner, about one false alarm a measure in ten' },
	{ name: '95 %', value: 95, description: 'The usual choice: about one in twenty' },
	{ name: '99 %', value: 99, description: 'About one in a hundred' },
	{ name: '99.9 %', value: 99.9, description: 'Only the clearest moves: about one in a thousand' },
] as const;

/** Drop At, Improve At and Confidence, options of each trend operation (see `trendThresholds`). */
export const trendThresholdOptions: INodeProperties[] = [
	choiceField(
		'Confidence',
		'confidence',
		CONFIDENCE,
		95,
		'How sure a move must be not to be chance for the verdict dropped or improved, by an exact test on the seed or message counts. A move past Drop At that the counts cannot carry gives not enough data, never dropped.',
	),
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
	options: { dropAtPoints?: unknown; improveAtPoints?: unknown; confidence?: unknown },
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
		confidence: () =>
			options.confidence === undefined
				? DEFAULTS.confidence
				: v.oneOf('confidence', options.confidence, valuesOf(CONFIDENCE)),
	});
}

/** A whole percent of a count (the whole is above zero). */
export const percentOf = (c: Count): number => Math.round((c.part / c.of) * 100);

/** ln(n!) for n = 0, 1, 2, …, grown as needed: the hypergeometric terms are ratios of them. */
const logFactorials = [0];
function logFactorial(n: number): number {
	for (let k = logFactorials.length; k <= n; k++)
		logFactorials[k] = logFactorials[k - 1] + Math.log(k);
	return logFactorials[n];
}

/**
 * Fisher's exact test, one-sided: the chance of a table at least this far in the direction of
 * `a`, when now and before share one rate. The table is `a` good of `n` now, `c` good of `m`
 * before; with the margins fixed, the good ones of now follow a hypergeometric law, and the p-value
 * sums its terms from `a` towards 0 (`lower`) or towards `n` (`!lower`). One-sided because the
 * verdict is: a drop is only called on a move for the worse, a rise on one for the better. Exact,
 * so right for 5 seeds as for 5,000 messages, where a normal approximation is not.
 */
export function fisherOneSided(a: number, n: number, c: number, m: number, lower: boolean): number {
	const good = a + c;
	const total = n + m;
	const constant =
		logFactorial(good) +
		logFactorial(total - good) +
		logFactorial(n) +
		logFactorial(m) -
		logFactorial(total);
	const term = (x: number) =>
		Math.exp(
			constant -
				logFactorial(x) -
				logFactorial(good - x) -
				logFactorial(n - x) -
				logFactorial(m - good + x),
		);
	const from = lower ? Math.max(0, good - m) : a;
	const to = lower ? a : Math.min(n, good);
	let p = 0;
	for (let x = from; x <= to; x++) p += term(x);
	return Math.min(1, p);
}

/** How one measure moved, and how sure the counts make that move. */
export interface Assessed {
	measure: Measure;
	/** Points, positive is better. */
	gain: number;
	/** 100 × (1 − p) for the direction it moved, rounded down to one decimal, at most 99.9. */
	confidence: number;
	/** Past a threshold for the worse (`drop`) or the better (`rise`), and carried by the counts. */
	kind: 'drop' | 'rise' | 'none';
	carried: boolean;
}

/** The move of one measure and its certainty. */
export function assess(m: Measure, t: TrendThresholds): Assessed {
	const now = percentOf(m.now);
	const before = percentOf(m.before);
	const gain = m.lowerIsBetter ? before - now : now - before;
	// Good is in the inbox, or not in spam: a drop has fewer good ones now than before would give.
	const good = (c: Count) => (m.lowerIsBetter ? c.of - c.part : c.part);
	const p = fisherOneSided(good(m.now), m.now.of, good(m.before), m.before.of, gain <= 0);
	// Rounded down, and never 100: no count makes a move certain, and 1 − p is 1 in floating point
	// once p is tiny. The 1e-9 keeps 1 − 0.05 from flooring to 94.9.
	const confidence = Math.min(99.9, Math.floor((1 - p) * 1000 + 1e-9) / 10);
	const kind = gain <= -t.dropAt ? 'drop' : gain >= t.improveAt ? 'rise' : 'none';
	return { measure: m, gain, confidence, kind, carried: confidence >= t.confidence };
}

/** How sure, in words a non-expert reads right. */
function certainty(a: Assessed, t: TrendThresholds): string {
	if (!a.carried)
		return `too few ${a.measure.unit} to tell a ${a.kind} from chance (${a.confidence} % confidence, ${t.confidence} % needed)`;
	const sure = `${a.confidence >= 99.9 ? 'at least 99.9' : a.confidence} % confidence`;
	if (a.confidence >= 99.9) return `almost certainly not chance (${sure})`;
	if (a.confidence >= 99) return `very unlikely to be chance (${sure})`;
	return `unlikely to be chance (${sure})`;
}

/**
 * One measure in a sentence, counts first: "Gmail inbox 2 of 10 seeds (20 %), against 31 of 36
 * (86 %) in the 4 weeks before: 66 points lower, very unlikely to be chance (99.9 % confidence)".
 */
export function measureSentence(a: Assessed, t: TrendThresholds, before: string): string {
	const { measure: m } = a;
	const [now, was] = [percentOf(m.now), percentOf(m.before)];
	const move = now - was;
	const counts = `${m.label} ${m.now.part} of ${m.now.of} ${m.unit} (${now} %), against ${m.before.part} of ${m.before.of} (${was} %) ${before}`;
	if (move === 0) return `${counts}: the same`;
	// Stryker disable next-line EqualityOperator: move is not 0 here (the same is returned above)
	const way = move < 0 ? 'lower' : 'higher';
	const points = `${Math.abs(move)} point${Math.abs(move) === 1 ? '' : 's'} ${way}`;
	return a.kind === 'none' ? `${counts}: ${points}` : `${counts}: ${points}, ${certainty(a, t)}`;
}

export interface Verdict {
	verdict: TrendVerdict;
	reason: string;
	/** The certainty of the measure the verdict rests on; none for stable. */
	confidence?: number;
	/** Every measure as assessed, in the order given. */
	assessed: Assessed[];
}

/**
 * The verdict and its reason: the drops the counts carry, then the rises they carry, then the moves
 * past a threshold they cannot carry, each group largest move first, so a reason says everything
 * that moved and how sure each move is. `before` names what now is compared with ("in the 4 weeks
 * before", "in the earlier test").
 */
export function trendVerdict(measures: Measure[], t: TrendThresholds, before: string): Verdict {
	const assessed = measures.map((m) => assess(m, t));
	const byMove = (a: Assessed, b: Assessed) => Math.abs(b.gain) - Math.abs(a.gain);
	const group = (kind: Assessed['kind'], carried: boolean) =>
		assessed.filter((a) => a.kind === kind && a.carried === carried).sort(byMove);
	const drops = group('drop', true);
	const rises = group('rise', true);
	const unsure = [...group('drop', false), ...group('rise', false)];
	const named = [...drops, ...rises, ...unsure];
	const reason = named.map((a) => measureSentence(a, t, before)).join('; ');
	const surest = (list: Assessed[]) => Math.max(...list.map((a) => a.confidence));
	if (drops.length) return { verdict: 'dropped', reason, confidence: surest(drops), assessed };
	if (rises.length) return { verdict: 'improved', reason, confidence: surest(rises), assessed };
	if (unsure.length)
		return { verdict: NOT_ENOUGH_DATA, reason, confidence: surest(unsure), assessed };
	const [first] = assessed;
	const limits = `drop at ${t.dropAt}, improve at ${t.improveAt} points`;
	return {
		verdict: 'stable',
		reason: first
			? `${measureSentence(first, t, before)}; no measure moved past the thresholds (${limits})`
			: 'Nothing to compare',
		assessed,
	};
}

/** A window in words: 28 days → "4 weeks", 10 → "10 days", 7 → "week", 1 → "day". */
export function windowWords(days: number): string {
	if (days === 1) return 'day';
	if (days === 7) return 'week';
	return days % 7 === 0 ? `${days / 7} weeks` : `${days} days`;
}

/** The sum of counts: "before" pooled from several tests (not a mean of their percentages). */
export function pooled(counts: Count[]): Count | undefined {
	const sum = counts.reduce((s, c) => ({ part: s.part + c.part, of: s.of + c.of }), {
		part: 0,
		of: 0,
	});
	return sum.of > 0 ? sum : undefined;
}
