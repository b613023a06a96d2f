/** Spec §4 automated tests: create (inactive), list (search, relevance, active, sort/order), update, runs. */
import { DateTime } from 'luxon';
import { utcHour } from '../../sandbox/util';
import { expectError, useSandbox } from './helpers';
import type { Json } from './helpers';

const t = useSandbox();

async function list(query: Record<string, string | number | boolean> = {}): Promise<Json[]> {
	const res = await t.get('/automated_tests', { per_page: 100, ...query });
	expect(res.status).toBe(200);
	return res.data;
}
const ids = (xs: Json[]): number[] => xs.map((x: { id: number }) => x.id);

/** What the UTC hour of local `hour` in `zone` is today, from the zone's current offset. */
function expectedUtcHour(hour: number, zone: string): number {
	const offsetHours = DateTime.now().setZone(zone).set({ hour }).offset / 60;
	return (((hour - offsetHours) % 24) + 24) % 24;
}

describe('POST /automated_tests', () => {
	it('creates an inactive test (201) in the project time zone with its account', async () => {
		const res = await t.post('/automated_tests', { account_id: 4 });
		expect(res.status).toBe(201);
		expect(res.data).toMatchObject({
			active: false,
			time_zone: 'Europe/Paris',
			account_ids: [4],
			repeat_period: 'WEEK',
			hour: 9,
		});
		expect(res.data.accounts).toEqual([
			{
				id: 4,
				email: expect.any(String),
				first_name: expect.any(String),
				last_name: expect.any(String),
			},
		]);
		expect(res.data.utc_hour).toBe(expectedUtcHour(9, 'Europe/Paris'));
		expect([7, 8]).toContain(res.data.utc_hour);
		expect(res.data.automated_test_runs).toEqual([]);
		expect((await t.get(`/automated_tests/${res.data.id}`)).data).toEqual(res.data);
		expect((await t.post('/automated_tests', { account_id: 100004 }, 'B')).data.time_zone).toBe(
			'America/New_York',
		);
	});

	it('the account must belong to the project (403 / 404) and be connected (422); paused counts as connected', async () => {
		expectError(await t.post('/automated_tests', { account_id: 100001 }), 403);
		expectError(await t.post('/automated_tests', { account_id: 99999 }), 404);
		const lost = await t.post('/automated_tests', { account_id: 13 }); // imap_issue: the connection is lost
		expectError(lost, 422);
		expect(lost.data.errors.account_id).toBeDefined();
		expect((await t.post('/automated_tests', { account_id: 17 })).status).toBe(201); // paused (alive false)
		await t.admin('POST', '/accounts/4/disconnect');
		expectError(await t.post('/automated_tests', { account_id: 4 }), 422);
		expectError(await t.post('/automated_tests/1', { active: true, account_id: 4 }), 422);
		expectError(await t.post('/automated_tests', {}), 400);
		expectError(await t.post('/automated_tests', { account_id: '4' }), 400);
	});
});

