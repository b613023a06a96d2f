/**
 * Domain Get Many: GET /projects/domains answers `{domains: [...]}` at once (not paginated); the node returns one item
 * per domain and applies Return All / Limit itself, with the `order` option sent as the service's query parameter.
 * Simplify (on by default) gives each domain's health in words and a verdict; off, the domains as sent. With
 * "Include Unscored Domains of My Mailboxes" the project's mailboxes are read too, and every domain they use that the
 * service does not list (it lists a domain only once it has a score) is added, marked scored: false, so "which domains
 * of my mailboxes are not scored yet" needs no Code node. Off (the default), no mailbox is read.
 */
import { DateTime } from 'luxon';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { domainsFrom } from '../../../nodes/Deliverability/resources/domain/getAll';
import {
	simplifyDomain,
	UNSCORED_REASON,
} from '../../../nodes/Deliverability/resources/domain/shared/simplified';
import { jsonOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 60 });

const domains = (extra: IDataObject = {}) => ({
	resource: 'domain',
	operation: 'getAll',
	...extra,
});
const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

const withOptions = (options: IDataObject = {}, extra: IDataObject = {}): INodeParameters => ({
	resource: 'domain',
	operation: 'getAll',
	returnAll: true,
	options: options as INodeParameters,
	...extra,
});

/** Mailboxes per domain, read from the service directly (every account, spam-test-only ones too). */
async function mailboxesPerDomain(): Promise<Map<string, number>> {
	const counts = new Map<string, number>();
	for (let page = 0; ; page++) {
		const { data } = await t.api<Array<{ email: string }>>('GET', '/accounts', undefined, {
			include_spamchecker: true,
			per_page: 100,
			page,
		});
		for (const a of data) {
			const d = a.email.split('@')[1];
			counts.set(d, (counts.get(d) ?? 0) + 1);
		}
		if (data.length < 100) break;
	}
	return counts;
}

async function serviceDomains(query: IDataObject = {}): Promise<IDataObject[]> {
	const { data } = await t.api<{ domains: IDataObject[] }>(
		'GET',
		'/projects/domains',
		undefined,
		query,
	);
	return data.domains;
}

describe('domain getAll', () => {
	it('Return All gives one item per domain, in the service order, from one request', async () => {
		const result = await t.run(domains({ returnAll: true, simplify: false }));
		expect(result.error).toBeUndefined();
		const requests = await t.requests();
		expect(requests.map((r) => [r.method, local(r.path), r.query])).toEqual([
			['GET', '/projects/domains', {}],
		]);
		const items = jsonOf(result);
		const expected = await serviceDomains();
		expect(expected.length).toBe(6); // the seventh domain has no score yet
		expect(items).toEqual(expected);
		for (const d of items)
			expect(d).toEqual(
				expect.objectContaining({ domain: expect.any(String), avg_score: expect.any(Number) }),
			);
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map(() => ({ item: 0 })));
	});

	it('Limit is applied locally (one request, the first n domains)', async () => {
		const result = await t.run(domains({ returnAll: false, limit: 2 }));
		const items = jsonOf(result);
		expect(items.map((d) => d.domain)).toEqual(
			(await serviceDomains()).slice(0, 2).map((d) => d.domain),
		);
		expect((await t.requests()).filter((r) => local(r.path) === '/projects/domains')).toHaveLength(
			2,
		); // ours + the check
	});

	it('reads Return All "false" from an expression as false (Limit applies)', async () => {
		const result = await t.run(domains({ returnAll: '={{ "false" }}', limit: 2 }));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
	});

	it('the default Limit of 50 keeps every domain of a small project', async () => {
		const result = await t.run(domains());
		expect(jsonOf(result)).toHaveLength(6);
	});

	it.each(['asc', 'desc'] as const)('order %s sorts by average score', async (order) => {
		const result = await t.run(domains({ returnAll: true, options: { order } }));
		const scores = jsonOf(result).map((d) => d.score as number);
		const sorted = [...scores].sort((a, b) => (order === 'asc' ? a - b : b - a));
		expect(scores).toEqual(sorted);
		expect((await t.requests())[0].query).toEqual({ order });
	});

	it("lists only the key's own project", async () => {
		const result = await t.run(domains({ returnAll: true }), { apiKey: t.sandbox.apiKeys.B });
		expect(jsonOf(result).map((d) => d.domain)).toEqual(['b-corp-mail.com']);
	});

	it.each([
		[{ options: { order: '={{ "score" }}' } }, /"Options → Order by Average Score".*asc, desc/],
		[{ returnAll: false, limit: '={{ 0 }}' }, /"Limit"/],
		[{ returnAll: '={{ "maybe" }}' }, /"Return All".*true or false/],
	])('rejects %p before any request', async (parameters, pattern) => {
		const result = await t.run(domains(parameters));
		await t.expectRefused(result, pattern);
	});
});

