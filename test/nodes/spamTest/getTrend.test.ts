/**
 * Spam Test → Get Trend through n8n's real engine against the sandbox, with a history the admin API makes (stable,
 * then a drop for one provider): the verdict words and their reason, the numbers per provider, the ids it is based on,
 * the thresholds as options, not enough data when there is too little, and bad input refused before any request.
 */
import type { IDataObject } from 'n8n-workflow';

import { jsonOf, useSandbox } from '../context';

const t = useSandbox();

const history = async (body: IDataObject): Promise<Array<{ public_id: string }>> =>
	await t.admin('POST', '/spam_tests/history', body);

const trend = (extra: IDataObject = {}) => ({
	resource: 'spamTest',
	operation: 'getTrend',
	...extra,
});

const stableThenGmailDrop = async (automatedTestId = 2) =>
	await history({
		automated_test_id: automatedTestId,
		tests: [
			{ days_ago: 22 },
			{ days_ago: 15 },
			{ days_ago: 8 },
			{ days_ago: 1, inbox_percent: { gmail: 25 } },
		],
	});

describe('spamTest getTrend', () => {
	it('a Gmail drop: dropped, with the reason in words, the numbers per provider and the ids it is based on', async () => {
		const made = await stableThenGmailDrop();
		await history({
			automated_test_id: 4,
			tests: [{ days_ago: 20 }, { days_ago: 10 }, { days_ago: 2 }],
		});
		await t.clearRequests();
		const result = await t.run(trend());
		expect(result.error).toBeUndefined();
		const out = jsonOf(result);
		// The seed tests are from 2025: only the two histories are in the 28-day window. Dropped comes first.
		expect(out.map((o) => [o.automated_test_id, o.verdict])).toEqual([
			[2, 'dropped'],
			[4, 'stable'],
		]);
		const [drop] = out;
		// Seedlist 1: 8 Gmail/Google seeds (88 % = 7 of 8 in the inbox, 25 % = 2 of 8), 8 Outlook, 4 Yahoo; the
		// three earlier tests pooled: 21 of 24 Gmail copies, 54 of 60 in all.
		expect(Object.keys(drop).slice(0, 5)).toEqual([
			'automated_test_id',
			'verdict',
			'verdict_reason',
			'confidence',
			'subject',
		]);
		expect(drop).toMatchObject({
			automated_test_id: 2,
			window_days: 28,
			latest_public_id: made[3].public_id,
			inbox_percent: 65,
			inbox: 13,
			seeds: 20,
			inbox_percent_before: 90,
			inbox_before: 54,
			seeds_before: 60,
			inbox_change: -25,
			confidence: 99.7,
			providers: {
				gmail: {
					inbox_percent: 25,
					inbox: 2,
					seeds: 8,
					inbox_percent_before: 88,
					inbox_before: 21,
					seeds_before: 24,
					change: -63,
					confidence: 99.7,
				},
				outlook: { inbox_percent: 88, inbox_percent_before: 88, change: 0 },
				yahoo: { inbox: 4, seeds: 4, inbox_before: 12, seeds_before: 12, change: 0 },
			},
			tests_before: 3,
			pending: 0,
			based_on: [made[3].public_id, made[2].public_id, made[1].public_id, made[0].public_id],
		});
		expect(drop.verdict_reason).toBe(
			'Gmail inbox 2 of 8 seeds (25 %), against 21 of 24 (88 %) in the 4 weeks before: 63 points lower, very unlikely to be chance (99.7 % confidence); Inbox 13 of 20 seeds (65 %), against 54 of 60 (90 %) in the 4 weeks before: 25 points lower, unlikely to be chance (98.5 % confidence)',
		);
		expect(drop.final_score).toBe(6.5);
		expect(drop.final_score_before).toBe(9);
		// The drop's own fix first, naming Gmail; the latest test's problems after it, each saying whether the
		// earlier tests had it too.
		const fixes = drop.fixes as IDataObject[];
		expect(fixes[0]).toMatchObject({
			key: 'placement_drop',
			problem: 'Inbox placement dropped at Gmail',
		});
		expect(String(fixes[0].fix)).toContain("Gmail's sender guidelines");
		expect(fixes).toEqual(
			expect.arrayContaining([expect.objectContaining({ key: 'placement', in_earlier_tests: 0 })]),
		);
		expect(String(out[1].verdict_reason)).toMatch(
			/^Inbox 18 of 20 seeds \(90 %\), against 36 of 40 \(90 %\) in the 4 weeks before: the same; no measure moved past the thresholds/,
		);
		expect(out[1]).not.toHaveProperty('confidence');
		expect(result.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
		// Newest first: the first page already reaches back past the window (the seed tests are from 2025), so no
		// other page is read; no filter the user did not set.
		const log = (await t.requests()).filter((r) => r.path === '/spam_tests');
		expect(log.map((r) => r.query.page)).toEqual(['0']);
		expect(log[0].query).toEqual({ page: '0', per_page: '100' });
	});

	it('one Yahoo seed of four in spam is 25 points but no alarm: not enough data, saying why', async () => {
		await history({
			automated_test_id: 2,
			tests: [
				{ days_ago: 15, default_inbox_percent: 100 },
				{ days_ago: 8, default_inbox_percent: 100 },
				{ days_ago: 1, default_inbox_percent: 100, inbox_percent: { yahoo: 75 } },
			],
		});
		const [out] = jsonOf(await t.run(trend()));
		// 3 of 4 against 8 of 8: P = 1 − C(11,4)/C(12,4) = 1/3, so 66.6 % confidence (rounded down).
		expect(out).toMatchObject({ verdict: 'not enough data', confidence: 66.6 });
		expect(out.verdict_reason).toBe(
			'Yahoo inbox 3 of 4 seeds (75 %), against 8 of 8 (100 %) in the 4 weeks before: 25 points lower, too few seeds to tell a drop from chance (66.6 % confidence, 95 % needed)',
		);
		expect((out.fixes as IDataObject[]).map((f) => f.key)).not.toContain('placement_drop');
	});

	it('before pools the copies of tests of different sizes: 16 of 16 and 0 of 24 are 16 of 40, not a mean of 50 %', async () => {
		await history({
			automated_test_id: 2,
			tests: [
				{ days_ago: 10, seedlist: 2, default_inbox_percent: 100 },
				{ days_ago: 5, seedlist: 3, default_inbox_percent: 0 },
				{ days_ago: 1, default_inbox_percent: 50 },
			],
		});
		const [out] = jsonOf(await t.run(trend()));
		// Seedlist 2 has 16 seeds (7 Gmail), seedlist 3 has 24 (10 Gmail): Gmail 7 of 17 before.
		expect(out).toMatchObject({
			inbox: 10,
			seeds: 20,
			inbox_before: 16,
			seeds_before: 40,
			inbox_percent_before: 40,
			inbox_change: 10,
			providers: {
				gmail: { inbox: 4, seeds: 8, inbox_before: 7, seeds_before: 17, inbox_percent_before: 41 },
			},
		});
	});

	it('thresholds are options: Drop At 70 points makes the same history stable; an improvement is improved', async () => {
		await stableThenGmailDrop();
		const [lenient] = jsonOf(await t.run(trend({ options: { dropAtPoints: 70 } })));
		expect(lenient.verdict).toBe('stable');
		await history({
			automated_test_id: 5,
			tests: [
				{ days_ago: 9, default_inbox_percent: 50 },
				{ days_ago: 5, default_inbox_percent: 50 },
				{ days_ago: 1, default_inbox_percent: 90 },
			],
		});
		const out = jsonOf(await t.run(trend({ filters: { automated_test_id: 5 } })));
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({ verdict: 'improved', automated_test_id: 5 });
		expect(String(out[0].verdict_reason)).toMatch(
			/^Inbox 18 of 20 seeds \(90 %\), against 20 of 40 \(50 %\) in the 4 weeks before: 40 points higher, very unlikely to be chance/,
		);
		expect((await t.requests()).at(-1)?.query.automated_test_id).toBe('5');
	});

	it('not enough data: one earlier test when two are needed, and a window without completed tests', async () => {
		await history({ automated_test_id: 2, tests: [{ days_ago: 5 }, { days_ago: 1 }] });
		const [few] = jsonOf(await t.run(trend()));
		expect(few).toMatchObject({
			verdict: 'not enough data',
			verdict_reason:
				'Only 1 completed test with seed results before the latest in the last 28 days (2 needed to compare)',
			tests_before: 1,
		});
		const [one] = jsonOf(await t.run(trend({ options: { minEarlierTests: 1 } })));
		expect(one.verdict).toBe('stable');
		// A window of 3 days holds only the latest.
		const [short] = jsonOf(await t.run(trend({ windowDays: 3, options: { minEarlierTests: 1 } })));
		expect(short.verdict).toBe('not enough data');
		expect(short.based_on).toHaveLength(1);
	});

	it('by sender and by domain: one trend per sender, the Sender filter keeping exact matches', async () => {
		await history({
			sender: 'news@acme-mail.com',
			tests: [{ days_ago: 9 }, { days_ago: 5 }, { days_ago: 1, inbox_percent: { yahoo: 0 } }],
		});
		await history({ sender: 'team@acme-mail.com', tests: [{ days_ago: 3 }] });
		const bySender = jsonOf(await t.run(trend({ trendOf: 'sender' })));
		expect(bySender.map((o) => [o.sender, o.verdict])).toEqual(
			expect.arrayContaining([
				['news@acme-mail.com', 'dropped'],
				['team@acme-mail.com', 'not enough data'],
			]),
		);
		expect(String(bySender[0].verdict_reason)).toMatch(
			/^Yahoo inbox 0 of 4 seeds \(0 %\), against 8 of 8 \(100 %\) in the 4 weeks before: 100 points lower, very unlikely to be chance \(99\.7 % confidence\)/,
		);
		const byDomain = jsonOf(
			await t.run(trend({ trendOf: 'domain', filters: { sender: 'ACME-mail.com' } })),
		);
		expect(byDomain).toHaveLength(1);
		expect(byDomain[0]).toMatchObject({ domain: 'acme-mail.com', tests_before: 3 });
		expect((await t.requests()).at(-1)?.query.search).toBe('acme-mail.com');
	});

	it('nothing in the window: no items and a hint, not a made-up trend', async () => {
		const result = await t.run(trend());
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(0);
	});

	it('refuses bad input before any request, every problem at once', async () => {
		await t.clearRequests();
		const result = await t.run(
			trend({
				trendOf: 'subject',
				windowDays: 0,
				options: { dropAtPoints: 0, minEarlierTests: 'x', confidence: 80 },
			}),
		);
		expect(result.error?.message).toMatch(/Trend Of/);
		for (const label of [
			'Window (Days)',
			'Drop At (Points)',
			'Minimum Earlier Tests',
			'Confidence',
		])
			expect(String(result.error?.message) + String(result.error?.description)).toContain(label);
		expect(await t.requests()).toEqual([]);
	});
});

describe('spamTest getTrend costs its window, not the whole history', () => {
	/** Forty daily tests of automated test 2 (today back to 39 days ago), ten a page as the service serves them. */
	async function fortyDays(): Promise<void> {
		await history({
			automated_test_id: 2,
			tests: Array.from({ length: 40 }, (_, d) => ({ days_ago: d })),
		});
		await t.admin('POST', '/settings', { perPageMode: 'ignore' });
	}
	const page = async (n: number) =>
		(await t.api<IDataObject[]>('GET', '/spam_tests', undefined, { page: n })).data;
	const pagesRead = async () =>
		(await t.requests()).filter((r) => r.path === '/spam_tests').map((r) => Number(r.query.page));

	it('newest first: it stops at the page that reaches back past the window', async () => {
		await fortyDays();
		await t.clearRequests();
		const [out] = jsonOf(await t.run(trend({ windowDays: 20 })));
		// Days 0–19 are in the window: pages 0 and 1; page 2 (days 20–29) reaches past it, and no page after it is read.
		expect(out).toMatchObject({ automated_test_id: 2, tests_before: 19 });
		expect(await pagesRead()).toEqual([0, 1, 2]);
		// The list is longer than that: the seed's own tests follow the forty.
		expect((await page(5)).length).toBeGreaterThan(0);
	});

	it('a page out of order makes it read the list to its end, so nothing of the window is missed', async () => {
		await fortyDays();
		// The first two pages swapped: the second holds tests newer than the first's oldest.
		const [first, second] = [await page(0), await page(1)];
		for (const body of [second, first]) await t.answerWith('GET /spam_tests', body, { count: 1 });
		await t.clearRequests();
		const [out] = jsonOf(await t.run(trend({ windowDays: 20 })));
		expect(out).toMatchObject({ automated_test_id: 2, tests_before: 19 });
		const read = await pagesRead();
		const last = Math.max(...read);
		expect(read).toEqual(Array.from({ length: last + 1 }, (_, n) => n));
		expect(await page(last)).toEqual([]);
	});
});

describe('spamTest getTrend raw', () => {
	it('Output Raw Answer: the spam tests of the window the trend reads, as the service sent them', async () => {
		const made = await stableThenGmailDrop(3);
		const out = jsonOf(await t.run(trend({ output: 'raw' })));
		expect(out.map((o) => o.public_id)).toEqual(made.map((m) => m.public_id).reverse());
		expect(out[0]).toHaveProperty('results');
		expect(out[0]).not.toHaveProperty('verdict');
	});
});

describe('spamTest getTrend against a strange service', () => {
	/** The service's page of spam tests (all of them: fewer than 100), changed by `change`, served as the answer. */
	async function served(change: (test: IDataObject) => void): Promise<void> {
		const { data } = await t.api<IDataObject[]>('GET', '/spam_tests', undefined, {
			page: 0,
			per_page: 100,
		});
		const tests = data;
		expect(tests.length).toBeLessThan(100);
		tests.forEach(change);
		await t.answerWith('GET /spam_tests', tests);
	}

	it('a page that is not a list is an error in words, never an empty trend', async () => {
		await stableThenGmailDrop();
		for (const body of [{}, { spam_tests: 'x' }, 'x', [1, 2]]) {
			await t.admin('DELETE', '/answers');
			await t.answerWith('GET /spam_tests', body);
			const result = await t.run(trend());
			expect(result.error?.name).toBe('NodeApiError');
			expect(result.error?.message).toContain(
				'where Spam Test → Get Trend expects a list of spam tests',
			);
			expect(result.items).toEqual([]);
		}
	});

	it('a test without a readable created_at is an error naming it, not left out of the window', async () => {
		const made = await stableThenGmailDrop();
		await served((test) => {
			if (test.public_id === made[3].public_id) test.created_at = 'yesterday';
		});
		const result = await t.run(trend());
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(
			`The service sent spam test ${made[3].public_id} without a readable created_at ("yesterday")`,
		);
		expect(result.error?.description).toContain('nothing was changed');
		// An empty object for a test is refused the same way.
		await t.admin('DELETE', '/answers');
		await t.answerWith('GET /spam_tests', [{}]);
		expect((await t.run(trend())).error?.message).toBe(
			'The service sent spam test (without a public_id) without a readable created_at (null)',
		);
	});

	it('tests without a score trend on their placement; no score is made up', async () => {
		await stableThenGmailDrop();
		await served((test) => delete test.final_score);
		const [drop] = jsonOf(await t.run(trend()));
		expect(drop).toMatchObject({ verdict: 'dropped', inbox_percent: 65, inbox_percent_before: 90 });
		for (const field of ['final_score', 'final_score_before', 'final_score_change'])
			expect(drop).not.toHaveProperty(field);
	});

	it('completed tests without seed results are not enough data, never a trend', async () => {
		await stableThenGmailDrop();
		await served((test) => delete test.results);
		const [out] = jsonOf(await t.run(trend()));
		expect(out).toEqual({
			automated_test_id: 2,
			window_days: 28,
			verdict: 'not enough data',
			verdict_reason: 'No completed test with seed results in the last 28 days',
			based_on: [],
			pending: 0,
		});
	});
});