describe('GET /automated_tests', () => {
	it('search: case-insensitive partial words in the subject', async () => {
		const res = await list({ search: 'NEWSL' });
		expect(res.length).toBeGreaterThan(0);
		expect(res.every((x) => /newsl/i.test(x.subject))).toBe(true);
		expect(ids(res).sort((a, b) => a - b)).toEqual([1, 5, 9, 13, 17, 21, 25, 29]);
	});

	it('search: relevance order without sort (subject ×2 before email ×1, ties newest first)', async () => {
		// "promo" is in the subjects of 2, 6, 10, … and in the email john.doe+promo@acme-mail.com of tests 1, 9, 17, 25.
		expect(ids(await list({ search: 'promo' }))).toEqual([
			30, 26, 22, 18, 14, 10, 6, 2, 25, 17, 9, 1,
		]);
	});

	it('search: emails are tokenized on + - @ . (a whole address matches its tests)', async () => {
		expect(ids(await list({ search: 'john.doe+promo@acme-mail.com' }))).toEqual([25, 17, 9, 1]);
		const acme = await list({ search: 'acme' });
		expect(acme.length).toBeGreaterThan(0);
		expect(
			acme.every((x) =>
				x.accounts.some((a: { email: string }) => a.email.includes('@acme-mail.com')),
			),
		).toBe(true);
		expect(await list({ search: 'nothing-like-this' })).toEqual([]);
	});

	it('active filters both ways; omitted gives both', async () => {
		const active = await list({ active: true });
		const inactive = await list({ active: false });
		expect(active.every((x) => x.active)).toBe(true);
		expect(inactive.every((x) => !x.active)).toBe(true);
		expect(ids(inactive).sort((a, b) => a - b)).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30]);
		expect(active.length + inactive.length).toBe((await list()).length);
		expectError(await t.get('/automated_tests', { active: 'sometimes' }), 422);
	});

	it('sort/order: created_at asc, last_run_at desc with nulls last; order alone is ignored', async () => {
		expect(ids(await list({ sort: 'created_at', order: 'asc' }))).toEqual(
			Array.from({ length: 32 }, (_, i) => i + 1),
		);
		expect(ids(await list({ sort: 'created_at' }))).toEqual(
			Array.from({ length: 32 }, (_, i) => 32 - i),
		);
		const byRun = await list({ sort: 'last_run_at' });
		const runs = byRun.map((x) => x.last_run_at);
		const firstNull = runs.indexOf(null);
		expect(firstNull).toBeGreaterThan(0);
		expect(runs.slice(firstNull).every((r) => r === null)).toBe(true);
		const times = runs.slice(0, firstNull).map((r) => Date.parse(r));
		expect(times.every((x, i) => i === 0 || times[i - 1] >= x)).toBe(true);
		expect(ids(await list({ order: 'asc' }))).toEqual(ids(await list()));
		expect(ids(await list())).toEqual(Array.from({ length: 32 }, (_, i) => 32 - i));
	});

	it('search: several words must all match, each in the subject or an email token', async () => {
		// "doe" is only in john.doe+promo@…; "promo" also in subjects, but both words are needed.
		expect(ids(await list({ search: 'doe promo' }))).toEqual([25, 17, 9, 1]);
		// Test 6: "Flash promo" subject (2) + an @acme-mail.com account (1) outranks promo+acme in emails only (1 + 1).
		expect(ids(await list({ search: 'Promo acme' }))).toEqual([6, 25, 17, 9, 1]);
		expect(await list({ search: 'doe invoice' })).toEqual([]);
		// A query word that spans a separator of the email is split like the email, not matched as one string.
		expect(ids(await list({ search: 'doe+promo' }))).toEqual([25, 17, 9, 1]);
		// Punctuation in the query does not block a match of the subject's words.
		expect(ids(await list({ search: 'Flash promo: 20% off' }))).toEqual([30, 22, 14, 6]);
	});

	it('order without sort keeps the relevance order when searching', async () => {
		const relevance = ids(await list({ search: 'promo' }));
		expect(ids(await list({ search: 'promo', order: 'asc' }))).toEqual(relevance);
		expect(ids(await list({ search: 'promo', order: 'desc' }))).toEqual(relevance);
	});

	it('pages the filtered, ordered list (25 per page)', async () => {
		const inactive = ids(await list({ active: false }));
		const p0 = (await t.get('/automated_tests', { active: false, per_page: 4, page: 0 })).data;
		const p2 = (await t.get('/automated_tests', { active: false, per_page: 4, page: 2 })).data;
		expect(ids(p0)).toEqual(inactive.slice(0, 4));
		expect(ids(p2)).toEqual(inactive.slice(8, 12));
	});

	it('a sort replaces relevance when searching', async () => {
		expect(ids(await list({ search: 'promo', sort: 'created_at', order: 'asc' }))).toEqual([
			1, 2, 6, 9, 10, 14, 17, 18, 22, 25, 26, 30,
		]);
	});

	it('bad sort / order → 422', async () => {
		expectError(await t.get('/automated_tests', { sort: 'subject' }), 422);
		expectError(await t.get('/automated_tests', { sort: 'created_at', order: 'sideways' }), 422);
	});
});

