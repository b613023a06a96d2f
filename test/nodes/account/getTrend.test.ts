/**
 * Mailbox → Get Warming Trend through n8n's real engine against the sandbox: the last days of warming against the
 * days before, inbox % and spam %, the verdict in words (a drop made with the admin API), many mailboxes in one run
 * (one item each), the thresholds as options, and bad input refused before any request.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, useSandbox } from '../context';

const t = useSandbox();

/**
 * Exact warming for a mailbox, whatever the date: `perDay` messages a day to each provider, `spam` % of them in spam
 * from `days` days ago (today included) on and `spamBefore` % before; with a provider, only its messages drop.
 */
const exactWarming = async (
	account: number,
	{
		days,
		spam,
		spamBefore,
		perDay = 10,
		provider,
	}: {
		days: number;
		spam: number;
		spamBefore: number;
		perDay?: number;
		provider?: string;
	},
) =>
	await t.admin('POST', `/accounts/${account}/warming`, {
		spam_percent: spam,
		days,
		sent_per_day: perDay,
		before: { sent_per_day: perDay, spam_percent: spamBefore },
		...(provider ? { provider } : {}),
	});

const trend = (extra: Record<string, unknown> = {}) => ({
	resource: 'account',
	operation: 'getTrend',
	accountId: '={{ { "__rl": true, "mode": "id", "value": $json.id } }}',
	...extra,
});

