/**
 * Mailbox → Pause through n8n's real engine against the sandbox: it sends alive: false, one account per input item
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

describe('account pause and resume answer in words (version 1.1)', () => {
	it('pause answers paused: true with the account and a sentence; Raw gives the whole account', async () => {
		const email = (await t.api<IDataObject>('GET', '/accounts/4')).data.email as string;
		const words = await t.run(account('pause', { accountId: byId(4) }), { typeVersion: 1.1 });
		expect(words.error).toBeUndefined();
		const [said] = jsonOf(words);
		expect(said).toMatchObject({ id: 4, email, paused: true, outcome: 'paused' });
		expect(said.message).toBe(
			`Mailbox ${email} (ID 4) is paused: no warming or spam tests run until it is resumed`,
		);
		expect(said).not.toHaveProperty('signature');

		const raw = await t.run(account('pause', { accountId: byId(4), output: 'raw' }), {
			typeVersion: 1.1,
		});
		const [answer] = jsonOf(raw);
		expect(answer).toMatchObject({ id: 4, alive: false });
		expect(answer).toHaveProperty('signature');
		expect(answer).not.toHaveProperty('outcome');
	});

	it('a paused mailbox names warm-up only as the setting a pause keeps, beside "Paused: no warming …"', async () => {
		// Account 4 is warming-enabled; Pause keeps the setting (the service sends warming_enabled: true), so Resume
		// warms again. No Simplified field reads "warming" next to the verdict that says no warming runs.
		for (const operation of ['pause', 'get']) {
			const [said] = jsonOf(
				await t.run(account(operation, { accountId: byId(4) }), { typeVersion: 1.1 }),
			);
			expect(said).toMatchObject({ paused: true, warming_enabled: true, verdict: 'warn' });
			expect(said.problems).toContain('Paused: no warming or spam tests run');
			expect(Object.keys(said).filter((key) => /warm/.test(key))).toEqual(['warming_enabled']);
		}
	});

	it('resume answers paused: false and "active again"', async () => {
		await t.api('POST', '/accounts/5', { alive: false });
		const words = await t.run(account('resume', { accountId: byId(5) }), { typeVersion: 1.1 });
		const [said] = jsonOf(words);
		expect(said).toMatchObject({ id: 5, paused: false, outcome: 'resumed' });
		expect(said.message).toMatch(/^Mailbox .+ \(ID 5\) is active again/);
	});
});
