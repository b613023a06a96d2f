/**
 * Spam Test → Get Many through n8n's real engine against the sandbox: Limit as per_page, Return All confirming the
 * end, filters and sort under their API names, bad input refused before any request.
 */
import { jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox();

const spamTest = parametersOf('spamTest');

const spamTestApiRequests = async () =>
	(await t.requests()).filter((r) => r.path.includes('/spam_tests'));

describe('spamTest getAll', () => {
	it('Limit 15 reads page 0 only, asking per_page 15', async () => {
		const result = await t.run(spamTest('getAll', { returnAll: false, limit: 15 }));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(15);
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(
			true,
		);
		const log = await spamTestApiRequests();
		expect(log.map((r) => [r.query.page, r.query.per_page])).toEqual([['0', '15']]);
		const ids = jsonOf(result).map((x) => x.public_id);
		expect(new Set(ids).size).toBe(15);
	});

	it('Return All reads 36 tests in a page of 100 and confirms the end with page 1 (36 could be a capped page), newest first', async () => {
		const result = await t.run(spamTest('getAll', { returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(36);
		const log = await spamTestApiRequests();
		expect(log.map((r) => [r.query.page, r.query.per_page])).toEqual([
			['0', '100'],
			['1', '100'],
		]);
		const created = jsonOf(result).map((x) => String(x.created_at));
		expect(created).toEqual([...created].sort().reverse());
	});

	it('always sends page, even for a single short page', async () => {
		const result = await t.run(spamTest('getAll', { limit: 3 }));
		expect(result.items).toHaveLength(3);
		const log = await spamTestApiRequests();
		expect(log).toHaveLength(1);
		expect(log[0].query).toEqual({ page: '0', per_page: '3' });
	});

	it('passes filters and sort options with their API names', async () => {
		const result = await t.run(
			spamTest('getAll', {
				returnAll: true,
				filters: { automated_test_id: 1, search: '  Weekly  ' },
				options: { order_by: 'score', order: 'asc' },
				simplify: true,
			}),
		);
		expect(result.error).toBeUndefined();
		const out = jsonOf(result);
		expect(out.length).toBeGreaterThan(0);
		expect(out.every((x) => x.automated_test_id === 1)).toBe(true);
		expect(out[0].results).toBeUndefined();
		expect(out[0]).toHaveProperty('placement');
		const log = await spamTestApiRequests();
		expect(log[0].query).toEqual({
			page: '0',
			per_page: '100',
			automated_test_id: '1',
			search: 'Weekly',
			order_by: 'score',
			order: 'asc',
		});
	});

	it.each([
		['Options → Order By', { options: { order_by: 'subject' } }],
		['Options → Order', { options: { order: 'up' } }],
		['Filters → Automated Test ID', { filters: { automated_test_id: 'seven' } }],
		['Limit', { limit: 0 }],
	])('refuses a bad %s before any request', async (field, parameters) => {
		const result = await t.run(spamTest('getAll', { ...parameters }));
		expect(result.error?.message).toContain(`"${field}"`);
		expect(await t.requests()).toHaveLength(0);
	});
});
