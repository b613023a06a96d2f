/**
 * Mailbox → Get Statistics through n8n's real engine against the sandbox: the request it sends and the totals it
 * returns, and validation with zero requests.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 40 });

const account = parametersOf('account');

describe('account getStats', () => {
	it('sends provider and past_days and returns the totals with the account id', async () => {
		const result = await t.run(
			account('getStats', { accountId: byId(2), filters: { provider: 'outlook', past_days: 30 } }),
		);
		expect(result.error).toBeUndefined();
		const { data: expected } = await t.api<IDataObject>('GET', '/accounts/2/stats', undefined, {
			provider: 'outlook',
			past_days: 30,
		});
		expect(jsonOf(result)).toEqual([{ account_id: 2, ...expected }]);
		expect((await t.calls())[0]).toBe('GET /accounts/2/stats?provider=outlook&past_days=30');
	});

	it.each([
		[{ past_days: 181 }, /"Filters → Past Days".*180/],
		[{ past_days: '={{ 2.5 }}' }, /"Filters → Past Days".*whole number/],
		[{ provider: '={{ "yahoo" }}' }, /"Filters → Provider".*gmail, others, outlook/],
	])('rejects %p before any request', async (filters, pattern) => {
		const result = await t.run(account('getStats', { accountId: byId(2), filters }));
		expect(result.error?.message).toMatch(pattern);
		expect(await t.requests()).toHaveLength(0);
	});
});
