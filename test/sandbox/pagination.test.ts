/** Spec §4 general pagination and §8 page sizes: bare arrays, zero-indexed pages, per_page, newest first. */
import { expectError, useSandbox } from './helpers';

const t = useSandbox({ accounts: 120 }, false);

type Item = { id: number; created_at: string };
const ids = (items: Item[]): number[] => items.map((i) => i.id);

function expectNewestFirst(items: Item[]): void {
	for (let i = 1; i < items.length; i++)
		expect(Date.parse(items[i - 1].created_at)).toBeGreaterThan(Date.parse(items[i].created_at));
}

describe('pagination', () => {
	it('GET /accounts: 50 per page, zero-indexed, bare arrays, newest first', async () => {
		const pages = await Promise.all(
			[0, 1, 2, 3].map((page) => t.get('/accounts', { page, include_spamchecker: true })),
		);
		expect(pages.map((p) => Array.isArray(p.data))).toEqual([true, true, true, true]);
		expect(pages.map((p) => p.data.length)).toEqual([50, 50, 20, 0]);
		const all = pages.flatMap((p) => p.data as Item[]);
		expect(ids(all)).toEqual(Array.from({ length: 120 }, (_, i) => 120 - i));
		expectNewestFirst(all);
	});

	it('GET /accounts without page is page 0', async () => {
		expect(ids((await t.get('/accounts', { include_spamchecker: true })).data)).toEqual(
			ids((await t.get('/accounts', { page: 0, include_spamchecker: true })).data),
		);
	});

	it('GET /automated_tests: 25 per page, newest first', async () => {
		const p0 = await t.get('/automated_tests', { page: 0 });
		const p1 = await t.get('/automated_tests', { page: 1 });
		expect(p0.data).toHaveLength(25);
		expect(p1.data).toHaveLength(7); // 32 in project A
		expectNewestFirst([...p0.data, ...p1.data]);
	});

	it('GET /spam_tests: 10 per page, newest first', async () => {
		const pages = await Promise.all([0, 1, 2, 3].map((page) => t.get('/spam_tests', { page })));
		expect(pages.map((p) => p.data.length)).toEqual([10, 10, 10, 6]); // 36 in project A
		expectNewestFirst(pages.flatMap((p) => p.data as Item[]));
	});

	it('per_page changes the page size on every list and pages stay contiguous', async () => {
		const a = await t.get('/accounts', { per_page: 7, page: 1, include_spamchecker: true });
		expect(ids(a.data)).toEqual([113, 112, 111, 110, 109, 108, 107]);
		expect((await t.get('/automated_tests', { per_page: 3 })).data).toHaveLength(3);
		expect((await t.get('/spam_tests', { per_page: 4, page: 0 })).data).toHaveLength(4);
		expect(
			(await t.get('/accounts', { per_page: 100, include_spamchecker: true })).data,
		).toHaveLength(100);
	});

	it('ignores unknown query parameters (unlike unknown body fields)', async () => {
		const plain = await t.get('/accounts', { page: 1 });
		const extra = await t.get('/accounts', { page: 1, no_such_filter: 'x', warming_only: true });
		expect(extra.status).toBe(200);
		expect(ids(extra.data)).toEqual(ids(plain.data));
	});

	it('rejects a negative or non-integer page and a per_page outside 1..100 with 422', async () => {
		const bad: Record<string, string | number>[] = [
			{ page: -1 },
			{ page: 'x' },
			{ page: 1.5 },
			{ per_page: 0 },
			{ per_page: 101 },
		];
		for (const query of bad) {
			const res = await t.get('/accounts', query);
			expectError(res, 422);
			expect(Object.keys(res.data.errors)).toEqual([Object.keys(query)[0]]);
		}
		expectError(await t.get('/spam_tests', { page: 0, per_page: 500 }), 422);
	});
});
