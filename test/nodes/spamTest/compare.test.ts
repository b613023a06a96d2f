/**
 * Spam Test → Compare through n8n's real engine against the sandbox: the latest two tests of an automated test or a
 * sender, or two ids; placement before and after per provider, the verdict in words, and the problems as resolved,
 * new and persisting, each with its fix.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, useSandbox } from '../context';

const t = useSandbox();

const history = async (body: IDataObject): Promise<Array<{ public_id: string }>> =>
	await t.admin('POST', '/spam_tests/history', body);

const compare = (extra: IDataObject) => ({ resource: 'spamTest', operation: 'compare', ...extra });

const completed = async (sender: string): Promise<string> => {
	const { data } = await t.api<{ public_id: string }>('POST', '/spam_tests', { seedlist: 1 });
	await t.admin('POST', `/spam_tests/${data.public_id}/complete`, { sender });
	return data.public_id;
};

describe('spamTest compare', () => {
	it('the latest two of an automated test: a Gmail drop, per provider, the ids', async () => {
		const made = await history({
			automated_test_id: 2,
			tests: [{ days_ago: 9 }, { days_ago: 8 }, { days_ago: 1, inbox_percent: { gmail: 25 } }],
		});
		const [out] = jsonOf(
			await t.run(compare({ compare: 'automatedTest', automatedTestId: byId(2) })),
		);
		expect(Object.keys(out).slice(0, 4)).toEqual([
			'automated_test_id',
			'verdict',
			'verdict_reason',
			'confidence',
		]);
		expect(out).toMatchObject({
			automated_test_id: 2,
			verdict: 'dropped',
			earlier: {
				public_id: made[1].public_id,
				inbox_percent: 90,
				inbox: 18,
				seeds: 20,
				final_score: 9,
			},
			later: {
				public_id: made[2].public_id,
				inbox_percent: 65,
				inbox: 13,
				seeds: 20,
				final_score: 6.5,
			},
			inbox_change: -25,
			final_score_change: -2.5,
			providers: {
				gmail: {
					inbox_percent_before: 88,
					inbox_before: 7,
					seeds_before: 8,
					inbox_percent: 25,
					inbox: 2,
					seeds: 8,
					change: -63,
					confidence: 97.9,
				},
			},
			resolved: [],
		});
		// Gmail 2 of 8 against 7 of 8: P = (9 + 36 × 7) / C(16, 8) = 261/12870 = 0.0203.
		expect(out.verdict_reason).toMatch(
			/^Gmail inbox 2 of 8 seeds \(25 %\), against 7 of 8 \(88 %\) in the earlier test: 63 points lower, unlikely to be chance \(97\.9 % confidence\); Inbox 13 of 20 seeds \(65 %\), against 18 of 20 \(90 %\) in the earlier test: 25 points lower, /,
		);
		// 7 of 20 copies in spam after 2 of 20 is a problem that got worse, not one that stayed, and it says so.
		expect(out.persisting).toEqual(
			expect.arrayContaining([
				expect.objectContaining({
					key: 'spam_copies',
					change: 'worse',
					problem: '7 of 20 seed copies landed in spam',
					earlier_problem: '2 of 20 seed copies landed in spam',
				}),
			]),
		);
		expect(out.verdict_reason).toContain(
			'; worse in the later test: 7 of 20 seed copies landed in spam, against 2 of 20 seed copies landed in spam',
		);
		expect((out.new as IDataObject[]).map((f) => f.key)).toEqual(['placement']);
		expect((await t.requests()).at(-1)?.query).toMatchObject({
			automated_test_id: '2',
			per_page: '50',
		});
	});

	it('two ids: a spammy test fixed by a clean one resolves its problems; the reverse makes them new, with fixes', async () => {
		const spammy = await completed('deals@spammy-offers.biz');
		const clean = await completed('hello@clean-letters.com');
		const [fixed] = jsonOf(
			await t.run(
				compare({ compare: 'ids', earlierPublicId: byId(spammy), publicId: byId(clean) }),
			),
		);
		expect(fixed.verdict).toBe('improved');
		expect((fixed.resolved as IDataObject[]).map((f) => f.key)).toEqual(
			expect.arrayContaining([
				'dmarc',
				'spf',
				'dkim',
				'domain_blacklists',
				'sending_ip_blacklists',
			]),
		);
		expect(fixed.new).toEqual([]);
		const [broke] = jsonOf(
			await t.run(
				compare({ compare: 'ids', earlierPublicId: byId(clean), publicId: byId(spammy) }),
			),
		);
		expect(broke.verdict).toBe('dropped');
		const fresh = broke.new as IDataObject[];
		expect(fresh[0]).toMatchObject({ severity: 'critical' });
		expect(fresh.find((f) => f.key === 'dmarc')?.fix).toContain('_dmarc.spammy-offers.biz');
		expect(await t.calls()).toEqual(
			expect.arrayContaining([`GET /spam_tests/${clean}`, `GET /spam_tests/${spammy}`]),
		);
	});

	it('placement better at Gmail and Outlook is improved, and Yahoo’s one copy of four is named as too few to tell', async () => {
		const made = await history({
			automated_test_id: 2,
			tests: [
				{ days_ago: 8, inbox_percent: { gmail: 50, outlook: 50, yahoo: 100 } },
				{ days_ago: 1, inbox_percent: { gmail: 100, outlook: 100, yahoo: 75 } },
			],
		});
		const [out] = jsonOf(
			await t.run(
				compare({
					compare: 'ids',
					earlierPublicId: byId(made[0].public_id),
					publicId: byId(made[1].public_id),
				}),
			),
		);
		expect(out.verdict).toBe('improved');
		const reason = String(out.verdict_reason);
		expect(reason).toMatch(
			/^Gmail inbox 8 of 8 seeds \(100 %\), against 4 of 8 \(50 %\) in the earlier test: 50 points higher, unlikely to be chance/,
		);
		expect(reason).toContain('Outlook inbox 8 of 8 seeds (100 %), against 4 of 8 (50 %)');
		expect(reason).toContain(
			'Inbox 19 of 20 seeds (95 %), against 12 of 20 (60 %) in the earlier test: 35 points higher',
		);
		expect(reason).toContain(
			'Yahoo inbox 3 of 4 seeds (75 %), against 4 of 4 (100 %) in the earlier test: 25 points lower, too few seeds to tell a drop from chance (50 % confidence, 95 % needed)',
		);
	});

	it('the same placement with a new blacklisting is not "no change": the new critical problems stand beside the verdict', async () => {
		const [clean] = await history({ sender: 'news@acme-mail.com', tests: [{ days_ago: 3 }] });
		const [listed] = await history({ sender: 'news@spammy-acme.biz', tests: [{ days_ago: 1 }] });
		const [out] = jsonOf(
			await t.run(
				compare({
					compare: 'ids',
					earlierPublicId: byId(clean.public_id),
					publicId: byId(listed.public_id),
				}),
			),
		);
		expect(out.verdict).toBe('stable');
		expect(String(out.verdict_reason)).toMatch(
			/^Inbox 18 of 20 seeds \(90 %\), against 18 of 20 \(90 %\) in the earlier test: the same; no measure moved past the thresholds \(drop at 10, improve at 10 points\); new in the later test: Listed on 2 domain blacklists: .* \(critical\); new in the later test: Sending IP listed on \d+ blacklists?: .*b\.barracudacentral\.org \(critical\)/,
		);
	});

	it('a sender with one completed test: not enough data, said in words; a pending test is not enough either', async () => {
		await history({ sender: 'solo@acme-mail.com', tests: [{ days_ago: 2 }] });
		const [one] = jsonOf(await t.run(compare({ compare: 'sender', sender: 'Solo@Acme-Mail.com' })));
		expect(one).toMatchObject({
			sender: 'solo@acme-mail.com',
			verdict: 'not enough data',
			verdict_reason:
				'Only one completed test with seed results among the 50 newest spam tests of sender solo@acme-mail.com: two are needed to compare',
		});
		const pending = (await t.api<{ public_id: string }>('POST', '/spam_tests', {})).data.public_id;
		const done = await completed('hello@clean-letters.com');
		const [waiting] = jsonOf(
			await t.run(
				compare({ compare: 'ids', earlierPublicId: byId(done), publicId: byId(pending) }),
			),
		);
		expect(waiting.verdict).toBe('not enough data');
		expect(waiting.verdict_reason).toBe(
			`The later test ${pending} has no seed results yet (still waiting for seed copies)`,
		);
	});

	it('refuses bad input before any request', async () => {
		await t.clearRequests();
		const result = await t.run(
			compare({ compare: 'sender', sender: '  ', options: { dropAtPoints: 500 } }),
		);
		expect(String(result.error?.message) + String(result.error?.description)).toMatch(/Sender/);
		expect(String(result.error?.message) + String(result.error?.description)).toMatch(/Drop At/);
		expect(await t.requests()).toEqual([]);
	});
});

describe('spamTest compare raw', () => {
	it('Output Raw Answer: the two tests compared, earlier first, as the service sent them', async () => {
		const made = await history({
			automated_test_id: 3,
			tests: [{ days_ago: 9 }, { days_ago: 8 }, { days_ago: 1 }],
		});
		const out = jsonOf(
			await t.run(compare({ compare: 'automatedTest', automatedTestId: byId(3), output: 'raw' })),
		);
		expect(out.map((o) => o.public_id)).toEqual([made[1].public_id, made[2].public_id]);
		expect(out[0]).toHaveProperty('results');
	});
});

describe('spamTest compare against a strange service', () => {
	it('the latest two: a test without a readable created_at is an error, never an older pair compared instead', async () => {
		const made = await history({
			automated_test_id: 2,
			tests: [{ days_ago: 9 }, { days_ago: 1, inbox_percent: { gmail: 25 } }],
		});
		const { data } = await t.api<IDataObject[]>('GET', '/spam_tests', undefined, {
			page: 0,
			per_page: 100,
		});
		for (const test of data) if (test.public_id === made[1].public_id) delete test.created_at;
		await t.answerWith('GET /spam_tests', data);
		const result = await t.run(compare({ compare: 'automatedTest', automatedTestId: byId(2) }));
		expect(result.error?.message).toBe(
			`The service sent spam test ${made[1].public_id} without a readable created_at (null)`,
		);
		expect(result.items).toEqual([]);
	});

	it('two ids: an answer that is not a spam test is an error; one without seed results is not enough data', async () => {
		const made = await history({
			sender: 'news@acme-mail.com',
			tests: [{ days_ago: 9 }, { days_ago: 1 }],
		});
		const twoIds = compare({
			compare: 'ids',
			earlierPublicId: byId(made[0].public_id),
			publicId: byId(made[1].public_id),
		});
		const path = `/spam_tests/${made[1].public_id}`;
		await t.answerWith(`GET ${path}`, []);
		const refused = await t.run(twoIds);
		expect(refused.error?.name).toBe('NodeApiError');
		expect(refused.error?.message).toContain(
			'where Spam Test → Compare expects a spam test (with public_id)',
		);
		await t.admin('DELETE', '/answers');
		await t.answerWith(`GET ${path}`, {
			public_id: made[1].public_id,
			completed: true,
			results: [],
		});
		const [out] = jsonOf(await t.run(twoIds));
		expect(out).toMatchObject({
			verdict: 'not enough data',
			verdict_reason: `The later test ${made[1].public_id} has no seed results yet`,
		});
		for (const field of ['inbox_change', 'final_score_change', 'providers'])
			expect(out).not.toHaveProperty(field);
	});
});
