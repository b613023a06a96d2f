/** Automated tests: create (inactive), list with search/relevance/sort, get, update (utc_hour via luxon), runs. */
import type { Route } from '../api';
import { ApiError, created, ok, scoped } from '../api';
import type { AutomatedTest, Project } from '../resources';
import type { Store } from '../store';
import { sortNullsLast, utcHour, words } from '../util';
import { alertView } from './alerts';
import { requireOwnAccounts } from './accounts';
import { BodyReader, QueryReader, paginate, pathId } from '../validate';

export function automatedTestView(store: Store, t: AutomatedTest): Record<string, unknown> {
	const accounts = t.account_ids.flatMap((id) => {
		const a = store.accounts.get(id);
		return a
			? [{ id: a.id, email: a.email, first_name: a.first_name, last_name: a.last_name }]
			: [];
	});
	return {
		id: t.id,
		key: t.key,
		subject: t.subject,
		content_text: t.content_text,
		content_html: t.content_html,
		automated_test_runs: t.runs.map((r) => ({ ...r })),
		template_defined: t.template_defined,
		btob: t.btob,
		btoc: t.btoc,
		accounts,
		account_ids: accounts.map((a) => a.id),
		repeat_period: t.repeat_period,
		repeat_period_delay: t.repeat_period_delay,
		time_zone: t.time_zone,
		hour: t.hour,
		utc_hour: t.utc_hour,
		active: t.active,
		last_run_at: t.last_run_at,
		created_at: t.created_at,
		can_show_run_now: t.can_show_run_now,
		account_day_delta: t.account_day_delta,
		seedlist: t.seedlist,
		alerts: store
			.ofProject(store.alerts, t.project)
			.filter((a) => a.automated_test_ids.includes(t.id))
			.map(alertView),
	};
}

function getAutomatedTest(store: Store, project: Project, raw: string | undefined): AutomatedTest {
	return scoped(store.automatedTests.get(pathId(raw)), project, 'Automated test');
}

/**
 * The account must be the project's (403/404 otherwise) and connected (422): its IMAP/SMTP or OAuth connection is
 * not lost (`imap_issue` false). A paused account (`alive` false) is still connected: pausing only stops warming.
 */
function connectedAccount(store: Store, project: Project, id: number): void {
	const [account] = requireOwnAccounts(store, project, [id]);
	if (account.imap_issue) {
		throw new ApiError(
			422,
			'The account is not connected (it has an IMAP/SMTP or OAuth connection issue)',
			{
				errors: { account_id: ['must be a connected account'] },
			},
		);
	}
}

/** Email tokens split on the spec's separators only (`+ - @ .`); a query word may be part of one. */
const emailTokens = (s: string): string[] =>
	s
		.toLowerCase()
		.split(/[+\-@.]+/)
		.filter((w) => w !== '');

/** Relevance of a test for the query words: 2 per word in the subject + 1 per word in an email token; null = no match. */
function relevance(store: Store, t: AutomatedTest, query: string[]): number | null {
	const subject = words(t.subject);
	const tokens = t.account_ids.flatMap((id) => emailTokens(store.accounts.get(id)?.email ?? ''));
	let score = 0;
	for (const w of query) {
		const inSubject = subject.some((s) => s.includes(w));
		const inEmail = tokens.some((s) => s.includes(w));
		if (!inSubject && !inEmail) return null;
		score += (inSubject ? 2 : 0) + (inEmail ? 1 : 0);
	}
	return score;
}

