/**
 * The one rule behind every trend verdict (helpers/trend.ts): a move past Drop At or Improve At counts only when the
 * seed or message counts make it unlikely to be chance, by a one-sided Fisher's exact test checked here against
 * published values; what the counts cannot carry is "not enough data", never an alarm; the words give the counts
 * and the certainty.
 */
import { Validator } from '../../nodes/shared/validation';
import { failure, NODE } from '../support/node';
import {
	assess,
	fisherOneSided,
	NOT_ENOUGH_DATA,
	percentOf,
	pooled,
	trendThresholdOptions,
	trendThresholds,
	trendVerdict,
	windowWords,
	type Measure,
	type TrendThresholds,
} from '../../nodes/Deliverability/helpers/trend';

const rule: TrendThresholds = { dropAt: 10, improveAt: 10, confidence: 95 };
const seeds = (label: string, now: [number, number], before: [number, number]): Measure => ({
	label,
	unit: 'seeds',
	now: { part: now[0], of: now[1] },
	before: { part: before[0], of: before[1] },
});

describe("Fisher's exact test, one-sided, against published values", () => {
	it("Fisher's tea-tasting table (3 of 4 right against 1 of 4): p = 17/70 = 0.2429", () => {
		expect(fisherOneSided(3, 4, 1, 4, false)).toBeCloseTo(17 / 70, 10);
		// The same table seen from the other side.
		expect(fisherOneSided(1, 4, 3, 4, true)).toBeCloseTo(17 / 70, 10);
	});

	it('the dieting table of 12 men and 12 women (1 of 12 against 9 of 12): p = 0.001380 (two-sided 0.002759)', () => {
		const p = fisherOneSided(1, 12, 9, 12, true);
		expect(p).toBeCloseTo(0.00138, 6);
		expect(2 * p).toBeCloseTo(0.002759, 5);
		// The other tail holds nearly everything.
		expect(fisherOneSided(1, 12, 9, 12, false)).toBeCloseTo(1 - p + 3640 / 2704156, 10);
	});

	it('sums exactly the tables at least as extreme: 4 of 5 against 20 of 20 is 1 − 20/25 = 0.2', () => {
		expect(fisherOneSided(4, 5, 20, 20, true)).toBeCloseTo(0.2, 12);
		expect(fisherOneSided(5, 5, 20, 20, true)).toBeCloseTo(1, 12);
		expect(fisherOneSided(0, 5, 0, 20, true)).toBeCloseTo(1, 12);
	});

	it('stays exact and finite for thousands of messages', () => {
		const p = fisherOneSided(1800, 3000, 2700, 3000, true);
		expect(p).toBeGreaterThanOrEqual(0);
		expect(p).toBeLessThan(1e-100);
		expect(fisherOneSided(1500, 3000, 1500, 3000, true)).toBeGreaterThan(0.5);
	});
});

