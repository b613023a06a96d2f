/**
 * Mailbox → Resume through n8n's real engine against the sandbox: it sends alive: true, and an id that is not a
 * number fails before any request, naming the field as shown on screen.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 10 });

const account = parametersOf('account');

describe('account pause and resume', () => {
	it('resume of a paused account sends alive: true', async () => {
		await t.api('POST', '/accounts/4', { alive: false });
		await t.clearRequests();

		const resumed = await t.run(account('resume', { accountId: byId(4) }));
		expect(resumed.error).toBeUndefined();
		expect(jsonOf(resumed)[0]).toEqual(expect.objectContaining({ id: 4, alive: true }));
		expect((await t.api<IDataObject>('GET', '/accounts/4')).data.alive).toBe(true);

		const requests = (await t.requests()).filter((r) => r.method === 'POST');
		expect(requests.map((r) => [r.path.replace(/^.*(\/accounts)/, '$1'), r.body])).toEqual([
			['/accounts/4', { alive: true }],
		]);
	});
});

describe('account pause, resume and get aliases that fail', () => {
	it('resume with an id that is not a number: refused before any request, naming "Mailbox"', async () => {
		const result = await t.run(account('resume', { accountId: byId('={{ "four" }}') }));
		await t.expectRefused(result, /"Mailbox"/);
	});
});
