/**
 * Domain Get Many: GET /projects/domains answers `{domains: [...]}` at once (not paginated); the node returns one item
 * per domain and applies Return All / Limit itself, with the `order` option sent as the service's query parameter.
 */
import type { IDataObject } from 'n8n-workflow';

import { domainsFrom } from '../../nodes/Deliverability/resources/domain/getAll';
import { jsonOf, useSandbox } from './context';

const t = useSandbox({ accounts: 60 });

const domains = (extra: IDataObject = {}) => ({ resource: 'domain', operation: 'getAll', ...extra });
const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

async function serviceDomains(query: IDataObject = {}): Promise<IDataObject[]> {
	const { data } = await t.api<{ domains: IDataObject[] }>('GET', '/projects/domains', undefined, query);
	return data.domains;
}

describe('domain getAll', () => {
	it('Return All gives one item per domain, in the service order, from one request', async () => {
		const result = await t.run(domains({ returnAll: true }));
		expect(result.error).toBeUndefined();
		const requests = await t.requests();
		expect(requests.map((r) => [r.method, local(r.path), r.query])).toEqual([['GET', '/projects/domains', {}]]);
		const items = jsonOf(result);
		const expected = await serviceDomains();
		expect(expected.length).toBe(6); // the seventh domain has no score yet
		expect(items).toEqual(expected);
		for (const d of items) expect(d).toEqual(expect.objectContaining({ domain: expect.any(String), avg_score: expect.any(Number) }));
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map(() => ({ item: 0 })));
	});

	it('Limit is applied locally (one request, the first n domains)', async () => {
		const result = await t.run(domains({ returnAll: false, limit: 2 }));
		const items = jsonOf(result);
		expect(items.map((d) => d.domain)).toEqual((await serviceDomains()).slice(0, 2).map((d) => d.domain));
		expect((await t.requests()).filter((r) => local(r.path) === '/projects/domains')).toHaveLength(2); // ours + the check
	});

	it('reads Return All "false" from an expression as false (Limit applies)', async () => {
		const result = await t.run(domains({ returnAll: '={{ "false" }}', limit: 2 }));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
	});

	it('the default Limit of 50 keeps every domain of a small project', async () => {
		const result = await t.run(domains());
		expect(jsonOf(result)).toHaveLength(6);
	});

	it.each(['asc', 'desc'] as const)('order %s sorts by average score', async (order) => {
		const result = await t.run(domains({ returnAll: true, options: { order } }));
		const scores = jsonOf(result).map((d) => d.avg_score as number);
		const sorted = [...scores].sort((a, b) => (order === 'asc' ? a - b : b - a));
		expect(scores).toEqual(sorted);
		expect((await t.requests())[0].query).toEqual({ order });
	});

	it("lists only the key's own project", async () => {
		const result = await t.run(domains({ returnAll: true }), { apiKey: t.sandbox.apiKeys.B });
		expect(jsonOf(result).map((d) => d.domain)).toEqual(['b-corp-mail.com']);
	});

	it.each([
		[{ options: { order: '={{ "score" }}' } }, /"Options → Order by Average Score".*asc, desc/],
		[{ returnAll: false, limit: '={{ 0 }}' }, /"Limit"/],
		[{ returnAll: '={{ "maybe" }}' }, /"Return All".*true or false/],
	])('rejects %p before any request', async (parameters, pattern) => {
		const result = await t.run(domains(parameters));
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error!.message).toMatch(pattern);
		expect(await t.requests()).toHaveLength(0);
	});
});

describe('domain answer shapes', () => {
	it('reads {domains: [...]} and a bare array alike', () => {
		const list = [{ domain: 'a.example' }, { domain: 'b.example' }];
		expect(domainsFrom({ domains: list })).toEqual(list);
		expect(domainsFrom(list)).toEqual(list);
		expect(domainsFrom({ domains: [] })).toEqual([]);
		expect(domainsFrom(null)).toEqual([]);
	});
});
