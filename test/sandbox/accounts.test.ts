/** Spec §4 accounts: list filters and form, get, partial update with ranges, aliases (POST /imap_auth: imap-auth.test.ts). */
import { expectError, useSandbox } from './helpers';
import type { Json } from './helpers';

const t = useSandbox({ accounts: 120 });

const SINGLE_ONLY = [
	'score_gmail',
	'score_outlook',
	'score_custom',
	'has_refresh_token',
	'has_notifications',
	'imap_issue',
	'current_warming_recipe',
	'detected_sending_provider',
	'sending_reverse_dns_value',
	'sending_ip',
	'signature',
	'domain',
];

async function all(query: Record<string, string | number | boolean> = {}): Promise<Json[]> {
	const out: Json[] = [];
	for (let page = 0; ; page++) {
		const res = await t.get('/accounts', { ...query, page, per_page: 100 });
		expect(res.status).toBe(200);
		out.push(...res.data);
		if (res.data.length < 100) return out;
	}
}
const idsOf = (list: Json[]): number[] =>
	list.map((a: { id: number }) => a.id).sort((x, y) => x - y);

describe('GET /accounts filters', () => {
	it('lists warming accounts by default; spamchecker_only and include_spamchecker change the mix', async () => {
		const warming = await all();
		const spamOnly = await all({ spamchecker_only: true });
		const both = await all({ include_spamchecker: true });
		expect(idsOf(spamOnly)).toEqual([7, 22, 37, 52, 67, 82, 97, 112]);
		expect(spamOnly.every((a) => a.spamchecker_enabled && !a.warming_enabled)).toBe(true);
		expect(warming.every((a) => a.warming_enabled)).toBe(true);
		expect(warming).toHaveLength(112);
		expect(both).toHaveLength(120);
		// spamchecker_only wins over include_spamchecker
		expect(idsOf(await all({ spamchecker_only: true, include_spamchecker: true }))).toEqual(
			idsOf(spamOnly),
		);
		expect(idsOf(await all({ spamchecker_only: false }))).toEqual(idsOf(warming));
	});

	it('search matches email or name, case-insensitively and partially', async () => {
		expect(idsOf(await all({ search: 'MUSTERMANN' }))).toEqual([3]);
		expect(idsOf(await all({ search: 'jane smith' }))).toEqual([2]);
		expect(idsOf(await all({ search: 'doe+promo@acme' }))).toEqual([1]);
		const byDomain = await all({ search: 'northwind-sales', include_spamchecker: true });
		expect(byDomain.length).toBeGreaterThan(10);
		expect(byDomain.every((a) => a.email.endsWith('@northwind-sales.io'))).toBe(true);
		expect(await all({ search: 'no-such-person' })).toEqual([]);
	});

	it('tags must all be carried (comma list, case-insensitive)', async () => {
		const both = await all({ tags: 'sales,VIP', include_spamchecker: true });
		expect(idsOf(both)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]);
		const sales = await all({ tags: 'sales', include_spamchecker: true });
		expect(sales).toHaveLength(60);
		expect(sales.every((a) => a.tags.some((x: { name: string }) => x.name === 'sales'))).toBe(true);
		expect(await all({ tags: 'eu,us' })).toEqual([]); // no account is in both
		expect(both[0].tags[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
	});

	it('max_score keeps scores strictly below the value', async () => {
		const everyone = await all({ include_spamchecker: true });
		const pivot = everyone[10].score as number;
		const below = await all({ max_score: pivot, include_spamchecker: true });
		expect(below.every((a) => a.score < pivot)).toBe(true);
		expect(below).toHaveLength(everyone.filter((a) => a.score < pivot).length);
		expect(below.some((a) => a.id === everyone[10].id)).toBe(false);
		expect(
			(await all({ max_score: pivot + 1, include_spamchecker: true })).some(
				(a) => a.id === everyone[10].id,
			),
		).toBe(true);
	});

	it('combines filters as a conjunction', async () => {
		const res = await all({
			tags: 'sales',
			search: 'acme-mail',
			max_score: 60,
			include_spamchecker: true,
		});
		expect(res.length).toBeGreaterThan(0);
		expect(res.every((a) => a.email.includes('acme-mail') && a.score < 60 && a.id % 2 === 0)).toBe(
			true,
		);
	});

	it('rejects bad filter values with 422', async () => {
		expectError(await t.get('/accounts', { max_score: 'high' }), 422);
		expectError(await t.get('/accounts', { spamchecker_only: 'maybe' }), 422);
		expectError(await t.get('/accounts', { include_spamchecker: 'yes' }), 422);
	});

	it('the list form omits the single-account-only fields', async () => {
		const [item] = (await t.get('/accounts', { per_page: 1 })).data;
		for (const f of SINGLE_ONLY) expect(item).not.toHaveProperty(f);
		for (const f of [
			'id',
			'created_at',
			'email',
			'score',
			'alive',
			'suspended',
			'warming_enabled',
			'tags',
			'config_rampup_target',
		]) {
			expect(item).toHaveProperty(f);
		}
	});
});

describe('GET /accounts/{id}', () => {
	it('returns the single form with its domain', async () => {
		const res = await t.get('/accounts/1');
		expect(res.status).toBe(200);
		expect(res.data.email).toBe('john.doe+promo@acme-mail.com');
		for (const f of SINGLE_ONLY) expect(res.data).toHaveProperty(f);
		expect(res.data.domain.domain).toBe('acme-mail.com');
		expect(res.data.domain.mx_records[0]).toHaveLength(3);
		expect((await t.get('/accounts/13')).data.imap_issue).toBe(true);
	});
});

describe('POST /accounts/{id}', () => {
	it('changes only the fields sent and returns the full single form', async () => {
		const before = (await t.get('/accounts/5')).data;
		const res = await t.post('/accounts/5', {
			config_rampup_target: 35,
			first_name: 'Renamed',
			desc: 'note',
		});
		expect(res.status).toBe(200);
		expect(res.data.domain.domain).toBe(before.domain.domain);
		expect(res.data).toEqual({
			...before,
			config_rampup_target: 35,
			first_name: 'Renamed',
			desc: 'note',
		});
		expect((await t.get('/accounts/5')).data).toEqual(res.data);
	});

	it.each([
		['alive', false],
		['autopilot', false],
		['config_max_conversation_running', 0],
		['config_rampup_increase', 0],
		['config_rampup_target', 3],
		['config_smtp_append_after_sent', true],
		['desc', 'a note'],
		['first_name', 'Solo'],
		['last_name', 'Field'],
		['imap_issue', true],
		['signature', '<p>Sig</p>'],
		['time_zone', 'Asia/Tokyo'],
	])('%s alone changes only itself and answers the single form', async (field, value) => {
		const before = (await t.get('/accounts/11')).data; // alive, autopilot, no smtp append, Europe/Berlin
		expect(before[field as string]).not.toEqual(value);
		const res = await t.post('/accounts/11', { [field as string]: value });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ ...before, [field as string]: value });
	});

	it('desc: null clears it; an empty body changes nothing', async () => {
		await t.post('/accounts/12', { desc: 'temporary' });
		expect((await t.post('/accounts/12', { desc: null })).data.desc).toBeNull();
		const before = (await t.get('/accounts/12')).data;
		expect((await t.post('/accounts/12', {})).data).toEqual(before);
		expect((await t.api('POST', '/accounts/12')).data).toEqual(before); // no body at all
		expectError(await t.api('POST', '/accounts/12', { rawBody: 'null' }), 400); // JSON null is not an object
	});

	it('pauses and resumes with alive, and sets imap_issue', async () => {
		expect((await t.post('/accounts/4', { alive: false })).data.alive).toBe(false);
		expect((await t.post('/accounts/4', { alive: true })).data.alive).toBe(true);
		expect((await t.post('/accounts/4', { imap_issue: true })).data.imap_issue).toBe(true);
	});

	it.each([
		['config_max_conversation_running', -1, 36, [0, 35]],
		['config_rampup_increase', -1, 6, [0, 5]],
		['config_rampup_target', 2, 36, [3, 35]],
	])(
		'%s outside its range → 422 naming the field (bounds accepted)',
		async (field, low, high, bounds) => {
			for (const value of [low, high]) {
				const res = await t.post('/accounts/6', { [field]: value });
				expectError(res, 422);
				expect(res.data.errors[field as string]).toEqual([expect.stringContaining('between')]);
			}
			for (const value of bounds as number[])
				expect((await t.post('/accounts/6', { [field]: value })).data[field as string]).toBe(value);
		},
	);

	it('names every bad field in one 422 and changes nothing', async () => {
		const before = (await t.get('/accounts/6')).data;
		const res = await t.post('/accounts/6', {
			config_rampup_target: 1,
			config_rampup_increase: 9,
			time_zone: 'Mars/Base',
		});
		expectError(res, 422);
		expect(Object.keys(res.data.errors).sort()).toEqual([
			'config_rampup_increase',
			'config_rampup_target',
			'time_zone',
		]);
		expect((await t.get('/accounts/6')).data).toEqual(before);
	});

	it('wrong JSON types, malformed JSON and non-object bodies → 400; unknown fields → 422', async () => {
		expectError(await t.post('/accounts/6', { config_rampup_target: '10' }), 400);
		expectError(await t.post('/accounts/6', { alive: 'true' }), 400);
		expectError(await t.post('/accounts/6', { config_rampup_target: 7.5 }), 400);
		const malformed = await t.api('POST', '/accounts/6', { rawBody: '{"alive": tru' });
		expectError(malformed, 400);
		expect(malformed.data.message).toMatch(/malformed json/i);
		expectError(await t.api('POST', '/accounts/6', { rawBody: '[1,2]' }), 400);
		const unknown = await t.post('/accounts/6', { colour: 'red' });
		expectError(unknown, 422);
		expect(unknown.data.errors.colour).toBeDefined();
	});

	it('switches to a listed alias (the email becomes the alias) and refuses others', async () => {
		const aliases = (await t.get('/accounts/21/aliases')).data;
		expect(aliases).toHaveLength(2);
		expect(aliases[0]).toEqual({ email: expect.stringContaining('@'), name: expect.any(String) });
		const res = await t.post('/accounts/21', { alias: aliases[1].email });
		expect(res.status).toBe(200);
		expect(res.data.email).toBe(aliases[1].email);
		const bad = await t.post('/accounts/21', { alias: 'someone@else.test' });
		expectError(bad, 422);
		expect(bad.data.errors.alias).toBeDefined();
	});

	it('GET /accounts/{id}/aliases is an empty array for accounts without aliases (SMTP accounts never have any)', async () => {
		const res = await t.get('/accounts/2/aliases');
		expect(res.status).toBe(200);
		expect(res.data).toEqual([]);
		expect((await t.get('/accounts/41')).data.provider).toBe('smtp');
		expect((await t.get('/accounts/41/aliases')).data).toEqual([]);
		expect((await t.get('/accounts/81/aliases')).data).toHaveLength(2); // outlook
	});
});
