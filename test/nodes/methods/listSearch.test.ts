/**
 * The searchable lists behind the id pickers (accounts, spam tests, automated tests, alerts, tags) against the sandbox:
 * what they ask for, what they show, and how they page.
 */
import { useSandbox } from '../context';
import { pickerPage } from '../fixtures/ListSearchProbe.node';

const t = useSandbox();

const list = (method: string, filter = '', paginationToken = '') =>
	pickerPage(t, method, { filter, paginationToken });

const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

describe('account picker', () => {
	it('pages through every account, spam-test-only ones included (the accounts automated tests use)', async () => {
		const first = await list('searchAccounts');
		expect(first.results).toHaveLength(50);
		expect(first.paginationToken).toBe('1');
		const third = await list('searchAccounts', '', '2');
		expect(third.results).toHaveLength(20); // 120 accounts, 50 a page
		expect(third.paginationToken).toBeUndefined();
		const values = [
			...first.results,
			...(await list('searchAccounts', '', '1')).results,
			...third.results,
		].map((r) => r.value);
		expect(new Set(values).size).toBe(120);
		expect(values).toEqual(expect.arrayContaining(['7', '22'])); // spamchecker-only accounts
		const log = await t.requests();
		expect(log.map((r) => [local(r.path), r.query.page])).toEqual([
			['/accounts', '0'],
			['/accounts', '2'],
			['/accounts', '1'],
		]);
		expect(log.every((r) => r.query.include_spamchecker === 'true')).toBe(true);
	});

	it('searches with the service search and shows email and name', async () => {
		const found = await list('searchAccounts', ' john.doe ');
		expect(found.results).toEqual([
			{ name: 'john.doe+promo@acme-mail.com — John Doe', value: '1' },
		]);
		expect((await t.requests())[0].query.search).toBe('john.doe');
	});
});

describe('spam test picker', () => {
	it('lists 10 a page, newest first, as a person recognises them: score or waiting, a readable date, message', async () => {
		const first = await list('searchSpamTests');
		expect(first.results).toHaveLength(10);
		expect(first.paginationToken).toBe('1');
		expect(
			first.results.every((r) => typeof r.value === 'string' && /^[a-z0-9]+$/.test(r.value)),
		).toBe(true);
		// e.g. "score 9/10 · 23 Nov 2026, 14:05 · Spring sale (from news@clean-letters.com)": what tells weekly tests of
		// one message apart comes first, before the picker's width cuts the name.
		const shape =
			/^(score \d+(\.\d+)?\/10|waiting|completed) · \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} · .+$/;
		for (const r of first.results)
			expect({ name: r.name, ok: shape.test(r.name) }).toEqual({ name: r.name, ok: true });
		expect(first.results.every((r) => !/\d{4}-\d{2}-\d{2}T/.test(r.name))).toBe(true);
		// A test with a message reads as its subject and sender, without the raw id; one without says so.
		const { data } = await t.api<
			Array<{ public_id: string; subject: string | null; sender: string | null }>
		>('GET', '/spam_tests', undefined, { page: 0 });
		const nameOf = (id: string) => first.results.find((r) => r.value === id)!.name;
		const sent = data.filter((x) => x.subject && x.sender);
		expect(sent.length).toBeGreaterThan(0);
		for (const x of sent) {
			expect(nameOf(x.public_id).endsWith(` · ${x.subject} (from ${x.sender})`)).toBe(true);
			expect(nameOf(x.public_id)).not.toContain(x.public_id);
		}
		for (const x of data.filter((y) => !y.subject && !y.sender))
			expect(nameOf(x.public_id)).toMatch(/no message received yet/);
		const last = await list('searchSpamTests', '', '3');
		expect(last.results).toHaveLength(6); // 36 tests
		expect(last.paginationToken).toBeUndefined();
	});
});

describe('time zone picker', () => {
	it('lists IANA zones with their offset, searched locally (spaces match underscores), without any request', async () => {
		const all = await list('searchTimeZones');
		expect(all.results.length).toBeGreaterThan(300);
		expect(all.results.map((r) => r.value)).toEqual(
			expect.arrayContaining(['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata']),
		);
		expect(all.results.every((r) => r.value === 'UTC' || String(r.value).includes('/'))).toBe(true);
		expect(all.results.find((r) => r.value === 'Asia/Tokyo')?.name).toBe('Asia/Tokyo (UTC+09:00)');
		const newYork = await list('searchTimeZones', 'new york');
		expect(newYork.results.map((r) => r.value)).toEqual(['America/New_York']);
		expect(await t.requests()).toHaveLength(0);
	});
});

describe('automated test picker', () => {
	it('searches subjects and marks inactive tests', async () => {
		const found = await list('searchAutomatedTests', 'Invoice reminder');
		expect(found.results.length).toBeGreaterThan(0);
		expect(found.results.every((r) => /Invoice reminder/.test(r.name))).toBe(true);
		expect(found.results.find((r) => r.value === '24')?.name).toMatch(/\(inactive\)$/); // 24 mod 3 = 0
		expect((await t.requests())[0].query).toMatchObject({ search: 'Invoice reminder', page: '0' });
	});
});

describe('alert picker', () => {
	it('lists the alerts of the project and filters them locally', async () => {
		const all = await list('searchAlerts');
		expect(all.results.map((r) => r.value)).toEqual(['1', '2', '3']);
		const slack = await list('searchAlerts', 'slack');
		expect(slack.results.map((r) => r.value)).toEqual(['1']);
	});
});

describe('tag picker', () => {
	// Its own sandbox: 20 accounts, so the tags come from one page of 100 accounts.
	const t = useSandbox({ accounts: 20 });
	const run = (filter: string) => pickerPage(t, 'searchTags', { filter });

	it('lists the tags found on the accounts (one request of 100 accounts here), each once, sorted, filtered by name', async () => {
		const all = await run('');
		expect(all.results).toEqual([
			{ name: 'eu', value: '2' },
			{ name: 'sales', value: '1' },
			{ name: 'us', value: '3' },
			{ name: 'vip', value: '5' },
			{ name: 'warmup', value: '4' },
		]);
		expect((await run('WA')).results).toEqual([{ name: 'warmup', value: '4' }]);
		const requests = await t.requests();
		expect(requests.map((r) => [local(r.path), r.query])).toEqual([
			['/accounts', { include_spamchecker: 'true', per_page: '100', page: '0' }],
			['/accounts', { include_spamchecker: 'true', per_page: '100', page: '0' }],
		]);
	});
});

describe('tag picker on a service that ignores per_page', () => {
	// 120 accounts, served 50 a page whatever per_page asks.
	const t = useSandbox();

	it("walks every page of GET /accounts' own size (50), not just the first", async () => {
		await t.admin('POST', '/settings', { perPageMode: 'ignore' });
		await pickerPage(t, 'searchTags');
		expect((await t.requests()).map((r) => r.query.page)).toEqual(['0', '1', '2']);
	});
});
