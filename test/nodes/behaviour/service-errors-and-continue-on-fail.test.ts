/**
 * Error paths through the real engine: 401 (bad key), 403 (another project's account), 404, 422, 429 (retried
 * after Retry-After, then given up), Continue On Fail with good and bad items mixed (every item paired), and both
 * credential header forms.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 20 });

const getAccount = (id: unknown) => ({
	resource: 'account',
	operation: 'get',
	accountId: byId(id as string),
});
const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

describe('service errors', () => {
	it('401: a bad key fails with the service message, guidance on the header form, and no key in the text', async () => {
		const result = await t.run(getAccount(1), { apiKey: 'dummy-key-not-valid' });
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error!.httpCode).toBe('401');
		expect(result.error!.description).toMatch(/Header Form/);
		const text = JSON.stringify({
			m: result.error!.message,
			d: result.error!.description,
			c: result.error!.context,
		});
		expect(text).not.toContain('dummy-key-not-valid');
		const requests = await t.requests();
		expect(requests).toHaveLength(1); // 4xx other than 429 is not retried
		expect(requests[0].status).toBe(401);
	});

	it("403: project B's account with project A's key", async () => {
		const result = await t.run(getAccount(100001));
		expect(result.error!.httpCode).toBe('403');
		expect(result.error!.message).toMatch(/no access/i);
		expect(result.error!.description).toMatch(/project/);
	});

	it('404: an id that exists nowhere', async () => {
		const result = await t.run(getAccount(999999));
		expect(result.error!.httpCode).toBe('404');
		expect(result.error!.message).toMatch(/not found/i);
	});

	it('422: a value the service refuses, with its field details', async () => {
		const result = await t.run({
			resource: 'account',
			operation: 'update',
			accountId: byId(2),
			updateFields: { alias: 'x@example.com' },
		});
		expect(result.error!.httpCode).toBe('422');
		expect(result.error!.description).toMatch(/"errors":\{"alias"/);
	});

	it('429: retried after Retry-After, then the answer comes through', async () => {
		await t.fault('429', 'GET /accounts', { count: 2, retryAfter: '0' });
		const result = await t.run(getAccount(1));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].id).toBe(1);
		expect((await t.requests()).map((r) => r.status)).toEqual([429, 429, 200]);
	});

	it('429: gives up after the retries with the rate-limit guidance', async () => {
		await t.fault('429', 'GET /accounts', { count: 20, retryAfter: '0' });
		const result = await t.run(getAccount(1));
		expect(result.error!.httpCode).toBe('429');
		expect(result.error!.description).toMatch(/Too many requests/);
		expect((await t.requests()).length).toBe(5); // one try and four retries
	});
});

describe('continue on fail', () => {
	const input = [{ id: 1 }, { id: 999999 }, { id: 'abc' }, { id: 100001 }, { id: 2 }];

	it('gives an error item for each bad input and goes on with the good ones, every item paired', async () => {
		const result = await t.run(getAccount('={{ $json.id }}'), { input, continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(5);
		expect(result.items.map((item) => item.pairedItem)).toEqual(input.map((_, item) => ({ item })));
		const [one, missing, bad, forbidden, two] = jsonOf(result);
		expect(one.id).toBe(1);
		expect(two.id).toBe(2);
		expect(missing).toEqual(
			expect.objectContaining({ error: expect.stringMatching(/not found/i), httpCode: '404' }),
		);
		expect(bad).toEqual(
			expect.objectContaining({ error: expect.stringMatching(/"Mailbox".*whole number/) }),
		);
		expect(forbidden).toEqual(
			expect.objectContaining({ error: expect.any(String), httpCode: '403' }),
		);
		// the invalid item never reached the service
		expect((await t.requests()).map((r) => local(r.path))).toEqual([
			'/accounts/1',
			'/accounts/999999',
			'/accounts/100001',
			'/accounts/2',
		]);
	});

	it('pairs every item of a multi-item answer with its input (aliases), and error items too', async () => {
		const result = await t.run(
			{ resource: 'account', operation: 'getAliases', accountId: byId('={{ $json.id }}') },
			{ input: [{ id: 1 }, { id: 'x' }, { id: 1 }], continueOnFail: true },
		);
		expect(
			result.items.map((item) => [
				(item.json as IDataObject).error ? 'error' : 'alias',
				item.pairedItem,
			]),
		).toEqual([
			['alias', { item: 0 }],
			['alias', { item: 0 }],
			['error', { item: 1 }],
			['alias', { item: 2 }],
			['alias', { item: 2 }],
		]);
	});

	it('validation errors of update become error items naming the field', async () => {
		const result = await t.run(
			{
				resource: 'account',
				operation: 'update',
				accountId: byId(1),
				updateFields: { config_rampup_target: '={{ $json.target }}' },
			},
			{ input: [{ target: 10 }, { target: 99 }], continueOnFail: true },
		);
		const [good, bad] = jsonOf(result);
		expect(good.config_rampup_target).toBe(10);
		expect(bad.error).toMatch(/"Update Fields → Ramp-Up Target".*3 to 35/);
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
	});

	it('without Continue On Fail, the first bad item stops the run and names its index', async () => {
		const result = await t.run(getAccount('={{ $json.id }}'), { input });
		expect(result.error!.httpCode).toBe('404');
		expect((result.error!.context as IDataObject).itemIndex).toBe(1);
	});
});

describe('credential header forms', () => {
	it('sends "Bearer <key>" by default and the raw key when asked; both are accepted', async () => {
		const bearer = await t.run(getAccount(1), { headerForm: 'bearer' });
		const raw = await t.run(getAccount(1), { headerForm: 'raw' });
		expect(bearer.error).toBeUndefined();
		expect(raw.error).toBeUndefined();
		expect((await t.requests()).map((r) => r.headerForm)).toEqual(['bearer', 'raw']);
	});

	it('a key pasted with its "Bearer " prefix works in both forms', async () => {
		const key = `Bearer ${t.sandbox.apiKeys.A}`;
		const bearer = await t.run(getAccount(1), { apiKey: key, headerForm: 'bearer' });
		const raw = await t.run(getAccount(1), { apiKey: key, headerForm: 'raw' });
		expect([bearer.error, raw.error]).toEqual([undefined, undefined]);
		expect((await t.requests()).map((r) => [r.headerForm, r.status])).toEqual([
			['bearer', 200],
			['raw', 200],
		]);
	});

	it("project B's key sees project B's accounts only", async () => {
		const result = await t.run(getAccount(100001), {
			apiKey: t.sandbox.apiKeys.B,
			headerForm: 'raw',
		});
		expect(jsonOf(result)[0].id).toBe(100001);
		expect((await t.requests())[0].project).toBe('B');
	});
});

describe("validation errors in the user's words", () => {
	it('names every invalid field of an item by its label on screen, all at once, before any request', async () => {
		const result = await t.run(
			{
				resource: 'automatedTest',
				operation: 'update',
				automatedTestId: byId('={{ $json.id }}'),
				updateFields: { hour: 24, time_zone: 'Mars/Olympus', repeat_period: 'MONTH' },
			},
			{ input: [{ id: 'abc' }] },
		);
		expect(result.error?.message).toBe(
			'4 invalid fields: "Automated Test": expected a whole number, got "abc"; "Update Fields → Hour": 24 is above the maximum 23 (allowed: 0 to 23); "Update Fields → Repeat Period": "MONTH" is not one of DAY, WEEK; "Update Fields → Time Zone": "Mars/Olympus" is not an IANA time zone name',
		);
		expect(result.error?.description).toMatch(
			/Update Fields → Time Zone: Use a name like Europe\/Paris/,
		);
		expect(await t.requests()).toHaveLength(0);
	});

	it('stops the request of an operation that never checks itself (a list with a bad limit and a bad option)', async () => {
		const result = await t.run({
			resource: 'spamTest',
			operation: 'getAll',
			limit: 0,
			options: { order: 'up' },
		});
		expect(result.error?.message).toMatch(/^2 invalid fields: /);
		expect(result.error?.message).toContain('"Limit": 0 is below the minimum 1');
		expect(result.error?.message).toContain('"Options → Order": "up" is not one of asc, desc');
		expect(await t.requests()).toHaveLength(0);
	});

	it('with Continue On Fail, each bad item lists its own problems and the good ones go on', async () => {
		const result = await t.run(
			{
				resource: 'automatedTest',
				operation: 'update',
				automatedTestId: byId(1),
				updateFields: { hour: '={{ $json.hour }}', active: true, time_zone: 'UTC' },
			},
			{ input: [{ hour: 99 }, { hour: 5 }], continueOnFail: true },
		);
		const out = jsonOf(result);
		expect(out[0].error).toBe(
			'Invalid "Update Fields → Hour": 99 is above the maximum 23 (allowed: 0 to 23)',
		);
		expect(out[1]).toMatchObject({ id: 1, hour: 5 });
		expect((await t.requests()).map((r) => r.body)).toEqual([
			{ active: true, hour: 5, time_zone: 'UTC' },
		]);
	});
});