describe('domain getAll simplified (the default)', () => {
	const daysTo = (iso: string) =>
		Math.floor(DateTime.fromISO(iso, { zone: 'utc' }).diff(DateTime.utc(), 'days').days);

	it('gives each domain its records in words, score, days to expiry, named MX fields and a verdict with reasons', async () => {
		const result = await t.run(domains({ returnAll: true }));
		expect(result.error).toBeUndefined();
		const raw = await serviceDomains();
		const items = jsonOf(result);
		expect(items.map((d) => d.domain)).toEqual(raw.map((d) => d.domain));
		const northwind = items.find((d) => d.domain === 'northwind-sales.io')!;
		const source = raw.find((d) => d.domain === 'northwind-sales.io')!;
		const days = daysTo(source.expire_at as string);
		expect(northwind).toEqual({
			id: source.id,
			domain: 'northwind-sales.io',
			scored: true,
			score: 72,
			score_change: source.score_change,
			spf: 'valid',
			dkim: 'valid',
			dmarc: 'missing',
			spf_value: source.spf_value,
			dkim_value: source.dkim_value,
			dkim_selector: 'google',
			dmarc_value: '',
			expire_at: source.expire_at,
			last_check_at: source.last_check_at,
			expires_in_days: days,
			mx_records: (source.mx_records as string[][]).map(([host, ip, priority]) => ({
				host,
				ip,
				priority: Number(priority),
			})),
			verdict: 'fail',
			verdict_reason: expect.stringMatching(/^DMARC record missing/),
			problems: expect.arrayContaining(['DMARC record missing']),
			fixes: expect.arrayContaining([
				{
					problem: 'DMARC record missing',
					severity: 'medium',
					key: 'dmarc',
					fix: expect.stringContaining('TXT record at _dmarc.northwind-sales.io: v=DMARC1; p=none'),
				},
			]),
		});
		expect(northwind.mx_records).toContainEqual({
			host: 'aspmx.l.northwind-sales.io',
			ip: expect.any(String),
			priority: 1,
		});
		// initech-news.org: no SPF, DKIM or DMARC record and an average score of 40.
		const initech = items.find((d) => d.domain === 'initech-news.org')!;
		expect(initech.problems).toEqual(
			expect.arrayContaining([
				'SPF record missing',
				'DKIM record missing',
				'DMARC record missing',
				'Average score 40 is below 50',
			]),
		);
		expect(initech.verdict).toBe('fail');
	});

	it('a domain with valid records passes on its score, warns below Pass At Score, and the thresholds are options', async () => {
		const far = (d: IDataObject) => (d.expires_in_days as number) > 30;
		const acme = jsonOf(await t.run(domains({ returnAll: true }))).find(
			(d) => d.domain === 'acme-mail.com',
		)!;
		expect(acme).toEqual(
			expect.objectContaining({ spf: 'valid', dkim: 'valid', dmarc: 'valid', score: 88 }),
		);
		if (far(acme)) {
			expect(acme.verdict).toBe('pass');
			expect(acme.verdict_reason).toBe(
				'SPF, DKIM and DMARC valid, average score 88 (pass at 70 or more)',
			);
			expect(acme.problems).toEqual([]);
		} else {
			expect(acme.verdict).toBe('warn'); // the sandbox's expiry dates are fixed: near one, it warns
		}
		const strict = jsonOf(
			await t.run(
				domains({ returnAll: true, options: { passAt: 90, warnAt: 80, expiryWarnDays: 0 } }),
			),
		);
		const strictAcme = strict.find((d) => d.domain === 'acme-mail.com')!;
		expect(strictAcme.verdict).toBe((strictAcme.expires_in_days as number) < 0 ? 'fail' : 'warn');
		expect(strictAcme.problems).toContain('Average score 88 is below 90');
	});

	it('Simplify reads booleans and numbers sent as text', async () => {
		await t.admin('POST', '/answers', { kind: 'booleans-as-text', path: '/projects/domains' });
		await t.admin('POST', '/answers', { kind: 'numbers-as-text', path: '/projects/domains' });
		const items = jsonOf(await t.run(domains({ returnAll: true })));
		const acme = items.find((d) => d.domain === 'acme-mail.com')!;
		expect(acme).toEqual(
			expect.objectContaining({ scored: true, spf: 'valid', dkim: 'valid', dmarc: 'valid' }),
		);
		expect(typeof acme.score).toBe('number');
		await t.admin('DELETE', '/answers');
	});

	it('rejects thresholds outside 0 to 100, and Warn At Score above Pass At Score, before any request', async () => {
		const result = await t.run(domains({ options: { passAt: 101, expiryWarnDays: -1 } }));
		expect(result.error?.message).toMatch(
			/2 invalid fields: "Options → Pass At Score": 101 is above the maximum 100 \(allowed: 0 to 100\)/,
		);
		expect(result.error?.message).toMatch(/"Options → Expiry Warning \(Days\)"/);
		const swapped = await t.run(domains({ options: { passAt: 40, warnAt: 60 } }));
		expect(swapped.error?.message).toMatch(
			/"Options → Warn At Score": 60 is above Pass At Score \(40\)/,
		);
		expect(await t.requests()).toHaveLength(0);
	});

	it('an unscored domain that comes anyway is kept and marked with the reason, its verdict pending', () => {
		const now = DateTime.fromISO('2026-01-01T00:00:00Z', { zone: 'utc' });
		const simple = simplifyDomain(
			{
				id: 6,
				domain: 'umbrella-eu.de',
				avg_score: null,
				spf_valid: true,
				spf_value: 'v=spf1 -all',
				dkim_valid: 'true',
				dmarc_valid: false,
				dmarc_value: 'v=DMARC1; p=bogus',
				expire_at: '2026-01-21T00:00:00Z',
				mx_records: [['mx.umbrella-eu.de', '192.0.2.1', 'x']],
			},
			undefined,
			now,
		);
		expect(simple).toEqual({
			id: 6,
			domain: 'umbrella-eu.de',
			scored: false,
			unscored_reason: UNSCORED_REASON,
			spf: 'valid',
			dkim: 'valid',
			dmarc: 'invalid',
			spf_value: 'v=spf1 -all',
			dmarc_value: 'v=DMARC1; p=bogus',
			expire_at: '2026-01-21T00:00:00Z',
			expires_in_days: 20,
			mx_records: [{ host: 'mx.umbrella-eu.de', ip: '192.0.2.1', priority: 'x' }],
			verdict: 'fail',
			verdict_reason: 'DMARC record not valid; the domain expires in 20 days; no average score yet',
			problems: ['DMARC record not valid', 'The domain expires in 20 days', 'No average score yet'],
			fixes: [
				expect.objectContaining({ key: 'dmarc', severity: 'medium' }),
				expect.objectContaining({
					key: 'expiry',
					severity: 'medium',
					problem: 'The domain expires in 20 days',
				}),
				expect.objectContaining({ key: 'score', severity: 'low' }),
			],
		});
		const fine = simplifyDomain(
			{
				domain: 'new.example',
				avg_score: undefined,
				spf_valid: true,
				dkim_valid: true,
				dmarc_valid: true,
			},
			undefined,
			now,
		);
		expect(fine).toEqual(
			expect.objectContaining({
				scored: false,
				verdict: 'pending',
				verdict_reason: 'No average score yet',
			}),
		);
	});
});