export const automatedTestRoutes: Route[] = [
	{
		method: 'POST',
		path: '/automated_tests',
		handler: ({ store, project, body }) => {
			const b = new BodyReader(body, ['account_id']);
			const accountId = b.int('account_id', { required: true })!;
			b.done();
			connectedAccount(store, project, accountId);
			const now = new Date().toISOString();
			const test: AutomatedTest = {
				project: project.key,
				id: store.nextId.automatedTest++,
				key: store.randomId(16),
				subject: '',
				content_text: '',
				content_html: '',
				template_defined: false,
				btob: false,
				btoc: false,
				account_ids: [accountId],
				repeat_period: 'WEEK',
				repeat_period_delay: 1,
				time_zone: project.timeZone,
				hour: 9,
				utc_hour: utcHour(9, project.timeZone),
				active: false,
				last_run_at: null,
				created_at: now,
				can_show_run_now: false,
				account_day_delta: 0,
				seedlist: 1,
				runs: [],
			};
			store.automatedTests.set(test.id, test);
			return created(automatedTestView(store, test));
		},
	},
	{
		method: 'GET',
		path: '/automated_tests',
		handler: ({ store, project, query }) => {
			const q = new QueryReader(query);
			const { page, perPage } = q.page(25);
			const search = words(q.str('search') ?? '');
			const active = q.bool('active');
			const sort = q.oneOf('sort', ['last_run_at', 'created_at'] as const);
			const order = q.oneOf('order', ['asc', 'desc'] as const) ?? 'desc';
			q.done();
			let list = store.ofProject(store.automatedTests, project.key).reverse(); // newest first
			if (active !== undefined) list = list.filter((t) => t.active === active);
			if (search.length > 0) {
				const ranked = list.flatMap((t, i) => {
					const r = relevance(store, t, search);
					return r === null ? [] : [{ t, i, r }];
				});
				// Relevance (ties newest first) only when no sort is given; a sort replaces it below.
				ranked.sort((a, b) => b.r - a.r || a.i - b.i);
				list = ranked.map((x) => x.t);
			}
			if (sort) {
				// `order` only counts with `sort`. Null last_run_at sorts last either way.
				list = sortNullsLast(
					list,
					(t) => (t[sort] === null ? null : Date.parse(t[sort]!)),
					order === 'asc' ? 1 : -1,
				);
			}
			return ok(paginate(list, page, perPage).map((t) => automatedTestView(store, t)));
		},
	},
	{
		method: 'GET',
		path: '/automated_tests/:id',
		handler: ({ store, project, params }) =>
			ok(automatedTestView(store, getAutomatedTest(store, project, params.id))),
	},
	{
		method: 'POST',
		path: '/automated_tests/:id',
		handler: ({ store, project, params, body }) => {
			const test = getAutomatedTest(store, project, params.id);
			const b = new BodyReader(body, [
				'active',
				'account_id',
				'btob',
				'btoc',
				'hour',
				'repeat_period',
				'repeat_period_delay',
				'seedlist',
				'time_zone',
			]);
			const active = b.bool('active', { required: true })!;
			const accountId = b.int('account_id');
			const btob = b.bool('btob');
			const btoc = b.bool('btoc');
			const hour = b.int('hour', { min: 0, max: 23 });
			const period = b.oneOf('repeat_period', ['WEEK', 'DAY'] as const);
			const delay = b.int('repeat_period_delay', { min: 1, max: 365 });
			const seedlist = b.int('seedlist', { oneOf: [0, 1, 2, 3, 4] });
			const tz = b.timeZone('time_zone');
			b.done();
			if (accountId !== undefined) connectedAccount(store, project, accountId);
			test.active = active;
			test.can_show_run_now = active;
			if (accountId !== undefined) test.account_ids = [accountId];
			if (btob !== undefined) test.btob = btob;
			if (btoc !== undefined) test.btoc = btoc;
			if (hour !== undefined) test.hour = hour;
			if (period !== undefined) test.repeat_period = period;
			if (delay !== undefined) test.repeat_period_delay = delay;
			if (seedlist !== undefined) test.seedlist = seedlist;
			// The spec: time_zone "defaults to the project time zone when omitted", on every update.
			test.time_zone = tz ?? project.timeZone;
			test.utc_hour = utcHour(test.hour, test.time_zone);
			return ok(automatedTestView(store, test));
		},
	},
	{
		method: 'POST',
		path: '/automated_tests/:id/runs',
		handler: ({ store, project, params, body }) => {
			const test = getAutomatedTest(store, project, params.id);
			const b = new BodyReader(body, ['weekdays']);
			const weekdays = b.intArray('weekdays', { required: true })!;
			if (weekdays.some((d) => d < 1 || d > 7))
				b.fail('weekdays', 'must be ISO weekdays 1 (Monday) to 7 (Sunday)');
			b.done();
			const now = new Date().toISOString();
			test.runs = [...new Set(weekdays)]
				.sort((x, y) => x - y)
				.map((weekday) => ({
					id: store.nextId.run++,
					automated_test_id: test.id,
					weekday,
					last_run_at: null,
					created_at: now,
					updated_at: now,
				}));
			return ok(automatedTestView(store, test));
		},
	},
];
