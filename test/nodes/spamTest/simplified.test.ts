/**
 * Spam Test → Get and Get Many with Simplify on, through n8n's real engine against the sandbox: placement per
 * provider computed from the seed results the service sent, the verdict against the inbox thresholds (options),
 * authentication in words, blacklists, parsed content, and problems in words. Then, under "the simplifier alone",
 * the simplifier called directly with answers the sandbox does not send: verdicts at and around the thresholds,
 * the verdict from the final score without seed results, the thresholds' checks, content sent as an object, the
 * fixes worst first, and what is left out when the service did not send it (mutation testing runs only these:
 * stryker.config.mjs).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	placementOf,
	weakestProviders,
} from '../../../nodes/Deliverability/resources/spamTest/shared/placement';
import { inboxThresholds } from '../../../nodes/Deliverability/resources/spamTest/shared/inboxVerdict';
import {
	providerGroup,
	simplifySpamTest,
} from '../../../nodes/Deliverability/resources/spamTest/shared/simplified';
import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { showsFor } from '../../../support/output-schemas';
import { Validator } from '../../../nodes/shared/validation';
import { byId, jsonOf, useSandbox } from '../context';
import { spamTestsIn, type ApiSpamTest } from '../../support/spam-tests';
import { NODE } from '../../support/node';

const t = useSandbox();
const { newTest, sendTo } = spamTestsIn(t);

const get = (test: ApiSpamTest, extra: IDataObject = {}) => ({
	resource: 'spamTest',
	operation: 'get',
	publicId: byId(test.public_id),
	...extra,
});

async function rawOf(test: ApiSpamTest): Promise<ApiSpamTest> {
	return (await t.api<ApiSpamTest>('GET', `/spam_tests/${test.public_id}`)).data;
}

/** Placement counted here from the raw results, the way docs/operations.md → Simplified outputs describes it. */
function expectedPlacement(results: ApiSpamTest['results']) {
	const group = (
		folder: string | null,
	): 'inbox' | 'categories' | 'spam' | 'other' | 'not_received' =>
		!folder
			? 'not_received'
			: ['INBOX', 'PERSONAL', 'IMPORTANT'].includes(folder)
				? 'inbox'
				: ['PROMOTIONS', 'PROMOTION', 'SOCIAL', 'UPDATES', 'FORUMS'].includes(folder)
					? 'categories'
					: folder === 'SPAM'
						? 'spam'
						: 'other';
	const bucket = (list: ApiSpamTest['results']) => {
		const counts = {
			seeds: list.length,
			inbox: 0,
			categories: 0,
			spam: 0,
			other: 0,
			not_received: 0,
		};
		for (const r of list) counts[group(r.received_in)]++;
		const pct = (n: number) => (list.length ? Math.round((n / list.length) * 100) : null);
		return { ...counts, inbox_percent: pct(counts.inbox), spam_percent: pct(counts.spam) };
	};
	const by = (names: string[]) => results.filter((r) => names.includes(r.provider));
	return {
		all: bucket(results),
		gmail: bucket(by(['gmail', 'google_workspace'])),
		outlook: bucket(by(['outlook', 'microsoft_365'])),
		yahoo: bucket(by(['yahoo'])),
		other: bucket(
			results.filter(
				(r) =>
					!['gmail', 'google_workspace', 'outlook', 'microsoft_365', 'yahoo'].includes(r.provider),
			),
		),
	};
}