describe('a verdict only where the counts can carry it', () => {
	it('one seed of five landing in spam is 20 points but no alarm: not enough data, with the counts', () => {
		const v = trendVerdict([seeds('Yahoo inbox', [4, 5], [20, 20])], rule, 'in the 4 weeks before');
		expect(v.verdict).toBe('not enough data');
		expect(NOT_ENOUGH_DATA).toBe('not enough data');
		expect(v.confidence).toBe(80);
		expect(v.reason).toBe(
			'Yahoo inbox 4 of 5 seeds (80 %), against 20 of 20 (100 %) in the 4 weeks before: 20 points lower, too few seeds to tell a drop from chance (80 % confidence, 95 % needed)',
		);
	});

	it('a real drop over many seeds is dropped, with its counts and how sure', () => {
		const v = trendVerdict(
			[seeds('Inbox', [20, 30], [80, 90]), seeds('Gmail inbox', [2, 10], [31, 36])],
			rule,
			'in the 4 weeks before',
		);
		expect(v.verdict).toBe('dropped');
		expect(v.reason).toMatch(
			/^Gmail inbox 2 of 10 seeds \(20 %\), against 31 of 36 \(86 %\) in the 4 weeks before: 66 points lower, almost certainly not chance \(at least 99\.9 % confidence\); Inbox 20 of 30 seeds \(67 %\), against 80 of 90 \(89 %\) in the 4 weeks before: 22 points lower, (very )?unlikely to be chance \(9\d\.\d % confidence\)$/,
		);
		expect(v.confidence).toBeGreaterThanOrEqual(99.9);
		expect(v.assessed.map((a) => a.kind)).toEqual(['drop', 'drop']);
	});

	it('a large sample with a small move is stable below Drop At, however sure the move is', () => {
		const m = seeds('Inbox', [900, 1000], [950, 1000]);
		expect(assess(m, rule).confidence).toBeGreaterThanOrEqual(99.9);
		const v = trendVerdict([m], rule, 'in the 4 weeks before');
		expect(v.verdict).toBe('stable');
		expect(v).not.toHaveProperty('confidence');
		expect(v.reason).toBe(
			'Inbox 900 of 1000 seeds (90 %), against 950 of 1000 (95 %) in the 4 weeks before: 5 points lower; no measure moved past the thresholds (drop at 10, improve at 10 points)',
		);
	});

	it('a drop the counts carry outranks a rise, and the rise and the unsure moves stand beside it', () => {
		const v = trendVerdict(
			[
				seeds('Outlook inbox', [19, 20], [10, 20]),
				seeds('Yahoo inbox', [3, 4], [4, 4]),
				seeds('Gmail inbox', [4, 20], [18, 20]),
			],
			rule,
			'in the earlier test',
		);
		expect(v.verdict).toBe('dropped');
		expect(v.reason.split('; ').map((s) => s.split(' ')[0])).toEqual(['Gmail', 'Outlook', 'Yahoo']);
		expect(v.reason).toContain(
			'Outlook inbox 19 of 20 seeds (95 %), against 10 of 20 (50 %) in the earlier test: 45 points higher, very unlikely to be chance',
		);
		expect(v.reason).toContain('too few seeds to tell a drop from chance (50 % confidence');
	});

	it('an improvement with only an unsure drop beside it is improved, and names the unsure drop', () => {
		const v = trendVerdict(
			[seeds('Gmail inbox', [20, 20], [10, 20]), seeds('Yahoo inbox', [3, 4], [4, 4])],
			rule,
			'in the earlier test',
		);
		expect(v.verdict).toBe('improved');
		expect(v.reason).toMatch(
			/^Gmail inbox .*50 points higher, almost certainly not chance.*; Yahoo inbox 3 of 4 seeds \(75 %\), against 4 of 4 \(100 %\) in the earlier test: 25 points lower, too few seeds to tell a drop from chance/,
		);
		expect(v.confidence).toBeGreaterThanOrEqual(99.9);
	});

	it('a rise the counts cannot carry is not enough data, said as a rise', () => {
		const v = trendVerdict([seeds('Yahoo inbox', [4, 4], [2, 4])], rule, 'in the earlier test');
		expect(v.verdict).toBe(NOT_ENOUGH_DATA);
		expect(v.reason).toContain('50 points higher, too few seeds to tell a rise from chance');
	});

	it('spam is better lower: a spam share that rose is a drop, carried by many messages', () => {
		const spam: Measure = {
			label: 'Warming spam',
			unit: 'messages',
			now: { part: 18, of: 30 },
			before: { part: 3, of: 30 },
			lowerIsBetter: true,
		};
		const a = assess(spam, rule);
		expect(a).toMatchObject({ gain: -50, kind: 'drop', carried: true });
		expect(trendVerdict([spam], rule, 'in the 3 days before').reason).toMatch(
			/^Warming spam 18 of 30 messages \(60 %\), against 3 of 30 \(10 %\) in the 3 days before: 50 points higher, almost certainly not chance/,
		);
		const fewer = assess({ ...spam, now: { part: 1, of: 30 } }, rule);
		expect(fewer).toMatchObject({ gain: 7, kind: 'none' });
	});

	it('warming with few messages: 2 of 3 in spam after 0 of 3 is not enough data', () => {
		const v = trendVerdict(
			[
				{
					label: 'Warming spam',
					unit: 'messages',
					now: { part: 2, of: 3 },
					before: { part: 0, of: 3 },
					lowerIsBetter: true,
				},
			],
			rule,
			'in the day before',
		);
		expect(v.verdict).toBe(NOT_ENOUGH_DATA);
		expect(v.reason).toContain(
			'too few messages to tell a drop from chance (80 % confidence, 95 % needed)',
		);
	});

	it('Confidence and the thresholds are the rule: exactly at Drop At and at the confidence asked counts', () => {
		// 15 of 20 against 20 of 20: 25 points, p = C(20,15)·C(20,5)... = 0.0237 → 97.6 %.
		const m = seeds('Inbox', [15, 20], [20, 20]);
		expect(assess(m, rule).confidence).toBe(97.6);
		expect(trendVerdict([m], rule, 'before').verdict).toBe('dropped');
		expect(trendVerdict([m], { ...rule, confidence: 97.6 }, 'before').verdict).toBe('dropped');
		expect(trendVerdict([m], { ...rule, confidence: 99 }, 'before').verdict).toBe(NOT_ENOUGH_DATA);
		expect(trendVerdict([m], { ...rule, dropAt: 25 }, 'before').verdict).toBe('dropped');
		expect(trendVerdict([m], { ...rule, dropAt: 26 }, 'before').verdict).toBe('stable');
		const up = seeds('Inbox', [20, 20], [15, 20]);
		expect(trendVerdict([up], { ...rule, improveAt: 25 }, 'before').verdict).toBe('improved');
		expect(trendVerdict([up], { ...rule, improveAt: 26 }, 'before').verdict).toBe('stable');
	});

	it('says an unchanged share as the same, one point in the singular, and nothing to compare as such', () => {
		expect(trendVerdict([seeds('Inbox', [9, 10], [18, 20])], rule, 'before').reason).toBe(
			'Inbox 9 of 10 seeds (90 %), against 18 of 20 (90 %) before: the same; no measure moved past the thresholds (drop at 10, improve at 10 points)',
		);
		expect(trendVerdict([seeds('Inbox', [89, 100], [90, 100])], rule, 'before').reason).toContain(
			': 1 point lower;',
		);
		expect(trendVerdict([], rule, 'before')).toMatchObject({
			verdict: 'stable',
			reason: 'Nothing to compare',
		});
	});

	it('gives an unchanged measure the certainty of a drop: 9 of 10 against 18 of 20 is 28 % sure to be lower', () => {
		const same = assess(seeds('Inbox', [9, 10], [18, 20]), rule);
		// P(9 or fewer of 10) = 1 − (20 × 19 × 18)/(30 × 29 × 28) = 0.719.
		expect(same).toMatchObject({ gain: 0, kind: 'none', confidence: 28 });
	});

	it('words the certainty by how sure: unlikely, very unlikely, almost certainly not chance', () => {
		// 0 of 4 against 12 of 15: exactly 99.0 % is "very unlikely".
		expect(trendVerdict([seeds('Inbox', [0, 4], [12, 15])], rule, 'before').reason).toMatch(
			/very unlikely to be chance \(99 % confidence\)$/,
		);
		const sentence = (now: [number, number], before: [number, number]) =>
			trendVerdict([seeds('Inbox', now, before)], rule, 'before').reason;
		expect(sentence([15, 20], [20, 20])).toMatch(/unlikely to be chance \(97\.6 % confidence\)$/);
		expect(sentence([15, 20], [20, 20])).not.toMatch(/very/);
		expect(sentence([12, 20], [20, 20])).toMatch(
			/: 40 points lower, very unlikely to be chance \(99\.\d % confidence\)$/,
		);
		expect(sentence([2, 20], [20, 20])).toMatch(
			/almost certainly not chance \(at least 99\.9 % confidence\)$/,
		);
	});
});

