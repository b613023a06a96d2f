/**
 * The trend of a group of spam tests (an automated test's, a sender's or a sender domain's): its
 * newest completed test against the earlier ones pooled (their seed copies added up, so a test of
 * 40 seeds weighs ten times one of 4), overall and per provider, with the verdict in words and how
 * sure it is (docs/operations.md → Trends).
 */
import type { IDataObject } from 'n8n-workflow';

import {
	NOT_ENOUGH_DATA,
	percentOf,
	pooled,
	trendVerdict,
	windowWords,
	type Measure,
	type TrendThresholds,
} from '../../../helpers/trend';
import { placementDropFix } from './fixes';
import { PROVIDERS, type Provider } from './placement';
import { hasResults, PROVIDER_LABELS, shown, type Reading } from './reading';

/** The field of a trend that names whose it is, and of a reading the key it is grouped by. */
export const KEY_FIELD = {
	automatedTest: 'automated_test_id',
	sender: 'sender',
	domain: 'domain',
} as const;

export interface TrendSettings {
	trendOf: keyof typeof KEY_FIELD;
	windowDays: number;
	minEarlier: number;
	thresholds: TrendThresholds;
}

/** The mean of the earlier final scores, to one decimal (a score is not a count to pool). */
function scoresOf(latest: Reading, earlier: Reading[]): IDataObject {
	const scores = earlier.flatMap((r) => (r.final_score === undefined ? [] : [r.final_score]));
	if (latest.final_score === undefined) return {};
	if (!scores.length) return { final_score: latest.final_score };
	const mean = Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
	return {
		final_score: latest.final_score,
		final_score_before: mean,
		final_score_change: Math.round((latest.final_score - mean) * 10) / 10,
	};
}

/**
 * The latest test's problems with their fixes, each with how many earlier tests of the window had
 * it too (`in_earlier_tests`), so a long-standing problem does not read as the cause of a new drop.
 */
function fixesOf(latest: Reading, earlier: Reading[]): IDataObject[] {
	return latest.fixes.map((f) => ({
		...f,
		in_earlier_tests: earlier.filter((r) => r.fixes.some((e) => e.key === f.key)).length,
	}));
}

/** One group's trend: its newest completed test against the earlier ones of the window, pooled. */
export function trendOfGroup(
	key: string | number,
	readings: Reading[],
	s: TrendSettings,
): IDataObject {
	// Whose it is, then the verdict (first in the editor's table), then the rest.
	const head: IDataObject = { [KEY_FIELD[s.trendOf]]: key };
	const newestFirst = [...readings].sort((a, b) => (b.at ?? 0) - (a.at ?? 0));
	const usable = newestFirst.filter(hasResults);
	const pending = newestFirst.filter((r) => !r.completed).length;
	const [latest, ...earlier] = usable;
	if (!latest)
		return {
			...head,
			verdict: NOT_ENOUGH_DATA,
			verdict_reason: `No completed test with seed results in the last ${s.windowDays} days${
				pending ? ` (${pending} still waiting for seed copies)` : ''
			}`,
			window_days: s.windowDays,
			based_on: [],
			pending,
		};
	const before = pooled(earlier.map((r) => r.inbox!));
	const body: IDataObject = {
		...(latest.subject ? { subject: latest.subject } : {}),
		window_days: s.windowDays,
		latest_public_id: latest.public_id,
		latest_created_at: latest.created_at as string,
		...shown(latest.inbox!),
		...(before
			? { ...shown(before, '_before'), inbox_change: percentOf(latest.inbox!) - percentOf(before) }
			: {}),
		...scoresOf(latest, earlier),
	};
	const measures: Measure[] = [];
	// Whose each measure is: overall or a provider's, for each provider's own certainty.
	const owners: Array<Provider | 'all'> = [];
	if (before) {
		measures.push({ label: 'Inbox', unit: 'seeds', now: latest.inbox!, before });
		owners.push('all');
	}
	const providers: IDataObject = {};
	for (const p of PROVIDERS) {
		const now = latest.providers[p];
		if (now === undefined) continue;
		const was = pooled(earlier.flatMap((r) => (r.providers[p] ? [r.providers[p]] : [])));
		providers[p] = was
			? { ...shown(now), ...shown(was, '_before'), change: percentOf(now) - percentOf(was) }
			: shown(now);
		if (!was) continue;
		measures.push({ label: `${PROVIDER_LABELS[p]} inbox`, unit: 'seeds', now, before: was });
		owners.push(p);
	}
	const tail: IDataObject = {
		providers,
		tests_before: earlier.length,
		pending,
		based_on: usable.map((r) => r.public_id),
	};
	const fixes = fixesOf(latest, earlier);
	if (earlier.length < s.minEarlier)
		return {
			...head,
			verdict: NOT_ENOUGH_DATA,
			verdict_reason: `${earlier.length ? `Only ${earlier.length}` : 'No'} completed test${earlier.length === 1 ? '' : 's'} with seed results before the latest in the last ${s.windowDays} days (${s.minEarlier} needed to compare)`,
			...body,
			...tail,
			fixes,
		};
	const verdict = trendVerdict(
		measures,
		s.thresholds,
		`in the ${windowWords(s.windowDays)} before`,
	);
	// Each provider's own certainty, for a Filter node.
	verdict.assessed.forEach((a, n) => {
		const owner = owners[n];
		if (owner !== 'all') (providers[owner] as IDataObject).confidence = a.confidence;
	});
	const dropped = verdict.assessed.filter((a) => a.kind === 'drop' && a.carried);
	return {
		...head,
		verdict: verdict.verdict,
		verdict_reason: verdict.reason,
		...(verdict.confidence !== undefined ? { confidence: verdict.confidence } : {}),
		...body,
		...tail,
		fixes:
			verdict.verdict === 'dropped'
				? [
						placementDropFix(
							dropped.map((a) => owners[verdict.assessed.indexOf(a)]),
							fixes,
						),
						...fixes,
					]
				: fixes,
	};
}
