/**
 * Automated Test → Get Many through n8n's real engine against the sandbox: Return All across pages, Limit as
 * per_page, filters and sort under their API names, bad input refused before any request.
 */
import { jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox();

const automatedTest = parametersOf('automatedTest');

const listRequests = async () =>
	(await t.requests()).filter((r) => r.method === 'GET' && r.path === '/automated_tests');

describe('automatedTest getAll', () => {
	it('Return All walks both pages (32 tests, 25 per page)', async () => {
		const result = await t.run(automatedTest('getAll', { returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(32);
		expect(new Set(jsonOf(result).map((x) => x.id)).size).toBe(32);
		expect((await listRequests()).map((r) => r.query.page)).toEqual(['0', '1']);
	});

	it('Limit 30 and Limit 25 each read page 0 only, asking per_page = the limit', async () => {
		const thirty = await t.run(automatedTest('getAll', { limit: 30 }));
		expect(thirty.items).toHaveLength(30);
		expect((await listRequests()).map((r) => [r.query.page, r.query.per_page])).toEqual([
			['0', '30'],
		]);
		await t.clearRequests();
		const twentyFive = await t.run(automatedTest('getAll', { limit: 25 }));
		expect(twentyFive.items).toHaveLength(25);
		expect((await listRequests()).map((r) => r.query.page)).toEqual(['0']);
	});

	it('filters on active (both values) and omits it when not set', async () => {
		const active = await t.run(
			automatedTest('getAll', { returnAll: true, filters: { active: true } }),
		);
		const inactive = await t.run(
			automatedTest('getAll', { returnAll: true, filters: { active: false } }),
		);
		expect(jsonOf(active).every((x) => x.active === true)).toBe(true);
		expect(jsonOf(inactive).every((x) => x.active === false)).toBe(true);
		expect(active.items.length + inactive.items.length).toBe(32);
		const queries = (await listRequests()).map((r) => r.query);
		expect(queries[0]).toEqual({ page: '0', per_page: '100', active: 'true' });
		expect(queries[queries.length - 1]).toEqual({ page: '0', per_page: '100', active: 'false' });
	});

	it('passes search, sort and order with their API names', async () => {
		const result = await t.run(
			automatedTest('getAll', {
				returnAll: true,
				filters: { search: 'newsletter' },
				options: { sort: 'created_at', order: 'asc' },
			}),
		);
		expect(result.error).toBeUndefined();
		const out = jsonOf(result);
		expect(out.length).toBeGreaterThan(0);
		expect(out.every((x) => String(x.subject).toLowerCase().includes('newsletter'))).toBe(true);
		const created = out.map((x) => String(x.created_at));
		expect(created).toEqual([...created].sort());
		expect((await listRequests())[0].query).toEqual({
			page: '0',
			per_page: '100',
			search: 'newsletter',
			sort: 'created_at',
			order: 'asc',
		});
	});

	it.each([
		['order', { options: { order: 'asc' } }, /only together with Sort/],
		['sort', { options: { sort: 'subject' } }, /"Options → Sort"/],
		['order', { options: { sort: 'created_at', order: 'random' } }, /"Options → Order"/],
		['active', { filters: { active: 'maybe' } }, /"Filters → Active"/],
		['limit', { limit: -1 }, /"Limit"/],
	])('refuses a bad %s before any request', async (_field, parameters, message) => {
		const result = await t.run(automatedTest('getAll', { ...parameters }));
		expect(result.error?.message).toMatch(message);
		expect(await t.requests()).toHaveLength(0);
	});
});
