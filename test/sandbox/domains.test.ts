/** Spec §4 GET /projects/domains: unique scored domains of the project's accounts, insertion order or by score. */
import { expectError, useSandbox } from './helpers';
import type { Json } from './helpers';

const t = useSandbox();

const names = (res: Json): string[] => res.data.domains.map((d: { domain: string }) => d.domain);

describe('GET /projects/domains', () => {
	it('answers {domains: [...]} in insertion order, unscored domains omitted', async () => {
		const res = await t.get('/projects/domains');
		expect(res.status).toBe(200);
		expect(Object.keys(res.data)).toEqual(['domains']);
		expect(names(res)).toEqual([
			'acme-mail.com',
			'northwind-sales.io',
			'contoso-mail.net',
			'globex-outreach.com',
			'initech-news.org',
			'hooli-us.com',
		]);
		expect(names(res)).not.toContain('umbrella-eu.de'); // in use by accounts, but avg_score is null
	});

	it('carries every domain field, with MX triples of strings', async () => {
		const [d] = (await t.get('/projects/domains')).data.domains;
		for (const f of [
			'id',
			'created_at',
			'updated_at',
			'creation_date',
			'last_check_at',
			'expire_at',
			'domain',
			'spf_valid',
			'dkim_valid',
			'dmarc_valid',
			'spf_value',
			'dkim_value',
			'dmarc_value',
			'dkim_selector',
			'domain_http_response',
			'domain_https',
			'avg_score',
			'score_change',
			'mx_records',
		]) {
			expect(d).toHaveProperty(f);
		}
		expect(d.mx_records.length).toBeGreaterThan(0);
		for (const mx of d.mx_records)
			expect(mx).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
		expect(typeof d.avg_score).toBe('number');
	});

	it('order=asc / desc sorts by avg_score', async () => {
		const asc = (await t.get('/projects/domains', { order: 'asc' })).data.domains.map(
			(d: { avg_score: number }) => d.avg_score,
		);
		const desc = (await t.get('/projects/domains', { order: 'desc' })).data.domains.map(
			(d: { avg_score: number }) => d.avg_score,
		);
		expect(asc).toEqual([40, 55, 65, 72, 88, 91]);
		expect(desc).toEqual([91, 88, 72, 65, 55, 40]);
		expectError(await t.get('/projects/domains', { order: 'score' }), 422);
	});

	it('is scoped to the project', async () => {
		expect(names(await t.get('/projects/domains', undefined, 'B'))).toEqual(['b-corp-mail.com']);
	});

	it('lists only domains used by an account: a domain whose accounts are all deleted disappears', async () => {
		const everyone = [];
		for (let page = 0; page < 2; page++)
			everyone.push(
				...(await t.get('/accounts', { page, per_page: 100, include_spamchecker: true })).data,
			);
		const ids = everyone.filter((a) => a.email.endsWith('@initech-news.org')).map((a) => a.id);
		const task = (await t.post('/accounts/batch', { account_ids: ids, action: 'delete' })).data;
		for (let i = 0; i < 3; i++) await t.get(`/tasks/${task.id}`);
		expect(names(await t.get('/projects/domains'))).not.toContain('initech-news.org');
	});

	it('a newly connected domain has no score yet, so it is not listed', async () => {
		const res = await t.post('/imap_auth', {
			email: 'x@brand-new.test',
			first_name: 'X',
			last_name: 'Y',
			provider: 'custom',
			imap_server: 'imap.brand-new.test',
			smtp_server: 'smtp.brand-new.test',
			password: 'p',
		});
		expect(res.status).toBe(201);
		expect(res.data.domain.domain).toBe('brand-new.test');
		expect(names(await t.get('/projects/domains'))).not.toContain('brand-new.test');
	});
});
