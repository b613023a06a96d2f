/**
 * Mailbox → Get Aliases through n8n's real engine against the sandbox: one item per alias, none (with a hint) for an
 * account without aliases, the service's 403 in its words, and the answer shapes the service may send.
 */
import { aliasItems } from '../../../nodes/Deliverability/resources/account/getAliases';
import { byId, hintsOf, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 10 });

const account = parametersOf('account');

describe('account getAliases', () => {
	it('returns one item per alias with the account id', async () => {
		const result = await t.run(account('getAliases', { accountId: byId(1) }));
		expect(result.error).toBeUndefined();
		const items = jsonOf(result);
		expect(items).toHaveLength(2);
		for (const alias of items)
			expect(alias).toEqual({
				email: expect.stringMatching(/alias\d@/),
				name: expect.any(String),
				account_id: 1,
			});
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
		const [request] = await t.requests();
		expect(`${request.method} ${request.path}`).toMatch(/^GET .*\/accounts\/1\/aliases$/);
	});

	it('returns no items for an account without aliases', async () => {
		const result = await t.run(account('getAliases', { accountId: byId(2) }));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(0);
		expect(hintsOf(result)).toContainEqual(expect.stringMatching(/no aliases/));
	});
});

describe('alias answer shapes', () => {
	it('accepts alias strings, alias objects and a wrapped list; drops empty entries', () => {
		expect(aliasItems(['a@example.com', '', null], 7)).toEqual([
			{ email: 'a@example.com', account_id: 7 },
		]);
		expect(aliasItems([{ email: 'b@example.com', name: 'B' }], 7)).toEqual([
			{ email: 'b@example.com', name: 'B', account_id: 7 },
		]);
		expect(aliasItems({ aliases: ['c@example.com'] }, 7)).toEqual([
			{ email: 'c@example.com', account_id: 7 },
		]);
		expect(aliasItems([], 7)).toEqual([]);
	});
});

describe('account pause, resume and get aliases that fail', () => {
	it("get aliases of another project's account: the service's 403 with the project guidance", async () => {
		const result = await t.run(account('getAliases', { accountId: byId(100001) }));
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error!.httpCode).toBe('403');
		expect(result.error!.description).toMatch(/project/);
	});
});