describe('account getTrend', () => {
	it('many mailboxes in one run: the one whose warming mail lands in spam since 3 days dropped, the others not', async () => {
		// Ten messages a day to each provider, 10 % in spam before and 60 % from then on.
		await exactWarming(2, { days: 3, spam: 60, spamBefore: 10 });
		// The sandbox's own warming figures move with the date (a mailbox's 3-day share crosses 10 points
		// on some days): at 30 points only the made drop (at least 40, below) can count.
		const result = await t.run(trend({ days: 3, options: { dropAtPoints: 30 } }), {
			input: [{ id: 1 }, { id: 2 }, { id: 4 }],
		});
		expect(result.error).toBeUndefined();
		const out = jsonOf(result);
		expect(out.map((o) => [o.account_id, o.verdict === 'dropped'])).toEqual([
			[1, false],
			[2, true],
			[4, false],
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const drop = out[1];
		expect(drop).toMatchObject({ account_id: 2, days: 3, spam_percent: 60 });
		expect(drop.spam_change as number).toBeGreaterThanOrEqual(40);
		expect(drop.inbox_change as number).toBeLessThanOrEqual(-30);
		expect(Object.keys(drop).slice(0, 4)).toEqual([
			'account_id',
			'verdict',
			'verdict_reason',
			'confidence',
		]);
		expect(drop).toMatchObject({
			sent: 90,
			inbox: 36,
			spam: 54,
			sent_before: 90,
			inbox_before: 81,
			spam_before: 9,
			confidence: 99.9,
		});
		expect(drop.verdict_reason).toBe(
			"Warming inbox 36 of 90 messages (40 %), against 81 of 90 (90 %) in the 3 days before: 50 points lower, almost certainly not chance (at least 99.9 % confidence); Warming spam 54 of 90 messages (60 %), against 9 of 90 (10 %) in the 3 days before: 50 points higher, almost certainly not chance (at least 99.9 % confidence); by provider: dropped at Gmail, Outlook, other providers (each one's counts under providers)",
		);
		expect(drop.fixes).toEqual([
			expect.objectContaining({
				key: 'warming_drop',
				problem: 'Warming placement dropped at Gmail, Outlook, other providers',
			}),
		]);
		// Four graphs an account, reaching back two periods; only the one that dropped is read per provider.
		const calls = await t.calls();
		expect(calls.filter((c) => c.includes('/conversation_message_logs/2/'))).toEqual(
			['', '&provider=gmail', '&provider=outlook', '&provider=others'].flatMap((p) =>
				['INBOX', 'CATEGORIES', 'SPAM', 'OTHERS'].map(
					(c) => `GET /conversation_message_logs/2/sent/categories/graph/${c}?past_days=5${p}`,
				),
			),
		);
		expect(calls.filter((c) => c.includes('/conversation_message_logs/1/'))).toHaveLength(4);
	});

	it('the sums are the graphs’ own: last days against the days before', async () => {
		const [out] = jsonOf(await t.run(trend({ accountId: byId(1), days: 2 })));
		const graphs = await Promise.all(
			['INBOX', 'CATEGORIES', 'SPAM', 'OTHERS'].map(
				async (c) =>
					(
						await t.api<{ data: number[] }>(
							'GET',
							`/conversation_message_logs/1/sent/categories/graph/${c}`,
							undefined,
							{ past_days: 3 },
						)
					).data.data,
			),
		);
		const total = (from: number, to: number) =>
			graphs.reduce((a, g) => a + g.slice(from, to).reduce((x, y) => x + y, 0), 0);
		expect(out.sent).toBe(total(2, 4));
		expect(out.sent_before).toBe(total(0, 2));
		expect(out.inbox_percent).toBe(
			Math.round((100 * graphs[0].slice(2, 4).reduce((a, b) => a + b, 0)) / total(2, 4)),
		);
	});

	it('not enough data for a spam-test-only mailbox (no warming messages), said in words', async () => {
		const [out] = jsonOf(await t.run(trend({ accountId: byId(7) })));
		expect(out).toMatchObject({
			account_id: 7,
			verdict: 'not enough data',
			verdict_reason:
				'Fewer than 20 warming messages in the last 7 days and the 7 days before (0 and 0)',
		});
	});

	it('thresholds and provider are options; Output Raw Answer gives the graphs as sent', async () => {
		await t.admin('POST', '/accounts/2/warming', { spam_percent: 60, days: 3, provider: 'gmail' });
		const [lenient] = jsonOf(
			await t.run(
				trend({ accountId: byId(2), days: 3, options: { dropAtPoints: 90, improveAtPoints: 90 } }),
			),
		);
		expect(lenient.verdict).toBe('stable');
		const [gmail] = jsonOf(
			await t.run(trend({ accountId: byId(2), days: 3, options: { provider: 'gmail' } })),
		);
		expect(gmail).toMatchObject({ provider: 'gmail', verdict: 'dropped' });
		const raw = jsonOf(await t.run(trend({ accountId: byId(2), output: 'raw' })));
		expect(raw.map((r) => r.category)).toEqual(['INBOX', 'CATEGORIES', 'SPAM', 'OTHERS']);
		expect(raw[0].labels).toHaveLength(14);
	});

	it('warming with few messages: 2 of 2 in spam after 0 of 2 is not enough data, not an alarm', async () => {
		await exactWarming(2, { days: 2, spam: 100, spamBefore: 0, perDay: 1, provider: 'gmail' });
		const [out] = jsonOf(
			await t.run(
				trend({ accountId: byId(2), days: 2, options: { provider: 'gmail', minMessages: 1 } }),
			),
		);
		// 0 of 2 not in spam against 2 of 2: P = 1/C(4,2) = 1/6.
		expect(out).toMatchObject({
			verdict: 'not enough data',
			confidence: 83.3,
			sent: 2,
			spam: 2,
			sent_before: 2,
			spam_before: 0,
		});
		expect(String(out.verdict_reason)).toContain(
			'Warming spam 2 of 2 messages (100 %), against 0 of 2 (0 %) in the 2 days before: 100 points higher, too few messages to tell a drop from chance (83.3 % confidence, 95 % needed)',
		);
		expect(out).not.toHaveProperty('fixes');
	});

	it('a drop of all providers together names the one that dropped, with its own counts and a fix', async () => {
		await exactWarming(2, { days: 3, spam: 80, spamBefore: 0, provider: 'outlook' });
		const [out] = jsonOf(await t.run(trend({ accountId: byId(2), days: 3 })));
		expect(out.verdict).toBe('dropped');
		expect(String(out.verdict_reason)).toMatch(
			/; by provider: dropped at Outlook \(each one's counts under providers\)$/,
		);
		const providers = out.providers as Record<string, IDataObject>;
		expect(providers.outlook).toMatchObject({
			verdict: 'dropped',
			sent: 30,
			spam: 24,
			sent_before: 30,
			spam_before: 0,
		});
		expect(providers.gmail).toMatchObject({
			verdict: 'stable',
			sent: 30,
			spam: 0,
			sent_before: 30,
		});
		expect(out.fixes).toEqual([
			expect.objectContaining({
				key: 'warming_drop',
				problem: 'Warming placement dropped at Outlook',
				fix: expect.stringContaining("Outlook.com's sender policies"),
			}),
		]);
	});

	it('refuses bad input before any request, every problem at once', async () => {
		await t.clearRequests();
		const result = await t.run(
			trend({ accountId: byId(1), days: 0, options: { provider: 'aol', minMessages: 0 } }),
		);
		const text = String(result.error?.message) + String(result.error?.description);
		for (const label of ['Days', 'Provider', 'Minimum Messages']) expect(text).toContain(label);
		expect(await t.requests()).toEqual([]);
	});
});

describe('account getTrend against a strange service', () => {
	const spamGraph = '/conversation_message_logs/2/sent/categories/graph/SPAM';
	/** Account 2's SPAM graph for Days 3 (6 days, today last), as the service sends it. */
	const realGraph = async (): Promise<{ labels: unknown[]; data: unknown[] }> =>
		(
			await t.api<{ labels: unknown[]; data: unknown[] }>('GET', spamGraph, undefined, {
				past_days: 5,
			})
		).data;
	const answer = async (body: unknown) => {
		await t.admin('DELETE', '/answers');
		await t.answerWith(`GET ${spamGraph}`, body);
	};

	it('a graph whose data is not a list is an error in words, never a spam share of 0 %', async () => {
		await answer({ ...(await realGraph()), data: 'x' });
		const result = await t.run(trend({ accountId: byId(2), days: 3 }));
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(
			'The service\'s SPAM graph of mailbox 2 has no list of daily counts (data: "x")',
		);
		expect(result.items).toEqual([]);
	});

	it('a graph with missing days, a day without a count or a skipped day is not enough data, with no numbers', async () => {
		const graph = await realGraph();
		expect(graph.data).toHaveLength(6);
		const today = DateTime.utc();
		const iso = (back: number) => today.minus({ days: back }).toISODate();
		const cases: Array<[IDataObject, string]> = [
			[
				{ labels: graph.labels.slice(2), data: graph.data.slice(2) },
				'the SPAM graph has 4 days of the 6 needed',
			],
			[
				{ labels: graph.labels, data: graph.data.map((d, i) => (i === 4 ? null : d)) },
				`the SPAM graph has no count for ${String(graph.labels[4])} (null)`,
			],
			[
				{ labels: graph.labels, data: graph.data.map((d, i) => (i === 0 ? -3 : d)) },
				`the SPAM graph has no count for ${String(graph.labels[0])} (-3)`,
			],
			[
				{ labels: [7, 6, 3, 2, 1, 0].map(iso), data: graph.data },
				`the SPAM graph skips from ${iso(6)} to ${iso(3)}`,
			],
			[
				{ labels: [...graph.labels.slice(1), 'Tomorrow'], data: graph.data },
				'the graphs end on different days (Today, Today, Tomorrow, Today)',
			],
		];
		for (const [body, why] of cases) {
			await answer(body);
			const [out] = jsonOf(await t.run(trend({ accountId: byId(2), days: 3 })));
			expect(out).toEqual({
				account_id: 2,
				days: 3,
				verdict: 'not enough data',
				verdict_reason: `No full graph: ${why}`,
			});
		}
	});
});
