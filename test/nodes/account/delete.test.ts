/**
 * Mailbox → Delete through n8n's real engine against the sandbox: the request it sends with the disconnect reason,
 * the service's 404 for a second delete, and validation with zero requests.
 */
import { byId, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 40 });

const account = parametersOf('account');

describe('account delete', () => {
	it('sends DELETE /accounts/{id} with the disconnect reason; the account is gone afterwards', async () => {
		const result = await t.run(
			account('delete', {
				accountId: byId(5),
				additionalFields: { disconnect_reason: ' Mailbox closed ' },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ account_id: 5, success: true }]);
		expect(await t.calls()).toEqual(['DELETE /accounts/5?disconnect_reason=Mailbox+closed']);
		expect((await t.api('GET', '/accounts/5')).status).toBe(404);
	});

	it('version 1.1 answers deleted: true in words; Raw gives what the service said', async () => {
		const words = await t.run(account('delete', { accountId: byId(7) }), { typeVersion: 1.1 });
		expect(jsonOf(words)).toEqual([
			{
				account_id: 7,
				deleted: true,
				outcome: 'deleted',
				message: 'Mailbox 7 deleted: its warming and spam checks stopped for good',
			},
		]);
		const raw = await t.run(account('delete', { accountId: byId(8), output: 'raw' }), {
			typeVersion: 1.1,
		});
		expect(jsonOf(raw)).toEqual([{ account_id: 8, success: true }]);
	});

	it('without a reason sends no query; a second delete reports 404', async () => {
		expect((await t.run(account('delete', { accountId: byId(6) }))).error).toBeUndefined();
		expect(await t.calls()).toEqual(['DELETE /accounts/6']);
		const again = await t.run(account('delete', { accountId: byId(6) }));
		expect(again.error?.httpCode).toBe('404');
	});

	it('rejects a bad id and a non-text reason before any request', async () => {
		const result = await t.run(
			account('delete', {
				accountId: byId('={{ 1.5 }}'),
				additionalFields: { disconnect_reason: '={{ 12 }}' },
			}),
		);
		expect(result.error?.message).toMatch(
			/2 invalid fields: "Mailbox".*"Additional Fields → Disconnect Reason"/,
		);
		expect(await t.requests()).toHaveLength(0);
	});
});
