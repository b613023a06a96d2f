/**
 * Account operations through n8n's real engine against the sandbox: get, getAll (filters, Return All / Limit across
 * pages of 50), update (every field, every range), pause/resume and getAliases (Connect IMAP/SMTP: account-connect.test.ts), with the
 * request the sandbox received checked each time, and no request at all when validation fails.
 */
import type { IDataObject } from 'n8n-workflow';

import { aliasItems } from '../../nodes/Deliverability/resources/account/getAliases';
import { byId, jsonOf, useSandbox } from './context';

// 130 accounts in project A: 121 are warming-enabled (the default list), so Return All walks 3 pages of 50.
const t = useSandbox({ accounts: 130 });

const account = (operation: string, extra: IDataObject = {}) => ({
	resource: 'account',
	operation,
	...extra,
});

async function apiRequests() {
	return await t.requests();
}

/** Walks the list the way the service pages it, to know what the node should return. */
async function allAccounts(query: IDataObject = {}): Promise<IDataObject[]> {
	const out: IDataObject[] = [];
	for (let page = 0; ; page++) {
		const { data } = await t.api<IDataObject[]>('GET', '/accounts', undefined, { ...query, page });
		out.push(...data);
		if (data.length < 50) return out;
	}
}

function pagesOf(requests: Array<{ query: Record<string, string> }>): string[] {
	return requests.map((r) => r.query.page);
}

function expectValidationError(result: { error?: Error; items: unknown[] }, pattern: RegExp) {
	expect(result.error).toBeDefined();
	expect(result.error!.name).toBe('NodeOperationError');
	expect(result.error!.message).toMatch(pattern);
	expect(result.items).toHaveLength(0);
}