describe('spam test simplified', () => {
	it('a clean sender: subject, sender, placement per provider, authentication in words, content parsed, verdict pass', async () => {
		const test = await newTest(4);
		await sendTo(test, 'news@clean-letters.com');
		const raw = await rawOf(test);
		const result = await t.run(get(test));
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		const placement = expectedPlacement(raw.results);
		expect(out).toEqual({
			public_id: test.public_id,
			public_full_id: test.public_full_id,
			completed: true,
			subject: 'Spring sale',
			sender: 'news@clean-letters.com',
			created_at: raw.created_at,
			test_type: raw.test_type,
			seedlist: 4,
			domain: 'clean-letters.com',
			final_score: raw.final_score,
			score: raw.score,
			btob_score: raw.btob_score,
			btoc_score: raw.btoc_score,
			inbox_percent: placement.all.inbox_percent,
			spam_percent: placement.all.spam_percent,
			not_received: 0,
			verdict: 'pass',
			verdict_reason: `${placement.all.inbox_percent} % of seed copies reached the inbox (pass at 80 % or more)`,
			placement,
			authentication: { spf: 'valid', dkim: 'valid', dmarc: 'valid' },
			blacklists: { domain: [], sending_ip: [] },
			content: JSON.parse(raw.analysis_results as string),
			problems: placement.all.spam
				? [`${placement.all.spam} of 18 seed copies landed in spam`]
				: [],
			fixes: placement.all.spam
				? [expect.objectContaining({ key: 'spam_copies', severity: 'high' })]
				: [],
		});
		// Every provider of the sandbox's seedlist has seeds; the buckets add up to the whole.
		for (const provider of ['gmail', 'outlook', 'yahoo'] as const)
			expect(placement[provider].seeds).toBeGreaterThan(0);
		expect(
			placement.gmail.seeds +
				placement.outlook.seeds +
				placement.yahoo.seeds +
				placement.other.seeds,
		).toBe(18);
		expect(placement.all.inbox_percent).toBeGreaterThanOrEqual(80);
	});

	it('a spammy sender fails, with its problems in words: records missing, blacklists, spam words, copies in spam', async () => {
		const test = await newTest(1);
		await sendTo(test, 'deals@spammy-offers.biz');
		const [out] = jsonOf(await t.run(get(test)));
		expect(out.verdict).toBe('fail');
		expect(out.verdict_reason).toMatch(
			/^\d+ % of seed copies reached the inbox \(fail below 60 %\)$/,
		);
		expect(out.authentication).toEqual({ spf: 'missing', dkim: 'missing', dmarc: 'missing' });
		expect(out.blacklists).toEqual({
			domain: ['dbl.spamhaus.org', 'multi.uribl.com'],
			sending_ip: ['zen.spamhaus.org', 'b.barracudacentral.org'],
		});
		expect(out.problems).toEqual([
			expect.stringMatching(/^Only \d+ % of seed copies reached the inbox$/),
			'SPF record missing',
			'DKIM record missing',
			'DMARC record missing',
			'Listed on 2 domain blacklists: dbl.spamhaus.org, multi.uribl.com',
			'Sending IP listed on 2 blacklists: zen.spamhaus.org, b.barracudacentral.org',
			'Spam words in the message: free, winner, act now',
			expect.stringMatching(/^\d+ of \d+ seed copies landed in spam$/),
		]);
	});

	it('pending while seed copies are missing, with how many arrived; no subject before the service knows it', async () => {
		const test = await newTest(2);
		const [before] = jsonOf(await t.run(get(test)));
		const seeds = test.results.length;
		expect(before).toMatchObject({
			completed: false,
			verdict: 'pending',
			verdict_reason: `waiting for seed copies: 0 of ${seeds} arrived`,
			not_received: seeds,
		});
		expect(before).not.toHaveProperty('subject');
		expect(before).not.toHaveProperty('authentication');
		await sendTo(test, 'news@clean-letters.com', {
			to: test.results.slice(0, 3).map((r) => r.email),
		});
		const [after] = jsonOf(await t.run(get(test)));
		expect(after).toMatchObject({
			completed: false,
			verdict: 'pending',
			verdict_reason: `waiting for seed copies: 3 of ${seeds} arrived`,
			subject: 'Spring sale',
		});
		// Copies still on their way are not a problem yet.
		expect(after.problems).toEqual([]);
	});

	it('the thresholds are options: a strict Pass At Inbox turns the same test into warn or fail', async () => {
		const test = await newTest(4);
		await sendTo(test, 'news@clean-letters.com');
		const [strict] = jsonOf(
			await t.run(get(test, { options: { passAtInbox: 100, warnAtInbox: 95 } })),
		);
		expect(strict.inbox_percent).toBeLessThan(95);
		expect(strict.verdict).toBe('fail');
		expect(strict.verdict_reason).toMatch(/\(fail below 95 %\)$/);
		const [lenient] = jsonOf(
			await t.run(get(test, { options: { passAtInbox: 100, warnAtInbox: 10 } })),
		);
		expect(lenient.verdict).toBe('warn');
		expect(lenient.verdict_reason).toMatch(/\(pass at 100 %, warn from 10 %\)$/);
		// Get Many gives every test the same shape, with the same options.
		const many = jsonOf(
			await t.run({
				resource: 'spamTest',
				operation: 'getAll',
				returnAll: true,
				options: { passAtInbox: 100, warnAtInbox: 10 },
			}),
		);
		expect(many.find((x) => x.public_id === test.public_id)).toEqual(lenient);
	});

	it('refuses a threshold outside 0 to 100, or Warn At Inbox above Pass At Inbox, before any request', async () => {
		const test = await newTest(1);
		await t.clearRequests();
		const high = await t.run(get(test, { options: { passAtInbox: '={{ 120 }}' } }));
		expect(high.error?.message).toBe(
			'Invalid "Options → Pass At Inbox (%)": 120 is above the maximum 100 (allowed: 0 to 100)',
		);
		const swapped = await t.run({
			resource: 'spamTest',
			operation: 'getAll',
			options: { passAtInbox: 50, warnAtInbox: 70 },
		});
		expect(swapped.error?.message).toBe(
			'Invalid "Options → Warn At Inbox (%)": 70 is above Pass At Inbox (50)',
		);
		expect(await t.requests()).toHaveLength(0);
	});
});

