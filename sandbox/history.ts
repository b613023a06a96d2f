/**
 * Admin routes that make a history the real service builds over weeks (not the service's API): completed spam tests
 * dated in the past with the inbox share of each mailbox provider chosen, and a day from which an account's warming
 * messages land in spam more often. Trend and compare tests and the "Placement drop alert" example use them to make
 * "stable, then a drop for one provider".
 */
import type { AdminRoute } from './admin';
import { badRequest, notFound, ok } from './api';
import { assignResultIds, newSpamTest, seedsOf, spamTestView, type Seed } from './spam-test-engine';
import type { ProjectKey, WarmingDrop } from './resources';
import type { Store } from './store';
import { isRecord } from './validate';

const GROUPS = ['gmail', 'outlook', 'yahoo', 'other'] as const;
type Group = (typeof GROUPS)[number];

/** The mailbox provider group of a seed, as the node groups providers. */
function groupOf(seed: Seed): Group {
	if (seed.provider === 'gmail' || seed.provider.startsWith('google')) return 'gmail';
	if (seed.provider === 'outlook' || seed.provider.startsWith('microsoft')) return 'outlook';
	if (seed.provider === 'yahoo') return 'yahoo';
	return 'other';
}

function percentOf(value: unknown, field: string): number {
	if (typeof value !== 'number' || value < 0 || value > 100)
		throw badRequest(`${field} must be a number from 0 to 100`);
	return value;
}

/** Inbox percent per provider group of one test of the history (`default` for the groups not named). */
function sharesOf(entry: Record<string, unknown>, index: number): Record<Group, number> {
	const fallback =
		entry.default_inbox_percent === undefined
			? 90
			: percentOf(entry.default_inbox_percent, `tests[${index}].default_inbox_percent`);
	const given = entry.inbox_percent ?? {};
	if (!isRecord(given)) throw badRequest(`tests[${index}].inbox_percent must be an object`);
	for (const key of Object.keys(given))
		if (!(GROUPS as readonly string[]).includes(key))
			throw badRequest(`tests[${index}].inbox_percent.${key}: use gmail, outlook, yahoo or other`);
	return Object.fromEntries(
		GROUPS.map((g) => [
			g,
			given[g] === undefined ? fallback : percentOf(given[g], `tests[${index}].inbox_percent.${g}`),
		]),
	) as Record<Group, number>;
}

function dailyCount(value: unknown, field = 'sent_per_day'): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 1000)
		throw badRequest(`${field} must be a whole number from 0 to 1000`);
	return value;
}

/** `before: {sent_per_day, spam_percent}`: exact warming on the days before the drop too. */
function beforeOf(value: unknown): WarmingDrop['before'] {
	if (value === undefined) return null;
	if (!isRecord(value)) throw badRequest('before must be an object {sent_per_day, spam_percent}');
	return {
		sentPerDay: dailyCount(value.sent_per_day, 'before.sent_per_day'),
		spamPercent: percentOf(value.spam_percent, 'before.spam_percent'),
	};
}

function projectOf(value: unknown): ProjectKey {
	if (value === undefined) return 'A';
	if (value === 'A' || value === 'B') return value;
	throw badRequest('project must be "A" or "B"');
}

/** One completed test of the history: in each provider group, the first round(share × n) seeds in INBOX, the rest SPAM. */
function pastTest(
	store: Store,
	project: ProjectKey,
	seedlist: number,
	daysAgo: number,
	shares: Record<Group, number>,
	who: { sender: string; subject: string; automatedTestId: number | null },
): Record<string, unknown> {
	const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
	const test = newSpamTest(store, project, seedlist, at);
	assignResultIds(store, test);
	test.automated = who.automatedTestId !== null;
	test.automatedTestId = who.automatedTestId;
	test.sender = who.sender;
	test.account = who.sender;
	test.subject = who.subject;
	test.firstMessageContent = `Sandbox history copy for ${test.publicId}`;
	for (const group of GROUPS) {
		const seeds = seedsOf(seedlist).filter((s) => groupOf(s) === group);
		const inbox = Math.round((shares[group] / 100) * seeds.length);
		seeds.forEach((seed, n) =>
			test.receipts.set(seed.email, {
				folder: n < inbox ? 'INBOX' : 'SPAM',
				rawHeaders: `From: ${who.sender}\r\nTo: ${seed.email}\r\nX-Sandbox: history`,
				at,
			}),
		);
	}
	test.completed = true;
	test.completedAt = at;
	store.spamTests.set(test.publicId, test);
	return spamTestView(store, test);
}

