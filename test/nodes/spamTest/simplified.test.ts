/**
 * Spam Test → Get and Get Many with Simplify on, through n8n's real engine against the sandbox: placement per
 * provider computed from the seed results the service sent, the verdict against the inbox thresholds (options),
 * authentication in words, blacklists, parsed content, and problems in words. Pure cases of the simplifier at the end.
 */
import nodemailer from 'nodemailer';
import type { IDataObject } from 'n8n-workflow';

import {
	providerGroup,
	simplifySpamTest,
} from '../../../nodes/Deliverability/resources/spamTest/shared/simplified';
import { byId, jsonOf, useSandbox } from '../context';

const t = useSandbox();

interface ApiSpamTest extends IDataObject {
	public_id: string;
	public_full_id: string;
	results: Array<{ email: string; provider: string; received_in: string | null }>;
}

async function newTest(seedlist = 2): Promise<ApiSpamTest> {
	const { data } = await t.api<ApiSpamTest>('POST', '/spam_tests', { seedlist });
	return data;
}

async function sendTo(
	test: ApiSpamTest,
	from: string,
	to = test.results.map((r) => r.email),
): Promise<void> {
	const transport = nodemailer.createTransport({
		host: '127.0.0.1',
		port: t.sandbox.smtpPort,
		secure: false,
		ignoreTLS: true,
	});
	try {
		await transport.sendMail({
			from,
			to,
			subject: 'Spring sale',
			text: `Hello!\n\nTracking: ${test.public_full_id}\n`,
		});
	} finally {
		transport.close();
	}
}

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
			domain: ['zen.spamhaus.org', 'dbl.spamhaus.org'],
			sending_ip: ['b.barracudacentral.org'],
		});
		expect(out.problems).toEqual([
			expect.stringMatching(/^Only \d+ % of seed copies reached the inbox$/),
			'SPF record missing',
			'DKIM record missing',
			'DMARC record missing',
			'Listed on 2 domain blacklists: zen.spamhaus.org, dbl.spamhaus.org',
			'Sending IP listed on 1 blacklist: b.barracudacentral.org',
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
		await sendTo(
			test,
			'news@clean-letters.com',
			test.results.slice(0, 3).map((r) => r.email),
		);
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
