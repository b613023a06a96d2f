/**
 * Account → Pause through n8n's real engine against the sandbox: it sends alive: false, one account per input item
 * paired with its item, and the service's 404 in its words.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 10 });

const account = parametersOf('account');

describe('account pause and resume', () => {
	it('pause sends alive: false', async () => {
		const paused = await t.run(account('pause', { accountId: byId(4) }));
		expect(paused.error).toBeUndefined();
		expect(jsonOf(paused)[0]).toEqual(expect.objectContaining({ id: 4, alive: false }));
		expect((await t.api<IDataObject>('GET', '/accounts/4')).data.alive).toBe(false);

		const requests = (await t.requests()).filter((r) => r.method === 'POST');
		expect(requests.map((r) => [r.path.replace(/^.*(\/accounts)/, '$1'), r.body])).toEqual([
			['/accounts/4', { alive: false }],
		]);
	});

	it('pauses one account per input item, paired with its item', async () => {
		const result = await t.run(account('pause', { accountId: byId('={{ $json.id }}') }), {
			input: [{ id: 5 }, { id: 6 }],
		});
		expect(result.items.map((item) => [item.json.id, item.json.alive, item.pairedItem])).toEqual([
			[5, false, { item: 0 }],
			[6, false, { item: 1 }],
		]);
	});
});

describe('account pause, resume and get aliases that fail', () => {
	it("pause of an account that exists nowhere: the service's 404 in its words, nothing changed", async () => {
		const result = await t.run(account('pause', { accountId: byId(999999) }));
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error!.httpCode).toBe('404');
		expect(result.error!.message).toMatch(/not found/i);
		expect((await t.requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /accounts/999999 404',
		]);
	});
});
