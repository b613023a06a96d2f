/**
 * The Spam Test picker ("From list") cuts long entries at its width. Weekly tests of one automated test share their
 * subject and sender, so an entry starts with what tells them apart: the score (or that it is waiting) and the date,
 * then the message.
 */
import type { INodeListSearchResult } from 'n8n-workflow';

import { useSandbox } from '../context';
import { pickerPage } from '../fixtures/ListSearchProbe.node';

const t = useSandbox();

async function allSpamTests(): Promise<INodeListSearchResult['results']> {
	const results: INodeListSearchResult['results'] = [];
	let token = '';
	do {
		const page = await pickerPage(t, 'searchSpamTests', { paginationToken: token });
		results.push(...page.results);
		token = page.paginationToken ? String(page.paginationToken) : '';
	} while (token);
	return results;
}

describe('Spam Test picker entries', () => {
	it('tests of one message differ in their first 32 characters: score and date first', async () => {
		const { data } = await t.api<Array<{ public_id: string; subject: string | null }>>(
			'GET',
			'/spam_tests',
			undefined,
			{ page: 0, per_page: 100 },
		);
		const entries = await allSpamTests();
		const nameOf = (id: string) => entries.find((e) => e.value === id)!.name;
		const bySubject = new Map<string, string[]>();
		for (const x of data.filter((y) => y.subject))
			bySubject.set(x.subject!, [...(bySubject.get(x.subject!) ?? []), nameOf(x.public_id)]);
		const repeated = [...bySubject.values()].filter((names) => names.length > 1);
		expect(repeated.length).toBeGreaterThan(0); // the seeded automated tests ran more than once
		for (const names of repeated) {
			const starts = names.map((name) => name.slice(0, 32));
			expect(new Set(starts).size).toBe(names.length);
		}
		expect(nameOf(data[0].public_id)).toMatch(
			/^(score \d+(\.\d+)?\/10|waiting|completed) · \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} · /,
		);
	});
});
