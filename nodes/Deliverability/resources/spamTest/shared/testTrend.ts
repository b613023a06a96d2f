/**
 * The trend of a group of spam tests (an automated test's, a sender's or a sender domain's): its
 * newest completed test against the average of the earlier ones, overall and per provider, with
 * the verdict in words (docs/operations.md → Trends).
 */
import type { IDataObject } from 'n8n-workflow';

import {
	meanPercent,
	NOT_ENOUGH_DATA,
	trendVerdict,
	windowWords,
	type Measure,
	type TrendThresholds,
} from '../../../helpers/trend';
import { PROVIDERS } from './placement';
import { hasResults, PROVIDER_LABELS, type Reading } from './reading';

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

/** One group's trend: its newest completed test against the average of the earlier ones. */
export function trendOfGroup(
	key: string | number,
	readings: Reading[],
	s: TrendSettings,
): IDataObject {
	const out: IDataObject = { [KEY_FIELD[s.trendOf]]: key, window_days: s.windowDays };
	const newestFirst = [...readings].sort((a, b) => (b.at ?? 0) - (a.at ?? 0));
	const usable = newestFirst.filter(hasResults);
	const pending = newestFirst.filter((r) => !r.completed).length;
	const [latest, ...earlier] = usable;
	const window = windowWords(s.windowDays);
	if (latest?.subject) out.subject = latest.subject;
	if (!latest) {
		out.verdict = NOT_ENOUGH_DATA;
		out.verdict_reason = `No completed test with seed results in the last ${s.windowDays} days${
			pending ? ` (${pending} still waiting for seed copies)` : ''
		}`;
		out.based_on = [];
		out.pending = pending;
		return out;
	}
	out.latest_public_id = latest.public_id;
	out.latest_created_at = latest.created_at as string;
	out.inbox_percent = latest.inbox_percent!;
	if (latest.final_score !== undefined) out.final_score = latest.final_score;
	const before = meanPercent(earlier.map((r) => r.inbox_percent!));
	const measures: Measure[] = [];
	const providers: IDataObject = {};
	if (before !== undefined) {
		out.inbox_percent_before = before;
		out.inbox_change = latest.inbox_percent! - before;
		measures.push({ label: 'Inbox', now: latest.inbox_percent!, before });
		const scores = earlier.flatMap((r) => (r.final_score === undefined ? [] : [r.final_score]));
		if (latest.final_score !== undefined && scores.length) {
			const mean = Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
			out.final_score_before = mean;
			out.final_score_change = Math.round((latest.final_score - mean) * 10) / 10;
		}
	}
	for (const p of PROVIDERS) {
		const now = latest.providers[p];
		if (now === undefined) continue;
		const was = meanPercent(
			earlier.flatMap((r) => (r.providers[p] === undefined ? [] : [r.providers[p]!])),
		);
		providers[p] =
			was === undefined
				? { inbox_percent: now }
				: { inbox_percent: now, inbox_percent_before: was, change: now - was };
		if (was !== undefined)
			measures.push({ label: `${PROVIDER_LABELS[p]} inbox`, now, before: was });
	}
	out.providers = providers;
	out.tests_before = earlier.length;
	out.pending = pending;
	if (earlier.length < s.minEarlier) {
		out.verdict = NOT_ENOUGH_DATA;
		out.verdict_reason = `Only ${earlier.length} completed test${earlier.length === 1 ? '' : 's'} with seed results before the latest in the last ${s.windowDays} days (${s.minEarlier} needed to compare)`;
	} else {
		const { verdict, reason } = trendVerdict(measures, s.thresholds, `its ${window} average`);
		out.verdict = verdict;
		out.verdict_reason = reason;
	}
	out.based_on = usable.map((r) => r.public_id);
	out.fixes = latest.fixes;
	return out;
}
