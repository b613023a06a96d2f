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
		// Seedlist 1: 8 Gmail/Google seeds (88 % = 7 of 8 in the inbox, 25 % = 2 of 8), 8 Outlook, 4 Yahoo.
		expect(drop).toMatchObject({
			automated_test_id: 2,
			window_days: 28,
			latest_public_id: made[3].public_id,
			inbox_percent: 65,
			inbox_percent_before: 90,
			inbox_change: -25,
			providers: {
				gmail: { inbox_percent: 25, inbox_percent_before: 88, change: -63 },
				outlook: { inbox_percent: 88, inbox_percent_before: 88, change: 0 },
				yahoo: { inbox_percent: 100, inbox_percent_before: 100, change: 0 },
			},
			tests_before: 3,
			pending: 0,
			based_on: [made[3].public_id, made[2].public_id, made[1].public_id, made[0].public_id],
		});
		expect(drop.verdict_reason).toBe(
			'Gmail inbox 25 %, 63 points below its 4-week average of 88 %; Inbox 65 %, 25 points below its 4-week average of 90 %',
		);
		expect(drop.final_score).toBe(6.5);
		expect(drop.final_score_before).toBe(9);
		expect(drop.fixes).toEqual(
			expect.arrayContaining([expect.objectContaining({ key: 'placement' })]),
		);
		expect(String(out[1].verdict_reason)).toMatch(
			/^Inbox 90 %, the same as its 4-week average \(90 %\); no measure moved past the thresholds/,
		);
		expect(result.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
		// Every page walked, newest first, no filter the user did not set.
		const log = (await t.requests()).filter((r) => r.path === '/spam_tests');
		expect(log.map((r) => r.query.page)).toEqual(['0', '1']);
		expect(log[0].query).toEqual({ page: '0', per_page: '100' });
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
		expect(String(out[0].verdict_reason)).toContain('points above its 4-week average');
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
		expect(String(bySender[0].verdict_reason)).toMatch(/^Yahoo inbox 0 %, 100 points below/);
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
				options: { dropAtPoints: 0, minEarlierTests: 'x' },
			}),
		);
		expect(result.error?.message).toMatch(/Trend Of/);
		for (const label of ['Window (Days)', 'Drop At (Points)', 'Minimum Earlier Tests'])
			expect(String(result.error?.message) + String(result.error?.description)).toContain(label);
		expect(await t.requests()).toEqual([]);
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
		await t.admin('POST', '/answers', {
			kind: 'given',
			method: 'GET',
			path: '/spam_tests',
			body: tests,
		});
	}

	it('a page that is not a list is an error in words, never an empty trend', async () => {
		await stableThenGmailDrop();
		for (const body of [{}, { spam_tests: 'x' }, 'x', [1, 2]]) {
			await t.admin('DELETE', '/answers');
			await t.admin('POST', '/answers', {
				kind: 'given',
				method: 'GET',
				path: '/spam_tests',
				body,
			});
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
		await t.admin('POST', '/answers', {
			kind: 'given',
			method: 'GET',
			path: '/spam_tests',
			body: [{}],
		});
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