describe('counts, pooled', () => {
	it('pools counts, so a test of 40 seeds weighs ten times one of 4', () => {
		expect(
			pooled([
				{ part: 4, of: 4 },
				{ part: 20, of: 40 },
			]),
		).toEqual({ part: 24, of: 44 });
		expect(percentOf({ part: 24, of: 44 })).toBe(55);
		expect(pooled([])).toBeUndefined();
		expect(pooled([{ part: 0, of: 0 }])).toBeUndefined();
	});

	it('names the window in words', () => {
		expect([1, 7, 28, 10, 14].map(windowWords)).toEqual([
			'day',
			'week',
			'4 weeks',
			'10 days',
			'2 weeks',
		]);
	});
});

describe('the options', () => {
	const read = (options: Record<string, unknown>) =>
		trendThresholds(new Validator(NODE, 0), options);
	const refusal = (options: Record<string, unknown>): string => {
		const e = failure(() => read(options));
		return `${e.message} ${e.description ?? ''}`;
	};

	it('default to 10 points each way at 95 % confidence, and take what is set', () => {
		expect(read({})).toEqual({ dropAt: 10, improveAt: 10, confidence: 95 });
		expect(read({ dropAtPoints: 1, improveAtPoints: 100, confidence: 99.9 })).toEqual({
			dropAt: 1,
			improveAt: 100,
			confidence: 99.9,
		});
		expect(read({ confidence: '90' }).confidence).toBe(90);
	});

	it('refuse points outside 1 to 100 and a confidence not offered, naming each field', () => {
		// By the parameter's name here; a node's run names its label (test/nodes/spamTest/getTrend.test.ts).
		expect(refusal({ dropAtPoints: 0 })).toMatch(/dropAtPoints.*below the minimum 1/s);
		expect(refusal({ improveAtPoints: 101 })).toMatch(/improveAtPoints.*above the maximum 100/s);
		expect(refusal({ confidence: 97 })).toMatch(/confidence.*97 is not one of 90, 95, 99, 99\.9/s);
		const all = refusal({ dropAtPoints: 0, improveAtPoints: 0, confidence: 1 });
		for (const name of ['dropAtPoints', 'improveAtPoints', 'confidence'])
			expect(all).toContain(name);
	});

	it('offer Confidence as four levels, 95 % first chosen, beside the two thresholds', () => {
		const [confidence, dropAt, improveAt] = trendThresholdOptions;
		expect(confidence).toMatchObject({ name: 'confidence', type: 'options', default: 95 });
		expect((confidence.options as Array<{ value: number }>).map((o) => o.value)).toEqual([
			90, 95, 99, 99.9,
		]);
		expect(confidence.description).toContain('never dropped');
		// What the editor shows: the labels, number fields, and the range each description gives.
		expect(confidence.displayName).toBe('Confidence');
		expect([dropAt, improveAt].map((p) => [p.displayName, p.name, p.type, p.default])).toEqual([
			['Drop At (Points)', 'dropAtPoints', 'number', 10],
			['Improve At (Points)', 'improveAtPoints', 'number', 10],
		]);
		expect(dropAt.description).toMatch(/worse than before .* dropped \(1 to 100\)$/);
		expect(improveAt.description).toMatch(/better than before .* improved \(1 to 100\)$/);
	});
});
