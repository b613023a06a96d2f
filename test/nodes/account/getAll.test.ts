/**
 * Mailbox → Get Many through n8n's real engine against the sandbox: filters, Return All / Limit across pages, extra
 * query parameters, Simplify (on by default: flags and a verdict), with the request the sandbox received checked each
 * time, and no request at all when validation fails.
 */
import type { IDataObject } from 'n8n-workflow';

import { REPUTATION } from '../../../nodes/Deliverability/resources/account/shared/simplified';
import { expectValidationError, jsonOf, parametersOf, useSandbox } from '../context';

// 130 accounts in project A: 121 are warming-enabled (the default list), so Return All walks 3 pages of 50.
const t = useSandbox({ accounts: 130 });

const account = parametersOf('account');

/** Walks the list the way the service pages it, to know what the node should return. */
async function allAccounts(query: IDataObject = {}): Promise<IDataObject[]> {
	const out: IDataObject[] = [];
	for (let page = 0; ; page++) {
		const { data } = await t.api<IDataObject[]>('GET', '/accounts', undefined, { ...query, page });
		out.push(...data);
		if (data.length < 50) return out;
	}
}

function pagesOf(requests: Array<{ query: Record<string, string> }>): string[] {
	return requests.map((r) => r.query.page);
}

describe('account getAll', () => {
	it('Limit 60 asks one page of per_page 60 and returns 60 accounts', async () => {
		const result = await t.run(account('getAll', { returnAll: false, limit: 60 }));
		expect(result.error).toBeUndefined();
		const items = jsonOf(result);
		expect(items).toHaveLength(60);
		const requests = await t.requests();
		expect(requests.every((r) => r.method === 'GET' && /\/accounts$/.test(r.path))).toBe(true);
		expect(pagesOf(requests)).toEqual(['0']);
		expect(requests[0].query.per_page).toBe('60');
		const expected = await allAccounts();
		expect(items.map((a) => a.id)).toEqual(expected.slice(0, 60).map((a) => a.id));
	});

	it('Return All reads pages of 100 (the short page 1 ends it, nothing asked past it) and returns every warming account', async () => {
		const expected = await allAccounts();
		expect(expected.length).toBe(121);
		await t.clearRequests();
		const result = await t.run(account('getAll', { returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((a) => a.id)).toEqual(expected.map((a) => a.id));
		const requests = await t.requests();
		expect(requests.every((r) => r.method === 'GET' && /\/accounts$/.test(r.path))).toBe(true);
		expect(pagesOf(requests).sort()).toEqual(['0', '1']);
		expect(requests.every((r) => r.query.per_page === '100')).toBe(true);
	});

	it('Limit below one page asks for page 0 only', async () => {
		const result = await t.run(account('getAll', { returnAll: false, limit: 5 }));
		expect(jsonOf(result)).toHaveLength(5);
		expect(pagesOf(await t.requests())).toEqual(['0']);
	});

	it('sends every filter under its query name and the sandbox applies them', async () => {
		const result = await t.run(
			account('getAll', {
				returnAll: true,
				filters: { search: ' john ', tags: 'sales, us', max_score: 101, include_spamchecker: true },
			}),
		);
		expect(result.error).toBeUndefined();
		const [request] = await t.requests();
		expect(request.query).toEqual({
			search: 'john',
			tags: 'sales,us',
			max_score: '101',
			include_spamchecker: 'true',
			page: '0',
			per_page: '100',
		});
		const expected = await allAccounts({
			search: 'john',
			tags: 'sales,us',
			max_score: 101,
			include_spamchecker: true,
		});
		expect(jsonOf(result).map((a) => a.id)).toEqual(expected.map((a) => a.id));
	});

	it('Tags from an expression giving a list of names are sent joined by commas', async () => {
		const result = await t.run(
			account('getAll', {
				returnAll: false,
				limit: 3,
				filters: { tags: '={{ [" sales", "us "] }}' },
			}),
		);
		expect(result.error).toBeUndefined();
		expect((await t.requests())[0].query.tags).toBe('sales,us');
	});

	it("Tags that are not names are refused with Max Score's problem in the same error, before any request", async () => {
		const result = await t.run(
			account('getAll', {
				returnAll: true,
				filters: { tags: '={{ { "name": "sales" } }}', max_score: 500 },
			}),
		);
		expectValidationError(result, /Tags/);
		expect(result.error!.message).toMatch(/Max Score/);
		expect(String((result.error as unknown as { description?: string }).description)).toMatch(
			/separated by commas/,
		);
		expect(await t.requests()).toHaveLength(0);
	});

	it('Tags of only commas and spaces filter nothing: no tags query is sent', async () => {
		const result = await t.run(
			account('getAll', { returnAll: false, limit: 3, filters: { tags: ' , ,' } }),
		);
		expect(result.error).toBeUndefined();
		expect((await t.requests())[0].query).not.toHaveProperty('tags');
	});

	it('spamchecker_only lists accounts enabled for spam tests and not for warming', async () => {
		const result = await t.run(
			account('getAll', { returnAll: true, filters: { spamchecker_only: true } }),
		);
		const items = jsonOf(result);
		expect(items.length).toBeGreaterThan(0);
		for (const a of items)
			expect([a.spamchecker_enabled, a.warming_enabled]).toEqual([true, false]);
		expect((await t.requests())[0].query.spamchecker_only).toBe('true');
	});

	it('max_score keeps accounts strictly below it', async () => {
		const result = await t.run(account('getAll', { returnAll: true, filters: { max_score: 30 } }));
		const items = jsonOf(result);
		expect(items.length).toBeGreaterThan(0);
		for (const a of items) expect(a.score as number).toBeLessThan(30);
	});

	it('passes additional query parameters through and refuses "page"', async () => {
		const ok = await t.run(
			account('getAll', {
				returnAll: false,
				limit: 3,
				additionalQuery: { parameter: [{ name: 'search', value: 'jane' }] },
			}),
		);
		expect(ok.error).toBeUndefined();
		expect((await t.requests())[0].query.search).toBe('jane');
		await t.clearRequests();
		const bad = await t.run(
			account('getAll', { additionalQuery: { parameter: [{ name: 'page', value: '3' }] } }),
		);
		expectValidationError(bad, /page/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('Simplify keeps the main fields and turns tags into names', async () => {
		const result = await t.run(account('getAll', { returnAll: false, limit: 2, simplify: true }));
		const [first] = jsonOf(result);
		expect(Object.keys(first)).toEqual(expect.arrayContaining(['id', 'email', 'alive', 'score']));
		expect(first.config_rampup_target).toBeUndefined();
		expect((first.tags as unknown[]).every((tag) => typeof tag === 'string')).toBe(true);
	});

	it('rejects a max_score that is not a whole number (from an expression) before any request', async () => {
		const result = await t.run(account('getAll', { filters: { max_score: '={{ "lots" }}' } }));
		expectValidationError(result, /"Filters → Max Score"/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('refuses a Search that is not text (from an expression) before any request, as the other lists do', async () => {
		const result = await t.run(account('getAll', { filters: { search: '={{ 42 }}' } }));
		expectValidationError(result, /"Filters → Search": expected text, got 42/);
		expect(await t.requests()).toHaveLength(0);
	});
});

describe('account simplified', () => {
	it('Get Many (Simplify on by default): paused and suspended accounts are flagged; no disconnected in the list form', async () => {
		const items = jsonOf(
			await t.run({
				resource: 'account',
				operation: 'getAll',
				returnAll: true,
				filters: { include_spamchecker: true },
			}),
		);
		const byAccount = new Map(items.map((a) => [a.id as number, a]));
		expect(byAccount.get(17)).toMatchObject({ paused: true, alive: false });
		expect(byAccount.get(17)!.problems).toContain('Paused: no warming or spam tests run');
		expect(['warn', 'fail']).toContain(byAccount.get(17)!.verdict);
		expect(byAccount.get(33)).toMatchObject({ suspended: true, verdict: 'fail' });
		expect(items.every((a) => !('disconnected' in a))).toBe(true);
		for (const a of items) {
			const score = a.score as number;
			const expected =
				a.suspended || a.paused || score < REPUTATION.passAt
					? a.suspended || score < REPUTATION.warnAt
						? 'fail'
						: 'warn'
					: 'pass';
			expect([a.id, a.verdict]).toEqual([a.id, expected]);
			if (expected === 'pass')
				expect(a.verdict_reason).toBe(
					`Reputation score ${score} (pass at 80 or more)${a.warming_enabled ? ', warming' : ''}`,
				);
		}
	});
});
