/** Notification → Get Many: GET /notifications with the account and event filters; Return All / Limit applied locally. */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 20 });

const getAll = (extra: IDataObject = {}) => ({
	resource: 'notification',
	operation: 'getAll',
	...extra,
});
const open = async (event: string, extra: IDataObject = {}) =>
	await t.admin<{ id: number }>('POST', '/notifications', { event, ...extra });

/** Closes what the seed opened (disconnected accounts, an expiring domain), so a test sees only what it opens. */
async function closeSeeded(): Promise<void> {
	for (const n of await t.admin<Array<{ id: number; open: boolean }>>('GET', '/notifications')) {
		if (n.open) await t.admin('POST', `/notifications/${n.id}/close`);
	}
}

describe('notification get many', () => {
	beforeEach(closeSeeded);

	it('returns one item per open notification, newest first, with the documented fields; one request', async () => {
		const a = await open('ACCOUNT_DISCONNECTED', { account_id: 2 });
		const b = await open('DOMAIN_EXPIRING_SOON', {
			domain: 'example.com',
			domain_expire_on: '2027-01-31',
		});
		const closed = await open('ACCOUNT_DISCONNECTED', { account_id: 3 });
		await t.admin('POST', `/notifications/${closed.id}/close`);
		const result = await t.run(getAll({ returnAll: true }), { input: [{ x: 1 }] });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((n) => n.id)).toEqual([b.id, a.id]);
		expect(jsonOf(result)[0]).toEqual({
			id: b.id,
			level: 'warning',
			event: 'DOMAIN_EXPIRING_SOON',
			account_id: null,
			project_id: 1,
			account_email: null,
			content: expect.any(String),
			domain: 'example.com',
			domain_expire_on: '2027-01-31',
		});
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		const requests = await t.requests();
		expect(requests.map((r) => [r.method, r.path.replace(/^.*\/api\/v1/, ''), r.query])).toEqual([
			['GET', '/notifications', {}],
		]);
	});

	it('sends the account (picker or ID) and event filters; Limit keeps the newest N of the one list', async () => {
		for (let i = 0; i < 4; i++) await open('ACCOUNT_DISCONNECTED', { account_id: 3 });
		await open('REPUTATION_SCORE_DECREASE', { account_id: 3 });
		const listed = await t.run(
			getAll({
				limit: 2,
				filters: {
					account_id: { __rl: true, mode: 'list', value: '3' },
					event: 'ACCOUNT_DISCONNECTED',
				},
			}),
		);
		expect(listed.error).toBeUndefined();
		expect(jsonOf(listed).map((n) => [n.event, n.account_id])).toEqual([
			['ACCOUNT_DISCONNECTED', 3],
			['ACCOUNT_DISCONNECTED', 3],
		]);
		const byIdResult = await t.run(
			getAll({ returnAll: true, filters: { account_id: byId(' 3 ') } }),
		);
		expect(jsonOf(byIdResult)).toHaveLength(5);
		expect((await t.requests()).map((r) => r.query)).toEqual([
			{ account_id: '3', event: 'ACCOUNT_DISCONNECTED' },
			{ account_id: '3' },
		]);
	});

	it.each([
		[{ filters: { account_id: byId('abc') } }, /Filters → Mailbox/],
		[{ filters: { event: '={{ "  " }}' } }, /Event/],
		[{ returnAll: false, limit: 0 }, /limit/i],
	])('refuses %p before any request', async (parameters, pattern) => {
		const result = await t.run(getAll(parameters));
		await t.expectRefused(result, pattern);
	});

	it('reports a service error with its message; Continue On Fail gives an error item paired with its input', async () => {
		const result = await t.run(getAll(), { apiKey: 'dummy-key-unknown' });
		expect(result.error?.httpCode).toBe('401');
		const cof = await t.run(getAll(), {
			apiKey: 'dummy-key-unknown',
			continueOnFail: true,
			input: [{}, {}],
		});
		expect(cof.items.map((i) => [typeof i.json.error, i.pairedItem])).toEqual([
			['string', { item: 0 }],
			['string', { item: 1 }],
		]);
	});
});
