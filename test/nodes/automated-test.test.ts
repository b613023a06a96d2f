/** Automated test operations through n8n's real engine against the sandbox: create, get, getAll, update, setRuns. */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, useSandbox } from './context';

const t = useSandbox();

const listRequests = async () =>
	(await t.requests()).filter((r) => r.method === 'GET' && r.path === '/automated_tests');

describe('automatedTest create', () => {
	it('creates an inactive test for the account', async () => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'create',
			accountId: byId(1),
		});
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out).toMatchObject({
			active: false,
			account_ids: [1],
			repeat_period: 'WEEK',
			repeat_period_delay: 1,
		});
		expect(typeof out.id).toBe('number');
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({
			method: 'POST',
			path: '/automated_tests',
			body: { account_id: 1 },
			status: 201,
		});
	});

	it('takes the account id from the list mode and from an expression', async () => {
		const fromList = await t.run({
			resource: 'automatedTest',
			operation: 'create',
			accountId: { __rl: true, mode: 'list', value: '2' },
		});
		expect(jsonOf(fromList)[0].account_ids).toEqual([2]);
		const fromExpression = await t.run(
			{ resource: 'automatedTest', operation: 'create', accountId: byId('={{ $json.account }}') },
			{ input: [{ account: 3 }] },
		);
		expect(jsonOf(fromExpression)[0].account_ids).toEqual([3]);
		expect((await t.requests()).map((r) => r.body)).toEqual([{ account_id: 2 }, { account_id: 3 }]);
	});

	it("surfaces 403 for another project's account and 422 for a disconnected one (IMAP issue)", async () => {
		const other = await t.run({
			resource: 'automatedTest',
			operation: 'create',
			accountId: byId(100001),
		});
		expect(other.error?.httpCode).toBe('403');
		const disconnected = await t.run({
			resource: 'automatedTest',
			operation: 'create',
			accountId: byId(13),
		});
		expect(disconnected.error?.httpCode).toBe('422');
		// Creates are not retried on 4xx.
		expect((await t.requests()).map((r) => r.status)).toEqual([403, 422]);
	});

	it.each([['abc'], ['0'], ['-4'], ['1.5'], [''], ['2147483648']])(
		'refuses account id %p from an expression before any request',
		async (id) => {
			const result = await t.run(
				{ resource: 'automatedTest', operation: 'create', accountId: byId('={{ $json.id }}') },
				{ input: [{ id }] },
			);
			expect(result.error?.message).toMatch(/"Account"/);
			expect(await t.requests()).toHaveLength(0);
		},
	);
});

describe('automatedTest get', () => {
	it('returns one test with its runs', async () => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'get',
			automatedTestId: byId(2),
		});
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out.id).toBe(2);
		expect(Array.isArray(out.automated_test_runs)).toBe(true);
		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({ method: 'GET', path: '/automated_tests/2', status: 200 });
	});

	it('surfaces 404 and 403', async () => {
		expect(
			(await t.run({ resource: 'automatedTest', operation: 'get', automatedTestId: byId(99999) }))
				.error?.httpCode,
		).toBe('404');
		expect(
			(await t.run({ resource: 'automatedTest', operation: 'get', automatedTestId: byId(33) }))
				.error?.httpCode,
		).toBe('403');
	});

	it('refuses a non-numeric id before any request', async () => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'get',
			automatedTestId: byId('={{ "seven" }}'),
		});
		expect(result.error?.message).toMatch(/"Automated Test"/);
		expect(await t.requests()).toHaveLength(0);
	});
});

