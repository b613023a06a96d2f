/**
 * Per-account actions and statistics the service documents beyond the spec: reconnect (an asynchronous job),
 * delete, statistics and the four daily graphs. Graph and statistics numbers are deterministic: a hash of (account,
 * calendar day, provider), so a day keeps its numbers between requests and the totals of GET /accounts/{id}/stats
 * equal the sums of the graphs over the same days.
 */
import { DateTime } from 'luxon';

import type { Route } from '../api';
import { ApiError, created, ok } from '../api';
import type { Account, WarmingDrop } from '../resources';
import type { Store } from '../store';
import { unit } from '../util';
import { QueryReader } from '../validate';
import { getAccount, settleReconnects } from './accounts';

const STAT_PROVIDERS = ['gmail', 'outlook', 'others'] as const;
export const CATEGORIES = ['INBOX', 'CATEGORIES', 'SPAM', 'OTHERS'] as const;
type StatProvider = (typeof STAT_PROVIDERS)[number];
type Category = (typeof CATEGORIES)[number];

/** A version-4-shaped UUID from the store's seeded generator (same sequence after a reset). */
function jobId(store: Store): string {
	const hex = (n: number) =>
		Array.from({ length: n }, () => Math.floor(store.rng() * 16).toString(16)).join('');
	return `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + Math.floor(store.rng() * 4)).toString(16)}${hex(3)}-${hex(12)}`;
}

/** The days a graph covers, oldest first: `past_days` days before today (UTC) and today. */
function days(pastDays: number, now = DateTime.utc()): DateTime[] {
	const today = now.startOf('day');
	return Array.from({ length: pastDays + 1 }, (_, i) => today.minus({ days: pastDays - i }));
}

/** "Apr 10" for past days, "Today" for today, as the service labels them. */
function label(day: DateTime, index: number, count: number): string {
	return index === count - 1 ? 'Today' : day.setLocale('en-US').toFormat('LLL d');
}

interface DayNumbers {
	sent: number;
	received: number;
	conversations: number;
	categories: Record<Category, number>;
}

/** One account's warming numbers for one day and one provider of the other party. */
function dayNumbersFor(
	account: Account,
	day: string,
	provider: StatProvider,
	drop: WarmingDrop | undefined,
): DayNumbers {
	const key = `${account.id}:${day}:${provider}`;
	// Accounts without warming (spam-test only) exchange no warming messages.
	const active = account.warming_enabled ? 1 : 0;
	const mine = drop && (drop.provider ?? provider) === provider;
	const dropped = mine && day >= drop.since;
	// Exact warming the admin API set: a fixed count a day, the messages not in spam all in INBOX.
	// With exact counts before the drop, the providers a drop does not name keep them on every day.
	const exact = !mine
		? (drop?.before ?? null) && {
				sent: drop!.before!.sentPerDay,
				spamPercent: drop!.before!.spamPercent,
			}
		: dropped
			? drop.sentPerDay === null
				? null
				: { sent: drop.sentPerDay, spamPercent: drop.spamPercent }
			: drop.before && { sent: drop.before.sentPerDay, spamPercent: drop.before.spamPercent };
	const sent = exact ? active * exact.sent : active * Math.floor(4 + unit(key, 'sent') * 18);
	// A drop the admin API set replaces the day's spam share from its first day on.
	const spam = exact
		? Math.round((sent * exact.spamPercent) / 100)
		: dropped
			? Math.round((sent * drop.spamPercent) / 100)
			: Math.floor(sent * unit(key, 'spam') * 0.2);
	const categories = exact ? 0 : Math.floor((sent - spam) * unit(key, 'categories') * 0.3);
	const others = exact ? 0 : Math.floor((sent - spam - categories) * unit(key, 'others') * 0.1);
	return {
		sent,
		received: active * Math.floor(3 + unit(key, 'received') * 18),
		conversations: active * Math.floor(1 + unit(key, 'conversations') * 6),
		categories: {
			INBOX: sent - spam - categories - others,
			CATEGORIES: categories,
			SPAM: spam,
			OTHERS: others,
		},
	};
}

/** Numbers for a provider filter: one provider, or all three added up when none is given. */
function dayNumbers(
	store: Store,
	account: Account,
	day: string,
	provider: StatProvider | undefined,
): DayNumbers {
	const drop = store.warmingDrops.get(account.id);
	const parts = (provider ? [provider] : [...STAT_PROVIDERS]).map((p) =>
		dayNumbersFor(account, day, p, drop),
	);
	const sum = (f: (n: DayNumbers) => number) => parts.reduce((total, n) => total + f(n), 0);
	return {
		sent: sum((n) => n.sent),
		received: sum((n) => n.received),
		conversations: sum((n) => n.conversations),
		categories: Object.fromEntries(
			CATEGORIES.map((c) => [c, sum((n) => n.categories[c])]),
		) as Record<Category, number>,
	};
}