/** A completed test whose seeds landed: `inbox` of 10 in the inbox, the rest in spam. */
function completedWith(inbox: number, extra: IDataObject = {}): IDataObject {
	return {
		completed: true,
		results: Array.from({ length: 10 }, (_, i) => ({
			provider: 'gmail',
			received_in: i < inbox ? 'INBOX' : 'SPAM',
		})),
		...extra,
	};
}

function thresholdError(options: IDataObject): string {
	try {
		inboxThresholds(new Validator(NODE, 0), options);
	} catch (error) {
		if (error instanceof NodeOperationError) return error.message;
		throw error;
	}
	return 'no error';
}

describe('the simplifier alone', () => {
	describe('spam test simplifier (answers the sandbox does not send)', () => {
		it('groups providers: Google/Gmail, Microsoft/Outlook/Hotmail, Yahoo/AOL, the rest other', () => {
			expect(
				[
					'gmail',
					'google_workspace',
					'GoogleApps',
					'outlook',
					'microsoft_365',
					'hotmail',
					'office365',
					'yahoo',
					'aol',
					'gmx',
					undefined,
				].map(providerGroup),
			).toEqual([
				'gmail',
				'gmail',
				'gmail',
				'outlook',
				'outlook',
				'outlook',
				'outlook',
				'yahoo',
				'yahoo',
				'other',
				'other',
			]);
		});

		it('reads booleans and numbers sent as text, the snapshot from `domain` as an object, content that is not JSON as text', () => {
			const out = simplifySpamTest({
				public_id: 'abc',
				completed: '1',
				final_score: '7.5',
				results: [
					{ provider: 'gmail', received_in: 'INBOX' },
					{ provider: 'yahoo', received_in: 'promotions' },
					{ provider: 'aol', received_in: 'SPAM' },
					{ provider: 'x', received_in: 'Archive' },
				],
				domain: {
					domain: 'example.com',
					spf_valid: 'true',
					dkim_valid: false,
					dkim_value: 'v=DKIM1; p=',
					dmarc_valid: 0,
					dmarc_value: '',
				},
				analysis_results: 'Score 2.1: no spam words',
			});
			expect(out).toMatchObject({
				completed: true,
				final_score: 7.5,
				domain: 'example.com',
				inbox_percent: 25,
				spam_percent: 25,
				verdict: 'fail',
				authentication: { spf: 'valid', dkim: 'invalid', dmarc: 'missing' },
				content: 'Score 2.1: no spam words',
			});
			expect(out.placement).toMatchObject({
				yahoo: { seeds: 2, categories: 1, spam: 1, inbox_percent: 0, spam_percent: 50 },
				other: { seeds: 1, other: 1 },
			});
			expect(out.problems).toContain('DKIM record not valid');
		});

		it('without seed results: no placement, the verdict from the final score; without either, no verdict', () => {
			expect(
				simplifySpamTest({ completed: true, final_score: 8.4 }, { passAt: 80, warnAt: 60 }),
			).toEqual({
				completed: true,
				final_score: 8.4,
				verdict: 'pass',
				verdict_reason: 'final score 8.4 of 10 (no seed results in the answer): pass at 8 or more',
				problems: [],
				fixes: [],
			});
			expect(simplifySpamTest({ public_id: 'x', completed: true })).toEqual({
				public_id: 'x',
				completed: true,
				problems: [],
				fixes: [],
			});
			expect(simplifySpamTest({ public_id: 'x', completed: false })).toEqual({
				public_id: 'x',
				completed: false,
				verdict: 'pending',
				verdict_reason: 'waiting for seed copies',
				problems: [],
				fixes: [],
			});
		});
	});

	describe('the verdict at the inbox thresholds', () => {
		it('exactly at Pass At Inbox (80 %) passes; one seed below, at 70 %, warns; below Warn At Inbox (60 %) fails', () => {
			expect(simplifySpamTest(completedWith(8))).toMatchObject({
				verdict: 'pass',
				verdict_reason: '80 % of seed copies reached the inbox (pass at 80 % or more)',
				problems: ['2 of 10 seed copies landed in spam'],
			});
			expect(simplifySpamTest(completedWith(7))).toMatchObject({
				verdict: 'warn',
				verdict_reason: '70 % of seed copies reached the inbox (pass at 80 %, warn from 60 %)',
				problems: [
					'Only 70 % of seed copies reached the inbox',
					'3 of 10 seed copies landed in spam',
				],
			});
			expect(simplifySpamTest(completedWith(6)).verdict).toBe('warn');
			expect(simplifySpamTest(completedWith(5))).toMatchObject({
				verdict: 'fail',
				verdict_reason: '50 % of seed copies reached the inbox (fail below 60 %)',
				problems: [
					'Only 50 % of seed copies reached the inbox',
					'5 of 10 seed copies landed in spam',
				],
			});
		});

		it('Warn At Inbox equal to Pass At Inbox: pass at or above it, fail below, never warn', () => {
			const same = { passAt: 70, warnAt: 70 };
			expect(simplifySpamTest(completedWith(7), same).verdict).toBe('pass');
			expect(simplifySpamTest(completedWith(6), same)).toMatchObject({
				verdict: 'fail',
				verdict_reason: '60 % of seed copies reached the inbox (fail below 70 %)',
			});
		});

		it('every seed in the inbox: pass with no problems; none received in a completed test: the copies are named missing', () => {
			expect(simplifySpamTest(completedWith(10))).toMatchObject({ verdict: 'pass', problems: [] });
			const lost = simplifySpamTest({
				completed: true,
				results: [
					{ provider: 'gmail', received_in: null },
					{ provider: 'gmail', received_in: '' },
					{ provider: 'gmail', received_in: 'INBOX' },
				],
			});
			expect(lost).toMatchObject({ not_received: 2, inbox_percent: 33, verdict: 'fail' });
			expect(lost.problems).toEqual([
				'Only 33 % of seed copies reached the inbox',
				'2 seed copies never arrived',
			]);
			expect(
				simplifySpamTest({
					completed: true,
					results: [{ received_in: null }, { received_in: 'INBOX' }],
				}).problems,
			).toContain('1 seed copy never arrived');
			expect(
				simplifySpamTest({ completed: true, results: [{ received_in: 'SPAM' }] }).problems,
			).toContain('1 of 1 seed copy landed in spam');
		});

		it('a test still running names no missing or spam copies as problems: they may yet arrive', () => {
			const running = simplifySpamTest({
				completed: false,
				results: [{ received_in: 'SPAM' }, { received_in: null }, { received_in: 'INBOX' }],
			});
			expect(running).toMatchObject({
				verdict: 'pending',
				verdict_reason: 'waiting for seed copies: 2 of 3 arrived',
				problems: [],
			});
		});

		it('without the completed flag there is no verdict, even with seed results', () => {
			const out = simplifySpamTest({ results: [{ received_in: 'INBOX' }] });
			expect(out).not.toHaveProperty('verdict');
			expect(out).not.toHaveProperty('verdict_reason');
		});

		it('a results list with no seeds gives placement counts but no percentages, and the verdict from the final score', () => {
			const out = simplifySpamTest({ completed: true, results: [], final_score: 9 });
			expect(out).toMatchObject({
				inbox_percent: null,
				spam_percent: null,
				not_received: 0,
				verdict: 'pass',
			});
			expect(out.placement).toMatchObject({ all: { seeds: 0, inbox_percent: null } });
		});
	});

	describe('the verdict from the final score (no seed results in the answer)', () => {
		it('a 2/10 fails, a 6/10 warns, an 8/10 passes (the thresholds divided by 10)', () => {
			expect(simplifySpamTest({ completed: true, final_score: 2 })).toMatchObject({
				verdict: 'fail',
				verdict_reason: 'final score 2 of 10 (no seed results in the answer): fail below 6',
				problems: ['Final score 2 of 10 (no seed results in the answer)'],
			});
			expect(simplifySpamTest({ completed: true, final_score: 6 })).toMatchObject({
				verdict: 'warn',
				verdict_reason: 'final score 6 of 10 (no seed results in the answer): warn from 6',
				problems: ['Final score 6 of 10 (no seed results in the answer)'],
			});
			expect(simplifySpamTest({ completed: true, final_score: 8 })).toMatchObject({
				verdict: 'pass',
				verdict_reason: 'final score 8 of 10 (no seed results in the answer): pass at 8 or more',
				problems: [],
			});
			expect(simplifySpamTest({ completed: true, final_score: 7.9 }).verdict).toBe('warn');
			expect(simplifySpamTest({ completed: true, final_score: 5.9 }).verdict).toBe('fail');
		});

		it('results that are not a list count as no seed results', () => {
			expect(simplifySpamTest({ completed: true, final_score: 2, results: 'none' })).toMatchObject({
				verdict: 'fail',
			});
			expect(
				simplifySpamTest({ completed: true, final_score: 2, results: 'none' }),
			).not.toHaveProperty('placement');
		});
	});

	describe('the inbox thresholds (options)', () => {
		it('80 and 60 when not set; each set one read as a whole number from 0 to 100', () => {
			const v = new Validator(NODE, 0);
			expect(inboxThresholds(v, {})).toEqual({ passAt: 80, warnAt: 60 });
			expect(inboxThresholds(v, { passAtInbox: 90 })).toEqual({ passAt: 90, warnAt: 60 });
			expect(inboxThresholds(v, { warnAtInbox: '40' })).toEqual({ passAt: 80, warnAt: 40 });
			expect(inboxThresholds(v, { passAtInbox: 100, warnAtInbox: 0 })).toEqual({
				passAt: 100,
				warnAt: 0,
			});
		});

		it('are shown in Spam Test → Get as Pass At Inbox (%) and Warn At Inbox (%): numbers, 80 and 60, each saying its range and verdict', () => {
			const options = new Deliverability().description.properties.find(
				(p) => p.name === 'options' && showsFor(p, 'spamTest', 'get'),
			)?.options as INodeProperties[];
			const shown = ['passAtInbox', 'warnAtInbox'].map((name) => {
				const option = options.find((o) => o.name === name)!;
				return [option.displayName, option.type, option.default];
			});
			expect(shown).toEqual([
				['Pass At Inbox (%)', 'number', 80],
				['Warn At Inbox (%)', 'number', 60],
			]);
			const said = (name: string) => options.find((o) => o.name === name)!.description ?? '';
			expect(said('passAtInbox')).toMatch(/0 to 100.*\bpass\b/);
			expect(said('warnAtInbox')).toMatch(/0 to 100.*\bwarn\b.*\bfail\b/);
		});

		it('Warn At Inbox equal to Pass At Inbox is accepted; above it, or outside 0 to 100, is refused naming the field', () => {
			expect(inboxThresholds(new Validator(NODE, 0), { passAtInbox: 70, warnAtInbox: 70 })).toEqual(
				{
					passAt: 70,
					warnAt: 70,
				},
			);
			expect(thresholdError({ passAtInbox: 70, warnAtInbox: 71 })).toBe(
				'Invalid "warnAtInbox": 71 is above Pass At Inbox (70)',
			);
			expect(thresholdError({ passAtInbox: 101 })).toMatch(
				/"passAtInbox": 101 is above the maximum 100/,
			);
			expect(thresholdError({ warnAtInbox: -1 })).toMatch(
				/"warnAtInbox": -1 is below the minimum 0/,
			);
		});
	});

	describe('what the simplified test holds', () => {
		it('content sent as an object is kept as it is, and its spam words become a problem', () => {
			const out = simplifySpamTest({
				completed: true,
				analysis_results: { spam_words: ['free', 'winner'], score: 3 },
			});
			expect(out.content).toEqual({ spam_words: ['free', 'winner'], score: 3 });
			expect(out.problems).toEqual(['Spam words in the message: free, winner']);
		});

		it('content as JSON text of an object is parsed; JSON text of a list, broken JSON and an empty list of spam words are not problems', () => {
			expect(simplifySpamTest({ analysis_results: ' {"spam_words":["cash"]} ' })).toMatchObject({
				content: { spam_words: ['cash'] },
				problems: ['Spam words in the message: cash'],
			});
			expect(simplifySpamTest({ analysis_results: '{not json' })).toMatchObject({
				content: '{not json',
				problems: [],
			});
			expect(simplifySpamTest({ analysis_results: '{"spam_words":[]}' }).problems).toEqual([]);
			expect(simplifySpamTest({ analysis_results: '["a"]' }).content).toBe('["a"]');
			expect(simplifySpamTest({ analysis_results: '{"spam_words":"cash"}' }).problems).toEqual([]);
			expect(simplifySpamTest({ analysis_results: null })).not.toHaveProperty('content');
			expect(simplifySpamTest({ analysis_results: '\uFEFF{"spam_words":[]}' }).content).toEqual({
				spam_words: [],
			});
		});

		it('blacklists: one or several names in words, either list alone, none when the service sent neither', () => {
			expect(simplifySpamTest({ blacklist_links: ['spamhaus'] })).toMatchObject({
				blacklists: { domain: ['spamhaus'], sending_ip: [] },
				problems: ['Listed on 1 domain blacklist: spamhaus'],
			});
			expect(simplifySpamTest({ blacklist_sending_ip: ['a', 'b'] })).toMatchObject({
				blacklists: { domain: [], sending_ip: ['a', 'b'] },
				problems: ['Sending IP listed on 2 blacklists: a, b'],
			});
			expect(
				simplifySpamTest({ blacklist_links: ['x', 'y'], blacklist_sending_ip: ['z'] }).problems,
			).toEqual(['Listed on 2 domain blacklists: x, y', 'Sending IP listed on 1 blacklist: z']);
			expect(simplifySpamTest({ blacklist_links: [] })).toMatchObject({
				blacklists: { domain: [], sending_ip: [] },
				problems: [],
			});
			expect(simplifySpamTest({ blacklist_links: 'spamhaus' })).not.toHaveProperty('blacklists');
		});

		it('keeps the fields the service sent and leaves out the ones it did not (null subject, no ids, no scores)', () => {
			// Fields sent as they should be are kept as sent; a score sent as text is read as a number, one that is not
			// a number is left out.
			const asSent = {
				public_id: 'a',
				public_full_id: 'a-1',
				subject: 'Hi',
				sender: 's@example.com',
				created_at: '2026-01-01',
				test_type: 'manual',
				seedlist: 2,
				automated_test_id: 5,
				btob_score: 3,
			};
			expect(simplifySpamTest({ ...asSent, score: '4', btoc_score: 'n/a' })).toStrictEqual({
				...asSent,
				score: 4,
				problems: [],
				fixes: [],
			});
			expect(simplifySpamTest({ subject: null, completed: 'maybe' })).toStrictEqual({
				problems: [],
				fixes: [],
			});
		});

		it('the domain: its name from text, or from a snapshot in `domain` or `domain_auth`, with authentication in words', () => {
			expect(simplifySpamTest({ domain: 'example.com' })).toStrictEqual({
				domain: 'example.com',
				problems: [],
				fixes: [],
			});
			expect(
				simplifySpamTest({
					domain: 'example.com',
					domain_auth: { spf_valid: false, spf_value: '' },
				}),
			).toEqual({
				domain: 'example.com',
				authentication: { spf: 'missing' },
				problems: ['SPF record missing'],
				fixes: [
					{
						problem: 'SPF record missing',
						severity: 'high',
						fix: expect.stringContaining('at example.com') as unknown,
						key: 'spf',
					},
				],
			});
			expect(simplifySpamTest({ domain_auth: { domain: 'b.example', dkim_valid: true } })).toEqual({
				domain: 'b.example',
				authentication: { dkim: 'valid' },
				problems: [],
				fixes: [],
			});
			expect(simplifySpamTest({ domain: ['x'], domain_auth: null })).toStrictEqual({
				problems: [],
				fixes: [],
			});
			// Without a domain name (or with one that is not text) the fix speaks of "your sending domain".
			for (const domain_auth of [{ dkim_valid: false }, { domain: 7, dkim_valid: false }])
				expect(simplifySpamTest({ domain_auth }).fixes).toEqual([
					expect.objectContaining({
						fix: expect.stringContaining('._domainkey.your sending domain') as unknown,
					}),
				]);
		});

		it('seed results that are not objects are left out of the placement', () => {
			const out = simplifySpamTest({
				completed: true,
				results: [null, 'INBOX', ['INBOX'], { provider: 'gmail', received_in: 'INBOX' }],
			});
			expect(out.placement).toMatchObject({ all: { seeds: 1, inbox: 1 }, gmail: { seeds: 1 } });
		});

		it('folders are read without regard to case or spaces: Personal and Important count as inbox, the tabs as categories', () => {
			const out = simplifySpamTest({
				completed: true,
				results: [
					'personal',
					' Important ',
					'updates',
					'SOCIAL',
					'Forums',
					'promotion',
					' spam ',
					'Trash',
				].map((received_in) => ({ provider: 'yahoo', received_in })),
			});
			expect(out.placement).toMatchObject({
				yahoo: {
					seeds: 8,
					inbox: 2,
					categories: 4,
					spam: 1,
					other: 1,
					inbox_percent: 25,
					spam_percent: 13,
				},
			});
		});

		it('providers are read without regard to case or spaces', () => {
			expect([' Gmail ', 'MICROSOFT', 'Outlook ', 'YAHOO', 7].map(providerGroup)).toEqual([
				'gmail',
				'outlook',
				'outlook',
				'yahoo',
				'other',
			]);
		});
	});

	describe('the providers a placement fix names', () => {
		const seeds = (provider: string, ...folders: Array<string | null>) =>
			folders.map((received_in) => ({ provider, received_in }));

		it('those with copies outside the inbox, lowest inbox share first, each with its share', () => {
			const placement = placementOf([
				...seeds('gmail', 'INBOX', 'SPAM'),
				...seeds('outlook', 'SPAM', 'SPAM', 'INBOX', 'SPAM', 'SPAM'),
				...seeds('yahoo', 'SPAM', 'INBOX', 'INBOX'),
				...seeds('gmx', 'INBOX', 'INBOX'),
			]);
			expect(weakestProviders(placement)).toEqual([
				'Outlook (20 % inbox)',
				'Gmail (50 % inbox)',
				'Yahoo (67 % inbox)',
			]);
		});

		it('a provider exactly at Pass At Inbox passes on its own and is not named', () => {
			const placement = placementOf([
				...seeds('gmail', 'INBOX', 'SPAM'),
				...seeds('outlook', 'INBOX', 'INBOX', 'INBOX', 'INBOX', 'SPAM'),
			]);
			expect(weakestProviders(placement, 80)).toEqual(['Gmail (50 % inbox)']);
			expect(weakestProviders(placement, 81)).toEqual([
				'Gmail (50 % inbox)',
				'Outlook (80 % inbox)',
			]);
		});

		it('the DKIM fix names the selector the domain snapshot reports, and a placeholder for anything else', () => {
			const dkimFix = (dkim_selector: unknown) =>
				String(
					(
						(
							simplifySpamTest({
								domain_auth: {
									domain: 'b.example',
									spf_valid: true,
									dmarc_valid: true,
									dkim_valid: false,
									dkim_value: 'v=DKIM1; p=',
									dkim_selector,
								},
							}).fixes as IDataObject[]
						).find((f) => f.key === 'dkim') ?? {}
					).fix,
				);
			expect(dkimFix('s2')).toContain(
				'as one record at s2._domainkey.b.example starting with v=DKIM1',
			);
			expect(dkimFix(7)).toContain('as one record at <selector>._domainkey.b.example');
		});

		it('with Pass At Inbox, not those that pass on their own: an unchanged 88 % is not where placement fell', () => {
			const placement = placementOf([
				...seeds('gmail', 'INBOX', 'SPAM', 'SPAM', 'SPAM'),
				...seeds('outlook', ...Array(7).fill('INBOX'), 'SPAM'),
			]);
			expect(weakestProviders(placement, 80)).toEqual(['Gmail (25 % inbox)']);
			expect(weakestProviders(placement, 89)).toEqual([
				'Gmail (25 % inbox)',
				'Outlook (88 % inbox)',
			]);
			const fixes = simplifySpamTest({
				completed: true,
				results: [
					...seeds('gmail', 'INBOX', 'SPAM', 'SPAM', 'SPAM'),
					...seeds('outlook', ...Array(7).fill('INBOX'), 'SPAM'),
				],
			}).fixes as IDataObject[];
			expect(fixes.find((f) => f.key === 'placement')?.fix).toMatch(
				/^Inbox placement was lowest at Gmail \(25 % inbox\)\. /,
			);
		});

		it('not those whose copies all reached the inbox or have not arrived yet, nor those without seeds', () => {
			const placement = placementOf([
				...seeds('gmail', 'INBOX', null),
				...seeds('yahoo', null, null),
				...seeds('gmx', 'Trash'),
			]);
			expect(weakestProviders(placement)).toEqual(['other providers (0 % inbox)']);
		});

		it('a verdict from the final score names no provider: there are no seed results to tell', () => {
			const [fix] = simplifySpamTest({ completed: true, final_score: 2 }).fixes as IDataObject[];
			expect(fix.fix).toMatch(/^This test shows no authentication or blacklist problem\. /);
		});

		it('says to fix authentication and blacklists first only when the test has such problems, and says it once', () => {
			const results = [
				...seeds('gmail', 'SPAM', 'SPAM', 'INBOX'),
				...seeds('outlook', 'INBOX', 'INBOX', 'SPAM'),
			];
			const listed = simplifySpamTest({
				completed: true,
				results,
				blacklist_links: ['dbl.spamhaus.org'],
			}).fixes as IDataObject[];
			const placement = listed.find((f) => f.key === 'placement')!;
			const spam = listed.find((f) => f.key === 'spam_copies')!;
			expect(placement.fix).toContain(
				"Inbox placement was lowest at Gmail (33 % inbox), Outlook (67 % inbox). Fix this test's authentication and blacklist problems first",
			);
			// The copies in spam name where they landed and do not repeat the placement fix.
			expect(spam.fix).toMatch(
				/^Look at the copies that landed in spam \(Gmail 2 of 3, Outlook 1 of 3\)/,
			);
			expect(spam.fix).not.toContain('first');
			const clean = simplifySpamTest({ completed: true, results }).fixes as IDataObject[];
			expect(clean.find((f) => f.key === 'placement')!.fix).toContain(
				'This test shows no authentication or blacklist problem.',
			);
		});
	});

	describe('the fixes, worst first', () => {
		const ranked = (out: IDataObject) =>
			(out.fixes as IDataObject[]).map((f) => `${String(f.severity)} ${String(f.key)}`);

		it('blacklists and a failing placement are critical, spam copies high, spam words and missing copies medium', () => {
			const out = simplifySpamTest({
				completed: true,
				results: [{ received_in: 'SPAM' }, { received_in: null }, { received_in: 'INBOX' }],
				analysis_results: { spam_words: ['free'] },
				blacklist_links: ['a'],
				blacklist_sending_ip: ['b'],
			});
			expect(ranked(out)).toEqual([
				'critical placement',
				'critical domain_blacklists',
				'critical sending_ip_blacklists',
				'high spam_copies',
				'medium spam_words',
				'medium not_arrived',
			]);
			expect((out.fixes as IDataObject[])[0].problem).toBe(
				'Only 33 % of seed copies reached the inbox',
			);
		});

		it('a placement that only warns is medium; a final score that fails is critical', () => {
			expect(ranked(simplifySpamTest(completedWith(7)))).toEqual([
				'high spam_copies',
				'medium placement',
			]);
			expect(ranked(simplifySpamTest({ completed: true, final_score: 2 }))).toEqual([
				'critical placement',
			]);
		});
	});
});