describe('automatedTest getAll', () => {
	it('Return All walks both pages (32 tests, 25 per page)', async () => {
		const result = await t.run({ resource: 'automatedTest', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(32);
		expect(new Set(jsonOf(result).map((x) => x.id)).size).toBe(32);
		expect((await listRequests()).map((r) => r.query.page)).toEqual(['0', '1']);
	});

	it('Limit 30 and Limit 25 each read page 0 only, asking per_page = the limit', async () => {
		const thirty = await t.run({ resource: 'automatedTest', operation: 'getAll', limit: 30 });
		expect(thirty.items).toHaveLength(30);
		expect((await listRequests()).map((r) => [r.query.page, r.query.per_page])).toEqual([
			['0', '30'],
		]);
		await t.clearRequests();
		const twentyFive = await t.run({ resource: 'automatedTest', operation: 'getAll', limit: 25 });
		expect(twentyFive.items).toHaveLength(25);
		expect((await listRequests()).map((r) => r.query.page)).toEqual(['0']);
	});

	it('filters on active (both values) and omits it when not set', async () => {
		const active = await t.run({
			resource: 'automatedTest',
			operation: 'getAll',
			returnAll: true,
			filters: { active: true },
		});
		const inactive = await t.run({
			resource: 'automatedTest',
			operation: 'getAll',
			returnAll: true,
			filters: { active: false },
		});
		expect(jsonOf(active).every((x) => x.active === true)).toBe(true);
		expect(jsonOf(inactive).every((x) => x.active === false)).toBe(true);
		expect(active.items.length + inactive.items.length).toBe(32);
		const queries = (await listRequests()).map((r) => r.query);
		expect(queries[0]).toEqual({ page: '0', per_page: '100', active: 'true' });
		expect(queries[queries.length - 1]).toEqual({ page: '0', per_page: '100', active: 'false' });
	});

	it('passes search, sort and order with their API names', async () => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'getAll',
			returnAll: true,
			filters: { search: 'newsletter' },
			options: { sort: 'created_at', order: 'asc' },
		});
		expect(result.error).toBeUndefined();
		const out = jsonOf(result);
		expect(out.length).toBeGreaterThan(0);
		expect(out.every((x) => String(x.subject).toLowerCase().includes('newsletter'))).toBe(true);
		const created = out.map((x) => String(x.created_at));
		expect(created).toEqual([...created].sort());
		expect((await listRequests())[0].query).toEqual({
			page: '0',
			per_page: '100',
			search: 'newsletter',
			sort: 'created_at',
			order: 'asc',
		});
	});

	it.each([
		['order', { options: { order: 'asc' } }, /only together with Sort/],
		['sort', { options: { sort: 'subject' } }, /"Options → Sort"/],
		['order', { options: { sort: 'created_at', order: 'random' } }, /"Options → Order"/],
		['active', { filters: { active: 'maybe' } }, /"Filters → Active"/],
		['limit', { limit: -1 }, /"Limit"/],
	])('refuses a bad %s before any request', async (_field, parameters, message) => {
		const result = await t.run({ resource: 'automatedTest', operation: 'getAll', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(await t.requests()).toHaveLength(0);
	});
});

describe('automatedTest update', () => {
	it('activates the test and sends only the fields given, with their API names', async () => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'update',
			automatedTestId: byId(3),
			updateFields: {
				active: true,
				account_id: 4,
				btob: true,
				btoc: false,
				hour: 23,
				repeat_period: 'DAY',
				repeat_period_delay: 2,
				seedlist: 0,
				time_zone: 'America/New_York',
			},
		});
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out).toMatchObject({
			id: 3,
			active: true,
			account_ids: [4],
			btob: true,
			btoc: false,
			hour: 23,
			repeat_period: 'DAY',
			repeat_period_delay: 2,
			seedlist: 0,
			time_zone: 'America/New_York',
		});
		expect([3, 4]).toContain(out.utc_hour);
		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({
			method: 'POST',
			path: '/automated_tests/3',
			status: 200,
			body: {
				active: true,
				account_id: 4,
				btob: true,
				btoc: false,
				hour: 23,
				repeat_period: 'DAY',
				repeat_period_delay: 2,
				seedlist: 0,
				time_zone: 'America/New_York',
			},
		});
	});

	it('takes the account and the time zone from their pickers (list mode) and from a typed name', async () => {
		const picked = await t.run({
			resource: 'automatedTest',
			operation: 'update',
			automatedTestId: byId(3),
			updateFields: {
				account_id: {
					__rl: true,
					mode: 'list',
					value: '4',
					cachedResultName: 'john.doe@acme-mail.com',
				},
				time_zone: {
					__rl: true,
					mode: 'list',
					value: 'Asia/Tokyo',
					cachedResultName: 'Asia/Tokyo (UTC+09:00)',
				},
				active: true,
			},
		});
		expect(jsonOf(picked)[0]).toMatchObject({ account_ids: [4], time_zone: 'Asia/Tokyo' });
		const typed = await t.run({
			resource: 'automatedTest',
			operation: 'update',
			automatedTestId: byId(3),
			updateFields: {
				time_zone: { __rl: true, mode: 'id', value: '={{ "America/New_York" }}' },
				active: false,
			},
		});
		expect(jsonOf(typed)[0]).toMatchObject({ time_zone: 'America/New_York', active: false });
		expect((await t.requests()).map((r) => r.body)).toEqual([
			{ account_id: 4, time_zone: 'Asia/Tokyo', active: true },
			{ time_zone: 'America/New_York', active: false },
		]);
	});

	it('changes only what was set: Hour alone keeps the test active and in its time zone (read first)', async () => {
		// An active test in America/New_York (the project's zone is Europe/Paris).
		const prepared = await t.api<IDataObject>('POST', '/automated_tests/3', {
			active: true,
			time_zone: 'America/New_York',
			hour: 8,
			btob: true,
		});
		expect(prepared.status).toBe(200);
		const before = (await t.api<IDataObject>('GET', '/automated_tests/3')).data;
		await t.clearRequests();
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'update',
			automatedTestId: byId(3),
			updateFields: { hour: 10 },
		});
		expect(result.error).toBeUndefined();
		const after = (await t.api<IDataObject>('GET', '/automated_tests/3')).data;
		expect(after).toEqual({ ...before, hour: 10, utc_hour: after.utc_hour });
		expect(after).toMatchObject({ active: true, time_zone: 'America/New_York' });
		const log = (await t.requests()).filter((r) => r.path === '/automated_tests/3');
		expect(log.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200', 'POST 200', 'GET 200']);
		expect(log[1].body).toEqual({ hour: 10, active: true, time_zone: 'America/New_York' });
	});

	it('the trap is real: the sandbox, like the service, resets an omitted time zone and refuses an update without active', async () => {
		await t.api('POST', '/automated_tests/3', { active: true, time_zone: 'America/New_York' });
		const reset = await t.api<IDataObject>('POST', '/automated_tests/3', {
			active: true,
			hour: 10,
		});
		expect(reset.data.time_zone).toBe('Europe/Paris');
		expect((await t.api('POST', '/automated_tests/3', { hour: 10 })).status).toBe(400);
	});

	it('sends what was set without reading when Active and Time Zone are both set', async () => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'update',
			automatedTestId: byId(1),
			updateFields: { active: false, time_zone: 'Asia/Tokyo' },
		});
		expect(jsonOf(result)[0]).toMatchObject({ active: false, time_zone: 'Asia/Tokyo' });
		const log = await t.requests();
		expect(log.map((r) => r.method)).toEqual(['POST']);
		expect(log[0].body).toEqual({ active: false, time_zone: 'Asia/Tokyo' });
	});

	it('Active alone keeps the time zone; Time Zone alone keeps the state', async () => {
		await t.api('POST', '/automated_tests/2', { active: true, time_zone: 'Asia/Tokyo' });
		await t.clearRequests();
		const paused = await t.run({
			resource: 'automatedTest',
			operation: 'update',
			automatedTestId: byId(2),
			updateFields: { active: false },
		});
		expect(jsonOf(paused)[0]).toMatchObject({ active: false, time_zone: 'Asia/Tokyo' });
		const moved = await t.run({
			resource: 'automatedTest',
			operation: 'update',
			automatedTestId: byId(2),
			updateFields: { time_zone: 'UTC' },
		});
		expect(jsonOf(moved)[0]).toMatchObject({ active: false, time_zone: 'UTC' });
		const posts = (await t.requests()).filter((r) => r.method === 'POST').map((r) => r.body);
		expect(posts).toEqual([
			{ active: false, time_zone: 'Asia/Tokyo' },
			{ time_zone: 'UTC', active: false },
		]);
	});

	it('refuses an update with no field before any request', async () => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'update',
			automatedTestId: byId(1),
			updateFields: {},
		});
		expect(result.error?.message).toMatch(/Update Fields/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('surfaces a 404 of the read (unknown test) and sends no update', async () => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'update',
			automatedTestId: byId(99999),
			updateFields: { hour: 3 },
		});
		expect(result.error?.httpCode).toBe('404');
		expect((await t.requests()).map((r) => r.method)).toEqual(['GET']);
	});

	it('accepts values from expressions (numeric strings, boolean strings)', async () => {
		const result = await t.run(
			{
				resource: 'automatedTest',
				operation: 'update',
				automatedTestId: byId('={{ $json.id }}'),
				updateFields: {
					active: '={{ $json.on }}',
					hour: '={{ $json.hour }}',
					time_zone: '={{ $json.tz }}',
				},
			},
			{ input: [{ id: '5', on: 'true', hour: '7', tz: 'Asia/Tokyo' }] },
		);
		expect(result.error).toBeUndefined();
		expect((await t.requests())[0].body).toEqual({
			active: true,
			hour: 7,
			time_zone: 'Asia/Tokyo',
		});
	});

	it.each([
		['Update Fields → Hour', { hour: 24 }],
		['Update Fields → Hour', { hour: -1 }],
		['Update Fields → Hour', { hour: 9.5 }],
		['Update Fields → Repeat Period', { repeat_period: 'MONTH' }],
		['Update Fields → Repeat Period', { repeat_period: 'week ' }],
		['Update Fields → Repeat Every (Units)', { repeat_period_delay: 0 }],
		['Update Fields → Seedlist', { seedlist: 5 }],
		['Update Fields → Time Zone', { time_zone: 'Mars/Olympus' }],
		['Update Fields → Time Zone', { time_zone: 'CEST' }],
		['Update Fields → Time Zone', { time_zone: '' }],
		['Update Fields → Account', { account_id: 'john' }],
	])('refuses a bad %s before any request', async (field, updateFields) => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'update',
			automatedTestId: byId(1),
			updateFields: { active: true, ...updateFields },
		});
		expect(result.error?.message).toContain(`"${field}"`);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(await t.requests()).toHaveLength(0);
	});

	it('refuses a non-boolean active from an expression before any request', async () => {
		const result = await t.run(
			{
				resource: 'automatedTest',
				operation: 'update',
				automatedTestId: byId(1),
				updateFields: { active: '={{ $json.on }}' },
			},
			{ input: [{ on: 'yes' }] },
		);
		expect(result.error?.message).toContain('"Update Fields → Active"');
		expect(await t.requests()).toHaveLength(0);
	});

	it("surfaces a 403 when re-associating with another project's account", async () => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'update',
			automatedTestId: byId(1),
			updateFields: { active: true, account_id: 100001 },
		});
		expect(result.error?.httpCode).toBe('403');
	});
});