describe('account getAll', () => {
	it('Limit 60 asks one page of per_page 60 and returns 60 accounts', async () => {
		const result = await t.run(account('getAll', { returnAll: false, limit: 60 }));
		expect(result.error).toBeUndefined();
		const items = jsonOf(result);
		expect(items).toHaveLength(60);
		const requests = await apiRequests();
		expect(requests.every((r) => r.method === 'GET' && /\/accounts$/.test(r.path))).toBe(true);
		expect(pagesOf(requests)).toEqual(['0']);
		expect(requests[0].query.per_page).toBe('60');
		const expected = await allAccounts();
		expect(items.map((a) => a.id)).toEqual(expected.slice(0, 60).map((a) => a.id));
	});

	it('Return All reads pages of 100 (the short page 1 ends it, nothing asked past it) and returns every warming account', async () => {
		const expected = await allAccounts();
		expect(expected.length).toBe(121);
		await t.clearRequests();
		const result = await t.run(account('getAll', { returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((a) => a.id)).toEqual(expected.map((a) => a.id));
		const requests = await apiRequests();
		expect(requests.every((r) => r.method === 'GET' && /\/accounts$/.test(r.path))).toBe(true);
		expect(pagesOf(requests).sort()).toEqual(['0', '1']);
		expect(requests.every((r) => r.query.per_page === '100')).toBe(true);
	});

	it('Limit below one page asks for page 0 only', async () => {
		const result = await t.run(account('getAll', { returnAll: false, limit: 5 }));
		expect(jsonOf(result)).toHaveLength(5);
		expect(pagesOf(await apiRequests())).toEqual(['0']);
	});

	it('sends every filter under its query name and the sandbox applies them', async () => {
		const result = await t.run(
			account('getAll', {
				returnAll: true,
				filters: { search: ' john ', tags: 'sales, us', max_score: 101, include_spamchecker: true },
			}),
		);
		expect(result.error).toBeUndefined();
		const [request] = await apiRequests();
		expect(request.query).toEqual({
			search: 'john',
			tags: 'sales,us',
			max_score: '101',
			include_spamchecker: 'true',
			page: '0',
			per_page: '100',
		});
		const expected = await allAccounts({
			search: 'john',
			tags: 'sales,us',
			max_score: 101,
			include_spamchecker: true,
		});
		expect(jsonOf(result).map((a) => a.id)).toEqual(expected.map((a) => a.id));
	});

	it('spamchecker_only lists accounts enabled for spam tests and not for warming', async () => {
		const result = await t.run(
			account('getAll', { returnAll: true, filters: { spamchecker_only: true } }),
		);
		const items = jsonOf(result);
		expect(items.length).toBeGreaterThan(0);
		for (const a of items)
			expect([a.spamchecker_enabled, a.warming_enabled]).toEqual([true, false]);
		expect((await apiRequests())[0].query.spamchecker_only).toBe('true');
	});

	it('max_score keeps accounts strictly below it', async () => {
		const result = await t.run(account('getAll', { returnAll: true, filters: { max_score: 30 } }));
		const items = jsonOf(result);
		expect(items.length).toBeGreaterThan(0);
		for (const a of items) expect(a.score as number).toBeLessThan(30);
	});

	it('passes additional query parameters through and refuses "page"', async () => {
		const ok = await t.run(
			account('getAll', {
				returnAll: false,
				limit: 3,
				additionalQuery: { parameter: [{ name: 'search', value: 'jane' }] },
			}),
		);
		expect(ok.error).toBeUndefined();
		expect((await apiRequests())[0].query.search).toBe('jane');
		await t.clearRequests();
		const bad = await t.run(
			account('getAll', { additionalQuery: { parameter: [{ name: 'page', value: '3' }] } }),
		);
		expectValidationError(bad, /page/);
		expect(await apiRequests()).toHaveLength(0);
	});

	it('Simplify keeps the main fields and turns tags into names', async () => {
		const result = await t.run(account('getAll', { returnAll: false, limit: 2, simplify: true }));
		const [first] = jsonOf(result);
		expect(Object.keys(first)).toEqual(expect.arrayContaining(['id', 'email', 'alive', 'score']));
		expect(first.config_rampup_target).toBeUndefined();
		expect((first.tags as unknown[]).every((tag) => typeof tag === 'string')).toBe(true);
	});

	it('rejects a max_score that is not a whole number (from an expression) before any request', async () => {
		const result = await t.run(account('getAll', { filters: { max_score: '={{ "lots" }}' } }));
		expectValidationError(result, /"Filters → Max Score"/);
		expect(await apiRequests()).toHaveLength(0);
	});
});

describe('account get', () => {
	it('with Simplify off returns the single form with domain and per-provider scores', async () => {
		const result = await t.run(account('get', { accountId: byId(1), simplify: false }));
		expect(result.error).toBeUndefined();
		const [a] = jsonOf(result);
		expect(a.id).toBe(1);
		expect(a.email).toMatch(/^john\.doe\+promo@/);
		expect(a.domain).toEqual(expect.objectContaining({ domain: expect.any(String) }));
		expect(a.score_gmail).toEqual(expect.any(Number));
		const requests = await apiRequests();
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			expect.stringMatching(/^GET .*\/accounts\/1$/),
		]);
	});

	it('accepts the list mode of the locator and an ID with spaces', async () => {
		const fromList = await t.run(
			account('get', { accountId: { __rl: true, mode: 'list', value: '2' } }),
		);
		expect(jsonOf(fromList)[0].id).toBe(2);
		const spaced = await t.run(account('get', { accountId: byId(' 3 ') }));
		expect(jsonOf(spaced)[0].id).toBe(3);
	});

	it('rejects an ID that is not a whole number before any request', async () => {
		const result = await t.run(account('get', { accountId: byId('={{ "abc" }}') }));
		expectValidationError(result, /"Account"/);
		expect(await apiRequests()).toHaveLength(0);
	});
});

