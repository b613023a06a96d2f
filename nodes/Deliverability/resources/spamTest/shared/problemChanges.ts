/**
 * What changed in the problems between two spam tests (Spam Test → Compare): resolved, new and
 * persisting, each persisting one with how it changed, and what got worse beside placement, in
 * words.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Reading } from './reading';

/** How much of a problem a test has, where it is a number: a share of copies, a count of lists. */
function amountOf(r: Reading, key: string): number | undefined {
	if (key === 'spam_copies' && r.spam) return r.spam.part / r.spam.of;
	if (key === 'not_arrived' && r.missing) return r.missing.part / r.missing.of;
	if (key === 'domain_blacklists' || key === 'sending_ip_blacklists')
		return r.blacklists[key].length;
	return undefined;
}

/**
 * The problems of two tests by key: resolved (earlier only), new (later only), persisting (both),
 * each persisting one with how it changed (`worse`, `better`, `same`, or `changed` where there is
 * nothing to measure) and its earlier words when they differ: "7 of 20 in spam" after "2 of 20" is
 * not the same problem persisting.
 */
export function problemLists(earlier: Reading, later: Reading): IDataObject {
	const before = new Map(earlier.fixes.map((f) => [String(f.key), f]));
	const after = new Set(later.fixes.map((f) => String(f.key)));
	const persisting = later.fixes
		.filter((f) => before.has(String(f.key)))
		.map((f) => {
			const key = String(f.key);
			const was = before.get(key)!;
			const [then, now] = [amountOf(earlier, key), amountOf(later, key)];
			const same = was.problem === f.problem;
			const change =
				then !== undefined && now !== undefined
					? now > then
						? 'worse'
						: now < then
							? 'better'
							: 'same'
					: same
						? 'same'
						: 'changed';
			return { ...f, change, ...(same ? {} : { earlier_problem: was.problem }) };
		});
	return {
		resolved: earlier.fixes.filter((f) => !after.has(String(f.key))),
		new: later.fixes.filter((f) => !before.has(String(f.key))),
		persisting,
	};
}

/**
 * What got worse beside placement, in words: new critical and high problems, and persisting ones
 * that grew. A stable placement with a new blacklisting is not "no change".
 */
export function worseWords(lists: IDataObject): string[] {
	const serious = (lists.new as IDataObject[]).filter((f) =>
		['critical', 'high'].includes(String(f.severity)),
	);
	const grew = (lists.persisting as IDataObject[]).filter((f) => f.change === 'worse');
	return [
		...serious.map((f) => `new in the later test: ${String(f.problem)} (${String(f.severity)})`),
		...grew.map(
			(f) => `worse in the later test: ${String(f.problem)}, against ${String(f.earlier_problem)}`,
		),
	];
}