describe('automatedTest setRuns', () => {
	it('maps Monday..Sunday to ISO numbers 1..7, sorted and without duplicates', async () => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'setRuns',
			automatedTestId: byId(3),
			weekdays: [7, 1, 5],
		});
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect((out.automated_test_runs as IDataObject[]).map((r) => r.weekday).sort()).toEqual([
			1, 5, 7,
		]);
		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({
			method: 'POST',
			path: '/automated_tests/3/runs',
			body: { weekdays: [1, 5, 7] },
			status: 200,
		});
	});

	it('accepts day names and numbers from an expression', async () => {
		const result = await t.run(
			{
				resource: 'automatedTest',
				operation: 'setRuns',
				automatedTestId: byId(4),
				weekdays: '={{ $json.days }}',
			},
			{ input: [{ days: ['tuesday', 'Saturday', 2, '4'] }] },
		);
		expect(result.error).toBeUndefined();
		expect((await t.requests())[0].body).toEqual({ weekdays: [2, 4, 6] });
	});

	it.each([
		['no day', '={{ [] }}'],
		['day 0', [0]],
		['day 8', [8]],
		['an unknown name', ['Funday']],
	])('refuses %s before any request', async (_label, weekdays) => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'setRuns',
			automatedTestId: byId(3),
			weekdays,
		});
		expect(result.error?.message).toContain('"Weekdays"');
		expect(await t.requests()).toHaveLength(0);
	});
});