describe('POST /automated_tests/{id}', () => {
	it('activates and schedules; utc_hour follows the time zone with DST', async () => {
		const res = await t.post('/automated_tests/3', {
			active: true,
			hour: 9,
			time_zone: 'America/New_York',
			repeat_period: 'DAY',
			repeat_period_delay: 2,
		});
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({
			active: true,
			hour: 9,
			time_zone: 'America/New_York',
			repeat_period: 'DAY',
			repeat_period_delay: 2,
		});
		expect(res.data.utc_hour).toBe(expectedUtcHour(9, 'America/New_York'));
		expect([13, 14]).toContain(res.data.utc_hour);
		expect(
			(await t.post('/automated_tests/3', { active: true, hour: 9, time_zone: 'Asia/Tokyo' })).data
				.utc_hour,
		).toBe(0);
		expect(
			(await t.post('/automated_tests/3', { active: true, time_zone: 'Europe/Paris' })).data
				.utc_hour,
		).toBe(expectedUtcHour(9, 'Europe/Paris'));
		expect(
			(await t.post('/automated_tests/3', { active: true, hour: 23, time_zone: 'Asia/Kolkata' }))
				.data.utc_hour,
		).toBe(17);
	});

	it('changes only what is sent and deactivates', async () => {
		const before = (await t.get('/automated_tests/4')).data; // time_zone Europe/Paris, the project's
		const res = await t.post('/automated_tests/4', { active: false, btob: true, seedlist: 0 });
		expect(res.data).toEqual({
			...before,
			active: false,
			can_show_run_now: false,
			btob: true,
			seedlist: 0,
		});
	});

	it.each([
		['btob', false],
		['btoc', true],
		['hour', 17],
		['repeat_period', 'DAY'],
		['repeat_period_delay', 4],
		['seedlist', 3],
	])('%s alone changes only itself (and utc_hour with hour)', async (field, value) => {
		const before = (await t.get('/automated_tests/8')).data; // Europe/Paris, active, WEEK
		const res = await t.post('/automated_tests/8', { active: true, [field]: value });
		const utc_hour = field === 'hour' ? expectedUtcHour(17, 'Europe/Paris') : before.utc_hour;
		expect(res.data).toEqual({ ...before, [field]: value, utc_hour });
	});

	it('time_zone omitted on an update → the project time zone (utc_hour recomputed)', async () => {
		const before = (await t.get('/automated_tests/5')).data;
		expect(before.time_zone).toBe('America/New_York');
		const res = await t.post('/automated_tests/5', { active: true });
		expect(res.data).toEqual({
			...before,
			time_zone: 'Europe/Paris',
			utc_hour: expectedUtcHour(before.hour, 'Europe/Paris'),
		});
		const b = await t.post('/automated_tests/33', { active: true }, 'B');
		expect(b.data.time_zone).toBe('America/New_York'); // project B's
	});

	it('re-associates the account (must be the project’s)', async () => {
		expect(
			(await t.post('/automated_tests/4', { active: true, account_id: 5 })).data.account_ids,
		).toEqual([5]);
		expectError(await t.post('/automated_tests/4', { active: true, account_id: 100002 }), 403);
		expectError(await t.get('/automated_tests/33'), 403); // project B's
	});

	it('active is required (400); every range and value set → 422', async () => {
		expectError(await t.post('/automated_tests/4', { hour: 5 }), 400);
		for (const body of [
			{ active: true, hour: 24 },
			{ active: true, hour: -1 },
			{ active: true, repeat_period: 'MONTH' },
			{ active: true, seedlist: 5 },
			{ active: true, time_zone: 'Europe/Atlantis' },
		]) {
			const res = await t.post('/automated_tests/4', body);
			expectError(res, 422);
			expect(Object.keys(res.data.errors)).toEqual([Object.keys(body)[1]]);
		}
		expectError(await t.post('/automated_tests/4', { active: 'yes' }), 400);
	});
});

describe('POST /automated_tests/{id}/runs', () => {
	it('sets the weekdays (ISO 1–7), one run each, duplicates removed', async () => {
		const res = await t.post('/automated_tests/3/runs', { weekdays: [5, 1, 3, 3] });
		expect(res.status).toBe(200);
		expect(res.data.automated_test_runs.map((r: { weekday: number }) => r.weekday)).toEqual([
			1, 3, 5,
		]);
		expect(res.data.automated_test_runs[0]).toEqual({
			id: expect.any(Number),
			automated_test_id: 3,
			weekday: 1,
			last_run_at: null,
			created_at: expect.any(String),
			updated_at: expect.any(String),
		});
		expect(
			(await t.post('/automated_tests/3/runs', { weekdays: [7] })).data.automated_test_runs,
		).toHaveLength(1);
		expect(
			(await t.post('/automated_tests/3/runs', { weekdays: [] })).data.automated_test_runs,
		).toEqual([]);
	});

	it('weekdays outside 1–7 → 422; missing → 400', async () => {
		expectError(await t.post('/automated_tests/3/runs', { weekdays: [0] }), 422);
		expectError(await t.post('/automated_tests/3/runs', { weekdays: [8] }), 422);
		expectError(await t.post('/automated_tests/3/runs', {}), 400);
		expectError(await t.post('/automated_tests/3/runs', { weekdays: ['Mon'] }), 400);
	});
});

describe('utc_hour (luxon, DST)', () => {
	it('follows the offset of the zone on the day: winter and summer differ', () => {
		const winter = DateTime.fromISO('2026-01-15T12:00:00Z');
		const summer = DateTime.fromISO('2026-07-15T12:00:00Z');
		expect(utcHour(9, 'Europe/Paris', winter)).toBe(8);
		expect(utcHour(9, 'Europe/Paris', summer)).toBe(7);
		expect(utcHour(9, 'America/New_York', winter)).toBe(14);
		expect(utcHour(9, 'America/New_York', summer)).toBe(13);
		expect(utcHour(0, 'Asia/Tokyo', summer)).toBe(15);
		expect(utcHour(23, 'UTC', summer)).toBe(23);
	});
});