describe('account update', () => {
	it('sends exactly the fields added, under their API names, and returns the updated account', async () => {
		const updateFields = {
			config_max_conversation_running: 35,
			config_rampup_increase: 0,
			config_rampup_target: 3,
			config_smtp_append_after_sent: true,
			autopilot: false,
			desc: 'EU sales mailbox',
			first_name: 'Johnny',
			last_name: 'Doe-Smith',
			signature: '<p>Johnny</p>',
			time_zone: 'Asia/Tokyo',
			imap_issue: true,
			alive: false,
		};
		const result = await t.run(account('update', { accountId: byId(1), updateFields }));
		expect(result.error).toBeUndefined();
		const [a] = jsonOf(result);
		expect(a).toEqual(expect.objectContaining(updateFields));
		expect(a.domain).toBeDefined();
		const [request] = await apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toMatch(/\/accounts\/1$/);
		expect(request.body).toEqual(updateFields);
		const { data } = await t.api<IDataObject>('GET', '/accounts/1');
		expect(data).toEqual(expect.objectContaining(updateFields));
	});

	it('accepts values from expressions (numeric text, boolean text)', async () => {
		const result = await t.run(
			account('update', {
				accountId: byId('={{ 2 }}'),
				updateFields: { config_rampup_target: '={{ "12" }}', autopilot: '={{ "true" }}' },
			}),
		);
		expect(result.error).toBeUndefined();
		const [request] = await apiRequests();
		expect(request.body).toEqual({ config_rampup_target: 12, autopilot: true });
	});

	it('switches to an alias listed by Get Aliases (the email becomes the alias)', async () => {
		const aliases = jsonOf(await t.run(account('getAliases', { accountId: byId(1) })));
		const alias = aliases[0].email as string;
		const result = await t.run(account('update', { accountId: byId(1), updateFields: { alias } }));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].email).toBe(alias);
	});

	it.each([
		[
			'config_max_conversation_running',
			36,
			/"Update Fields → Max Conversations Running".*above the maximum 35/,
		],
		[
			'config_max_conversation_running',
			-1,
			/"Update Fields → Max Conversations Running".*below the minimum 0/,
		],
		['config_rampup_increase', 6, /"Update Fields → Ramp-Up Increase".*0 to 5/],
		['config_rampup_target', 2, /"Update Fields → Ramp-Up Target".*3 to 35/],
		['config_rampup_target', 36, /"Update Fields → Ramp-Up Target".*3 to 35/],
		['config_rampup_target', '={{ 7.5 }}', /"Update Fields → Ramp-Up Target".*whole number/],
		['time_zone', 'Mars/Olympus_Mons', /"Update Fields → Time Zone".*IANA/],
		['time_zone', '={{ "CEST" }}', /"Update Fields → Time Zone".*IANA/],
		['alias', '={{ 42 }}', /"Update Fields → Alias"/],
		['alias', '', /"Update Fields → Alias"/],
		['alive', '={{ "maybe" }}', /"Update Fields → Active \(Alive\)".*true or false/],
		['desc', '={{ 12 }}', /"Update Fields → Description".*text/],
	])('rejects %s = %p before any request', async (field, value, pattern) => {
		const result = await t.run(
			account('update', { accountId: byId(1), updateFields: { [field]: value } }),
		);
		expectValidationError(result, pattern);
		expect((result.error as unknown as { context: IDataObject }).context.itemIndex).toBe(0);
		expect(await apiRequests()).toHaveLength(0);
	});

	it('refuses an empty update and says how to pause or resume', async () => {
		const result = await t.run(account('update', { accountId: byId(1), updateFields: {} }));
		expectValidationError(result, /Nothing to update/);
		expect(result.error!.description).toMatch(/Pause and Resume/);
		expect(await apiRequests()).toHaveLength(0);
	});

	it('reports the service refusal of an alias that is not listed (422) with its details', async () => {
		const result = await t.run(
			account('update', { accountId: byId(2), updateFields: { alias: 'nobody@example.com' } }),
		);
		expect(result.error).toBeDefined();
		expect(result.error!.name).toBe('NodeApiError');
		expect(result.error!.httpCode).toBe('422');
		expect(result.error!.description).toMatch(/alias/);
	});
});

describe('account pause and resume', () => {
	it('pause sends alive: false and resume alive: true', async () => {
		const paused = await t.run(account('pause', { accountId: byId(4) }));
		expect(paused.error).toBeUndefined();
		expect(jsonOf(paused)[0]).toEqual(expect.objectContaining({ id: 4, alive: false }));
		expect((await t.api<IDataObject>('GET', '/accounts/4')).data.alive).toBe(false);

		const resumed = await t.run(account('resume', { accountId: byId(4) }));
		expect(jsonOf(resumed)[0]).toEqual(expect.objectContaining({ id: 4, alive: true }));

		const requests = (await apiRequests()).filter((r) => r.method === 'POST');
		expect(requests.map((r) => [r.path.replace(/^.*(\/accounts)/, '$1'), r.body])).toEqual([
			['/accounts/4', { alive: false }],
			['/accounts/4', { alive: true }],
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
		const [request] = await apiRequests();
		expect(`${request.method} ${request.path}`).toMatch(/^GET .*\/accounts\/1\/aliases$/);
	});

	it('returns no items for an account without aliases', async () => {
		const result = await t.run(account('getAliases', { accountId: byId(2) }));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(0);
		const hints = JSON.stringify(
			result.run.data.resultData.runData['Node Under Test'][0].hints ?? [],
		);
		expect(hints).toMatch(/no aliases/);
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