describe('domain answer shapes', () => {
	it('reads {domains: [...]} and a bare array alike', () => {
		const list = [{ domain: 'a.example' }, { domain: 'b.example' }];
		expect(domainsFrom({ domains: list })).toEqual(list);
		expect(domainsFrom(list)).toEqual(list);
		expect(domainsFrom({ domains: [] })).toEqual([]);
		expect(domainsFrom(null)).toEqual([]);
	});
});

describe('Domain → Get Many: Include Unscored Domains of My Mailboxes', () => {
	it('adds the domains of the mailboxes the service has not scored, marked, with mailboxes per domain', async () => {
		const { data } = await t.api<{ domains: Array<{ domain: string }> }>(
			'GET',
			'/projects/domains',
		);
		const listed = data.domains.map((d) => d.domain);
		const inUse = await mailboxesPerDomain();
		const unscored = [...inUse.keys()].filter((d) => !listed.includes(d));
		expect(unscored).toEqual(['umbrella-eu.de']);
		await t.clearRequests();

		const result = await t.run(withOptions({ includeUnscored: true }));
		expect(result.error).toBeUndefined();
		const items = jsonOf(result);
		expect(items.map((d) => d.domain)).toEqual([...listed, ...unscored]);
		for (const d of items) expect(d.mailboxes).toBe(inUse.get(String(d.domain)));
		expect(items.filter((d) => d.scored === false)).toEqual([
			expect.objectContaining({
				domain: 'umbrella-eu.de',
				scored: false,
				verdict: 'pending',
				unscored_reason: expect.stringMatching(/no average score/i),
				mailboxes: inUse.get('umbrella-eu.de'),
			}),
		]);
		expect(items.filter((d) => d.scored === true)).toHaveLength(listed.length);
		// The domains once, then every mailbox, spam-test-only ones included, page by page.
		const requests = await t.requests();
		expect(requests[0]).toMatchObject({ method: 'GET' });
		expect(local(requests[0].path)).toBe('/projects/domains');
		const reads = requests.slice(1);
		expect(reads.length).toBeGreaterThan(0);
		for (const r of reads) {
			expect(local(r.path)).toBe('/accounts');
			expect(r.query.include_spamchecker).toBe('true');
		}
	});

	it('a mailbox connected on a new domain brings that domain in, unscored', async () => {
		const created = await t.api('POST', '/imap_auth', {
			email: 'ops@brand-new-domain.example',
			first_name: 'Ops',
			last_name: 'Team',
			provider: 'gmail',
			password: 'dummy-password',
		});
		expect(created.status).toBe(201);
		const items = jsonOf(await t.run(withOptions({ includeUnscored: true })));
		expect(items.find((d) => d.domain === 'brand-new-domain.example')).toMatchObject({
			domain: 'brand-new-domain.example',
			scored: false,
			verdict: 'pending',
			mailboxes: 1,
		});
	});

	it('with Simplify off the added domains carry only what is known: name, scored false, reason, mailboxes', async () => {
		const items = jsonOf(await t.run(withOptions({ includeUnscored: true }, { simplify: false })));
		expect(items.at(-1)).toEqual({
			domain: 'umbrella-eu.de',
			scored: false,
			unscored_reason: expect.any(String),
			mailboxes: expect.any(Number),
		});
		// The listed ones stay as the service sent them, with the count added.
		expect(items[0]).toMatchObject({
			avg_score: expect.any(Number),
			mailboxes: expect.any(Number),
		});
	});

	it('off (the default) lists what the service lists and reads no mailbox', async () => {
		await t.clearRequests();
		const items = jsonOf(await t.run(withOptions()));
		expect(items.map((d) => d.domain)).not.toContain('umbrella-eu.de');
		expect(items.every((d) => d.mailboxes === undefined)).toBe(true);
		expect((await t.requests()).map((r) => local(r.path))).toEqual(['/projects/domains']);
	});

	it('Limit counts the added domains too', async () => {
		const items = jsonOf(
			await t.run(withOptions({ includeUnscored: true }, { returnAll: false, limit: 3 })),
		);
		expect(items).toHaveLength(3);
	});
});
