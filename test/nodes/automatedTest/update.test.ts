/**
 * Automated Test → Update through n8n's real engine against the sandbox: only the fields given, under their API
 * names, changing only what was set (reading the test first when the service would reset a field), its errors.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox();

const automatedTest = parametersOf('automatedTest');

/** Automated Test → Update of the test with this id (as typed in the picker's ID mode), with these Update Fields. */
const update = (id: number | string, updateFields: IDataObject) =>
	automatedTest('update', { automatedTestId: byId(id), updateFields });

describe('automatedTest update', () => {
	it('version 1.1 answers which settings changed and the schedule now, in words; Raw gives the test', async () => {
		const parameters = update(3, { active: true, hour: 7 });
		const words = await t.run(parameters, { typeVersion: 1.1 });
		expect(words.error).toBeUndefined();
		const [said] = jsonOf(words);
		expect(said).toMatchObject({
			id: 3,
			active: true,
			hour: 7,
			updated: ['active', 'hour'],
			outcome: 'updated',
		});
		expect(said.message).toMatch(
			/^Automated test 3 updated \(active, hour\), active, runs .*at 7:00/,
		);
		const raw = await t.run({ ...parameters, output: 'raw' }, { typeVersion: 1.1 });
		expect(jsonOf(raw)[0]).toMatchObject({ id: 3, active: true, hour: 7 });
		expect(jsonOf(raw)[0]).not.toHaveProperty('updated');
	});

	it('activates the test and sends only the fields given, with their API names', async () => {
		// Every Update Field, each under its API name: what is sent is what was set, word for word.
		const fields = {
			active: true,
			account_id: 4,
			btob: true,
			btoc: false,
			hour: 23,
			repeat_period: 'DAY',
			repeat_period_delay: 2,
			seedlist: 0,
			time_zone: 'America/New_York',
		};
		const result = await t.run(update(3, fields));
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		// The test answers each as set, the mailbox among its account_ids.
		const { account_id: mailbox, ...settings } = fields;
		expect(out).toMatchObject({ id: 3, ...settings, account_ids: [mailbox] });
		expect([3, 4]).toContain(out.utc_hour);
		const sent = await t.onlyRequest();
		expect(sent).toMatchObject({ method: 'POST', path: '/automated_tests/3', status: 200 });
		expect(sent.body).toEqual(fields);
	});

	it('takes the account and the time zone from their pickers (list mode) and from a typed name', async () => {
		const picked = await t.run(
			update(3, {
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
			}),
		);
		expect(jsonOf(picked)[0]).toMatchObject({ account_ids: [4], time_zone: 'Asia/Tokyo' });
		const typed = await t.run(
			update(3, {
				time_zone: { __rl: true, mode: 'id', value: '={{ "America/New_York" }}' },
				active: false,
			}),
		);
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
		const result = await t.run(update(3, { hour: 10 }));
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
		const result = await t.run(update(1, { active: false, time_zone: 'Asia/Tokyo' }));
		expect(jsonOf(result)[0]).toMatchObject({ active: false, time_zone: 'Asia/Tokyo' });
		const log = await t.requests();
		expect(log.map((r) => r.method)).toEqual(['POST']);
		expect(log[0].body).toEqual({ active: false, time_zone: 'Asia/Tokyo' });
	});

	it('Active alone keeps the time zone; Time Zone alone keeps the state', async () => {
		await t.api('POST', '/automated_tests/2', { active: true, time_zone: 'Asia/Tokyo' });
		await t.clearRequests();
		const paused = await t.run(update(2, { active: false }));
		expect(jsonOf(paused)[0]).toMatchObject({ active: false, time_zone: 'Asia/Tokyo' });
		const moved = await t.run(update(2, { time_zone: 'UTC' }));
		expect(jsonOf(moved)[0]).toMatchObject({ active: false, time_zone: 'UTC' });
		const posts = (await t.requests()).filter((r) => r.method === 'POST').map((r) => r.body);
		expect(posts).toEqual([
			{ active: false, time_zone: 'Asia/Tokyo' },
			{ time_zone: 'UTC', active: false },
		]);
	});

	it('refuses an update with no field before any request', async () => {
		const result = await t.run(update(1, {}));
		expect(result.error?.message).toMatch(/Update Fields/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('surfaces a 404 of the read (unknown test) and sends no update', async () => {
		const result = await t.run(update(99999, { hour: 3 }));
		expect(result.error?.httpCode).toBe('404');
		expect((await t.requests()).map((r) => r.method)).toEqual(['GET']);
	});

	it('accepts values from expressions (numeric strings, boolean strings)', async () => {
		const result = await t.run(
			update('={{ $json.id }}', {
				active: '={{ $json.on }}',
				hour: '={{ $json.hour }}',
				time_zone: '={{ $json.tz }}',
			}),
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
		['Update Fields → Mailbox', { account_id: 'john' }],
	])('refuses a bad %s before any request', async (field, updateFields) => {
		const result = await t.run(update(1, { active: true, ...updateFields }));
		expect(result.error?.message).toContain(`"${field}"`);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(await t.requests()).toHaveLength(0);
	});

	it('refuses a non-boolean active from an expression before any request', async () => {
		const result = await t.run(update(1, { active: '={{ $json.on }}' }), {
			input: [{ on: 'yes' }],
		});
		expect(result.error?.message).toContain('"Update Fields → Active"');
		expect(await t.requests()).toHaveLength(0);
	});

	it("surfaces a 403 when re-associating with another project's account", async () => {
		const result = await t.run(update(1, { active: true, account_id: 100001 }));
		expect(result.error?.httpCode).toBe('403');
	});
});
