/**
 * Two spam tests side by side (Spam Test → Compare): each side's counts, placement before and after
 * overall and per provider, the verdict of helpers/trend.ts with how sure it is, and the problems
 * resolved, new and persisting, what got worse beside placement standing after the verdict.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	NOT_ENOUGH_DATA,
	percentOf,
	trendVerdict,
	type Measure,
	type TrendThresholds,
} from '../../../helpers/trend';
import { PROVIDERS } from './placement';
import { problemLists, worseWords } from './problemChanges';
import { hasResults, PROVIDER_LABELS, shown, type Reading } from './reading';

/** One test as a side of the comparison: its ids, counts, score and providers. */
export function side(r: Reading): IDataObject {
	const out: IDataObject = { public_id: r.public_id, created_at: r.created_at as string };
	if (r.inbox) Object.assign(out, shown(r.inbox));
	if (r.final_score !== undefined) out.final_score = r.final_score;
	out.completed = r.completed;
	out.providers = Object.fromEntries(
		Object.entries(r.providers).map(([p, c]) => [p, shown(c)]),
	) as IDataObject;
	return out;
}

export function comparison(
	earlier: Reading,
	later: Reading,
	thresholds: TrendThresholds,
): IDataObject {
	const sides = { earlier: side(earlier), later: side(later) };
	const lists = problemLists(earlier, later);
	const missing = [earlier, later].filter((r) => !hasResults(r));
	if (missing.length)
		return {
			verdict: NOT_ENOUGH_DATA,
			verdict_reason: missing
				.map(
					(r) =>
						`${r === later ? 'The later' : 'The earlier'} test ${r.public_id} has no seed results yet${r.completed ? '' : ' (still waiting for seed copies)'}`,
				)
				.join('; '),
			...sides,
			...lists,
		};
	const measures: Measure[] = [
		{ label: 'Inbox', unit: 'seeds', now: later.inbox!, before: earlier.inbox! },
	];
	const owners: string[] = ['all'];
	const providers: IDataObject = {};
	for (const p of PROVIDERS) {
		const [was, now] = [earlier.providers[p], later.providers[p]];
		if (was === undefined || now === undefined) continue;
		providers[p] = {
			...shown(was, '_before'),
			...shown(now),
			change: percentOf(now) - percentOf(was),
		};
		measures.push({ label: `${PROVIDER_LABELS[p]} inbox`, unit: 'seeds', now, before: was });
		owners.push(p);
	}
	const verdict = trendVerdict(measures, thresholds, 'in the earlier test');
	verdict.assessed.forEach((a, n) => {
		if (owners[n] !== 'all') (providers[owners[n]] as IDataObject).confidence = a.confidence;
	});
	const worse = worseWords(lists);
	return {
		verdict: verdict.verdict,
		verdict_reason: [verdict.reason, ...worse].join('; '),
		...(verdict.confidence !== undefined ? { confidence: verdict.confidence } : {}),
		...sides,
		inbox_change: percentOf(later.inbox!) - percentOf(earlier.inbox!),
		...(earlier.final_score !== undefined && later.final_score !== undefined
			? { final_score_change: Math.round((later.final_score - earlier.final_score) * 10) / 10 }
			: {}),
		providers,
		...lists,
	};
}