/** `provider` and `past_days` (0–180, default 14), both checked (422). */
function statsQuery(query: Record<string, string>): {
	provider: StatProvider | undefined;
	pastDays: number;
} {
	const q = new QueryReader(query);
	const provider = q.oneOf('provider', STAT_PROVIDERS);
	const pastDays = q.int('past_days', { min: 0, max: 180 }) ?? 14;
	q.done();
	return { provider, pastDays };
}

/** A graph answer: parallel `labels` and `data`, one entry a day, oldest first. */
function graph(
	store: Store,
	account: Account,
	query: Record<string, string>,
	pick: (n: DayNumbers) => number,
): Record<string, unknown> {
	const { provider, pastDays } = statsQuery(query);
	const list = days(pastDays);
	return {
		labels: list.map((d, i) => label(d, i, list.length)),
		data: list.map((d) => pick(dayNumbers(store, account, d.toISODate()!, provider))),
		// Days older than about 48 hours are consolidated, so a range reaching past them is.
		consolidated: pastDays >= 2,
	};
}

export const accountActionRoutes: Route[] = [
	{
		method: 'POST',
		path: '/accounts/:id/reconnect',
		handler: ({ store, project, params }) => {
			const account = getAccount(store, project, params.id);
			const job = {
				jobId: jobId(store),
				accountId: account.id,
				dueAt: Date.now() + store.settings.reconnectDelayMs,
			};
			store.reconnectJobs.push(job);
			if (store.settings.reconnectDelayMs === 0) settleReconnects(store);
			return created({ queued: true, job_id: job.jobId });
		},
	},
	{
		method: 'DELETE',
		path: '/accounts/:id',
		handler: ({ store, project, params }) => {
			const account = getAccount(store, project, params.id);
			// `disconnect_reason` is free text; it is kept nowhere the API shows (the request log has it).
			store.accounts.delete(account.id);
			store.reconnectJobs = store.reconnectJobs.filter((j) => j.accountId !== account.id);
			store.brokenAccounts.delete(account.id);
			return ok({ success: true });
		},
	},
	{
		method: 'GET',
		path: '/accounts/:id/stats',
		handler: ({ store, project, params, query }) => {
			const account = getAccount(store, project, params.id);
			const { provider, pastDays } = statsQuery(query);
			const totals = days(pastDays).map((d) =>
				dayNumbers(store, account, d.toISODate()!, provider),
			);
			const sum = (f: (n: DayNumbers) => number) => totals.reduce((total, n) => total + f(n), 0);
			return ok({
				total_messages_sent: sum((n) => n.sent),
				total_messages_received: sum((n) => n.received),
				total_spam: sum((n) => n.categories.SPAM),
				config_current_conversation_running: account.config_current_conversation_running,
				consolidated_cutoff: DateTime.utc().minus({ hours: 48 }).startOf('hour').toISO(),
			});
		},
	},
	{
		method: 'GET',
		path: '/conversation_message_logs/:id/sent/graph',
		handler: ({ store, project, params, query }) =>
			ok(graph(store, getAccount(store, project, params.id), query, (n) => n.sent)),
	},
	{
		method: 'GET',
		path: '/conversation_message_logs/:id/received/graph',
		handler: ({ store, project, params, query }) =>
			ok(graph(store, getAccount(store, project, params.id), query, (n) => n.received)),
	},
	{
		method: 'GET',
		path: '/conversation_message_logs/:id/sent/categories/graph/:cat',
		handler: ({ store, project, params, query }) => {
			const account = getAccount(store, project, params.id);
			const cat = params.cat as Category;
			if (!CATEGORIES.includes(cat)) {
				throw new ApiError(422, `Validation failed: cat must be one of ${CATEGORIES.join(', ')}`, {
					errors: { cat: [`must be one of ${CATEGORIES.join(', ')}`] },
				});
			}
			return ok(graph(store, account, query, (n) => n.categories[cat]));
		},
	},
	{
		method: 'GET',
		path: '/conversation_statuses/:id/graph',
		handler: ({ store, project, params, query }) =>
			ok(graph(store, getAccount(store, project, params.id), query, (n) => n.conversations)),
	},
];
