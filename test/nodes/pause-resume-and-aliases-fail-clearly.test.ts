/**
 * Account → Pause, Resume and Get Aliases when they cannot be done: an id that is not a number fails before any
 * request and names the field as shown on screen; the service's 404 and 403 come back in its words, with the status.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, useSandbox } from './context';

const t = useSandbox({ accounts: 10 });

const account = (operation: string, extra: IDataObject = {}) => ({
	resource: 'account',
	operation,
	...extra,
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

	it('resume with an id that is not a number: refused before any request, naming "Account"', async () => {
		const result = await t.run(account('resume', { accountId: byId('={{ "four" }}') }));
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error!.message).toMatch(/"Account"/);
		expect(await t.requests()).toHaveLength(0);
	});

	it("get aliases of another project's account: the service's 403 with the project guidance", async () => {
		const result = await t.run(account('getAliases', { accountId: byId(100001) }));
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error!.httpCode).toBe('403');
		expect(result.error!.description).toMatch(/project/);
	});
});
