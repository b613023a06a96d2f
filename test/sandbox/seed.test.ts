/** The seed data has what node tests need (mixes, domains, spam tests, automated tests, alerts, project B). */
import { useSandbox } from './helpers';
import type { Json } from './helpers';

const t = useSandbox({}, false);

async function allAccounts(key: 'A' | 'B' = 'A'): Promise<Json[]> {
	const out: Json[] = [];
	for (let page = 0; ; page++) {
		const res = await t.get('/accounts', { page, per_page: 100, include_spamchecker: true }, key);
		out.push(...res.data);
		if (res.data.length < 100) return out;
	}
}

describe('seed data', () => {
	it('project A: ≥ 120 accounts with tags, warming/spamchecker mixes (incl. spamchecker-only) and per-provider scores', async () => {
		const accounts = await allAccounts();
		expect(accounts.length).toBeGreaterThanOrEqual(120);
		expect(new Set(accounts.flatMap((a) => a.tags.map((x: { name: string }) => x.name)))).toEqual(
			new Set(['sales', 'eu', 'us', 'warmup', 'vip']),
		);
		const kinds = new Set(accounts.map((a) => `${a.warming_enabled}/${a.spamchecker_enabled}`));
		expect(kinds).toEqual(new Set(['true/false', 'true/true', 'false/true']));
		expect(new Set(accounts.map((a) => a.provider)).size).toBeGreaterThanOrEqual(3);
		expect(accounts.some((a) => !a.alive)).toBe(true);
		expect(accounts.some((a) => a.suspended)).toBe(true);
		const single = (await t.get('/accounts/10')).data;
		for (const f of ['score_gmail', 'score_outlook', 'score_custom'])
			expect(Number.isInteger(single[f])).toBe(true);
		expect(new Set(accounts.map((a) => a.score)).size).toBeGreaterThan(20); // scores vary
	});

	it('project A: several domains with SPF/DKIM/DMARC values and MX triples, one unscored', async () => {
		const domains = new Map<string, Json>();
		for (const id of [1, 2, 3, 4, 5, 6, 7]) {
			const d = (await t.get(`/accounts/${id}`)).data.domain;
			domains.set(d.domain, d);
		}
		expect(domains.size).toBe(7);
		const list = [...domains.values()];
		for (const d of list) {
			expect(d.mx_records.length).toBeGreaterThan(0);
			for (const mx of d.mx_records)
				expect(mx).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
			for (const rec of ['spf', 'dkim', 'dmarc'])
				expect(d[`${rec}_value`] !== '').toBe(d[`${rec}_valid`]);
		}
		expect(list.filter((d) => d.avg_score === null).map((d) => d.domain)).toEqual([
			'umbrella-eu.de',
		]);
		for (const rec of ['spf', 'dkim', 'dmarc'])
			expect(new Set(list.map((d) => d[`${rec}_valid`]))).toEqual(new Set([true, false]));
	});

	it('project A: ≥ 30 spam tests of every type, automated and not, completed and pending', async () => {
		const tests = (await t.get('/spam_tests', { page: 0, per_page: 100 })).data as Json[];
		expect(tests.length).toBeGreaterThanOrEqual(30);
		expect(new Set(tests.map((x) => x.test_type))).toEqual(new Set(['all', 'btob', 'btoc']));
		expect(new Set(tests.map((x) => x.automated))).toEqual(new Set([true, false]));
		expect(new Set(tests.map((x) => x.completed))).toEqual(new Set([true, false]));
		expect(new Set(tests.map((x) => x.seedlist))).toEqual(new Set([1, 2, 3, 4]));
		// rule 3 is observable: some btob/btoc tests have a final_score different from the raw score
		expect(
			tests.some(
				(x) => x.test_type !== 'all' && x.final_score !== null && x.final_score !== x.score,
			),
		).toBe(true);
		// a pending test with some copies already in
		expect(
			tests.some((x) => !x.completed && x.results.some((r: Json) => r.received_in !== null)),
		).toBe(true);
	});

	it('project A: ≥ 30 automated tests, active and inactive, with runs; alerts', async () => {
		const tests = (await t.get('/automated_tests', { per_page: 100 })).data as Json[];
		expect(tests.length).toBeGreaterThanOrEqual(30);
		expect(new Set(tests.map((x) => x.active))).toEqual(new Set([true, false]));
		expect(new Set(tests.map((x) => x.repeat_period))).toEqual(new Set(['WEEK', 'DAY']));
		expect(tests.some((x) => x.automated_test_runs.length > 0)).toBe(true);
		expect(tests.some((x) => x.last_run_at === null)).toBe(true);
		const alerts = (await t.get('/alerts')).data as Json[];
		expect(alerts.length).toBeGreaterThan(0);
		expect(new Set(alerts.map((a) => a.channel))).toEqual(new Set(['SLACK', 'HOOK_URL', 'ALL']));
	});

	it('project B is small and separate', async () => {
		const accounts = await allAccounts('B');
		expect(accounts.length).toBeGreaterThan(0);
		expect(accounts.length).toBeLessThan(10);
		expect((await t.get('/spam_tests', { page: 0 }, 'B')).data.length).toBeGreaterThan(0);
		expect((await t.get('/automated_tests', {}, 'B')).data.length).toBeGreaterThan(0);
		expect((await t.get('/alerts', {}, 'B')).data.length).toBeGreaterThan(0);
	});
});