export const historyRoutes: AdminRoute[] = [
	{
		method: 'POST',
		path: '/spam_tests/history',
		handler: ({ store }, _params, _query, body) => {
			const project = projectOf(body.project);
			const seedlist = body.seedlist ?? 1;
			if (![1, 2, 3, 4].includes(seedlist as number))
				throw badRequest('seedlist must be 1, 2, 3 or 4');
			let automatedTestId: number | null = null;
			let sender = typeof body.sender === 'string' ? body.sender : 'news@acme-mail.com';
			let subject = typeof body.subject === 'string' ? body.subject : 'Sandbox history';
			if (body.automated_test_id !== undefined) {
				const at = store.automatedTests.get(Number(body.automated_test_id));
				if (!at || at.project !== project) throw notFound('Automated test not found');
				automatedTestId = at.id;
				sender = store.accounts.get(at.account_ids[0])?.email ?? sender;
				subject = at.subject;
			}
			if (!Array.isArray(body.tests) || body.tests.length === 0)
				throw badRequest('tests must be a non-empty array of {days_ago, inbox_percent?}');
			const created = body.tests.map((entry: unknown, index) => {
				if (!isRecord(entry)) throw badRequest(`tests[${index}] must be an object`);
				const daysAgo = entry.days_ago;
				if (typeof daysAgo !== 'number' || daysAgo < 0 || daysAgo > 3650)
					throw badRequest(`tests[${index}].days_ago must be a number from 0 to 3650`);
				const own = entry.seedlist ?? seedlist;
				if (![1, 2, 3, 4].includes(own as number))
					throw badRequest(`tests[${index}].seedlist must be 1, 2, 3 or 4`);
				return { daysAgo, shares: sharesOf(entry, index), seedlist: own as number };
			});
			// Oldest first, so creation order and dates agree.
			created.sort((a, b) => b.daysAgo - a.daysAgo);
			return ok(
				created.map(({ daysAgo, shares, seedlist: own }) =>
					pastTest(store, project, own, daysAgo, shares, {
						sender,
						subject,
						automatedTestId,
					}),
				),
			);
		},
	},
	{
		method: 'POST',
		path: '/accounts/:id/warming',
		handler: ({ store }, params, _query, body) => {
			const account = store.accounts.get(Number(params.id));
			if (!account) throw notFound('Account not found');
			if (body.spam_percent === null) {
				store.warmingDrops.delete(account.id);
				return ok({ account_id: account.id, drop: null });
			}
			const spamPercent = percentOf(body.spam_percent, 'spam_percent');
			const days = body.days;
			if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > 180)
				throw badRequest('days must be a whole number from 1 to 180');
			const provider = body.provider ?? null;
			if (provider !== null && !['gmail', 'outlook', 'others'].includes(provider as string))
				throw badRequest('provider must be gmail, outlook or others');
			const since = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
			const drop: WarmingDrop = {
				since,
				spamPercent,
				provider: provider as WarmingDrop['provider'],
				sentPerDay: body.sent_per_day === undefined ? null : dailyCount(body.sent_per_day),
				before: beforeOf(body.before),
			};
			store.warmingDrops.set(account.id, drop);
			return ok({ account_id: account.id, drop });
		},
	},
];
