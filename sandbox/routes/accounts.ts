/** Accounts: list with filters, get, partial update, aliases. POST /imap_auth lives in imap-auth.ts. */
import type { Route } from '../api';
import { ok, scoped } from '../api';
import type { Account, Domain, Project } from '../resources';
import type { Store } from '../store';
import { domainView } from './domains';
import { BodyReader, QueryReader, paginate, pathId } from '../validate';

/** Fields that only single-account answers carry. */
const SINGLE_ONLY = [
	'score_gmail',
	'score_outlook',
	'score_custom',
	'has_refresh_token',
	'has_notifications',
	'imap_issue',
	'current_warming_recipe',
	'detected_sending_provider',
	'sending_reverse_dns_value',
	'sending_ip',
	'signature',
] as const;

export function accountView(
	store: Store,
	a: Account,
	form: 'single' | 'list',
): Record<string, unknown> {
	const view: Record<string, unknown> = {
		...a,
		tags: a.tags.map((t) => ({ id: t.id, name: t.name })),
	};
	for (const internal of ['project', 'domainId', 'aliases']) Reflect.deleteProperty(view, internal);
	if (form === 'list') {
		for (const key of SINGLE_ONLY) Reflect.deleteProperty(view, key);
		return view;
	}
	const domain = store.domains.get(a.domainId);
	view.domain = domain ? domainView(domain) : null;
	return view;
}

export function getAccount(store: Store, project: Project, raw: string | undefined): Account {
	settleReconnects(store);
	return scoped(store.accounts.get(pathId(raw)), project, 'Account');
}

/**
 * Applies the reconnect jobs whose delay has passed (POST /accounts/{id}/reconnect): the connection is restored
 * (`imap_issue` false; an OAuth account gets its refresh token back) unless the admin marked the account as broken
 * or made its login fail. Run lazily before accounts are read, so no timer outlives a reset.
 */
export function settleReconnects(store: Store, now = Date.now()): void {
	if (store.reconnectJobs.length === 0) return;
	const due = store.reconnectJobs.filter((j) => j.dueAt <= now);
	store.reconnectJobs = store.reconnectJobs.filter((j) => j.dueAt > now);
	for (const job of due) {
		const account = store.accounts.get(job.accountId);
		if (!account || reconnectRefused(store, account) !== undefined) continue;
		account.imap_issue = false;
		if (account.provider !== 'smtp') account.has_refresh_token = true;
	}
}

/**
 * Why a reconnect of this account cannot restore its connection (the admin marked it broken or made its login fail),
 * in the words a task's log gives; undefined when it can.
 */
export function reconnectRefused(store: Store, account: Account): string | undefined {
	if (store.brokenAccounts.has(account.id))
		return 'still disconnected: the mailbox could not be reached';
	const login = store.loginFailures.find(
		(f) => f.email === null || f.email === account.email.toLowerCase(),
	);
	if (!login) return undefined;
	return `still disconnected: ${login.error ?? (login.imap ? 'IMAP login failed' : 'SMTP login failed')}`;
}

/** Which accounts the two unnamed boolean filters let through (documented in BEHAVIOUR.md). */
function enabledFilter(
	spamcheckerOnly: boolean,
	includeSpamchecker: boolean,
): (a: Account) => boolean {
	if (spamcheckerOnly) return (a) => a.spamchecker_enabled && !a.warming_enabled;
	if (includeSpamchecker) return (a) => a.warming_enabled || a.spamchecker_enabled;
	return (a) => a.warming_enabled;
}

const UPDATABLE = [
	'alias',
	'alive',
	'autopilot',
	'config_max_conversation_running',
	'config_rampup_increase',
	'config_rampup_target',
	'config_smtp_append_after_sent',
	'desc',
	'first_name',
	'last_name',
	'imap_issue',
	'signature',
	'time_zone',
];

export const accountRoutes: Route[] = [
	{
		method: 'GET',
		path: '/accounts',
		handler: ({ store, project, query }) => {
			const q = new QueryReader(query);
			const { page, perPage } = q.page(50);
			const search = q.str('search')?.toLowerCase();
			const tags = (q.str('tags') ?? '')
				.split(',')
				.map((t) => t.trim().toLowerCase())
				.filter((t) => t !== '');
			const maxScore = q.int('max_score');
			const enabled = enabledFilter(
				q.bool('spamchecker_only') ?? false,
				q.bool('include_spamchecker') ?? false,
			);
			q.done();
			const matches = (a: Account): boolean =>
				enabled(a) &&
				(search === undefined ||
					[a.email, a.first_name, a.last_name, `${a.first_name} ${a.last_name}`].some((s) =>
						s.toLowerCase().includes(search),
					)) &&
				tags.every((t) => a.tags.some((tag) => tag.name.toLowerCase() === t)) &&
				(maxScore === undefined || a.score < maxScore);
			settleReconnects(store);
			const list = store.ofProject(store.accounts, project.key).filter(matches).reverse();
			return ok(paginate(list, page, perPage).map((a) => accountView(store, a, 'list')));
		},
	},
	{
		method: 'GET',
		path: '/accounts/:id',
		handler: ({ store, project, params }) =>
			ok(accountView(store, getAccount(store, project, params.id), 'single')),
	},
	{
		method: 'POST',
		path: '/accounts/:id',
		handler: ({ store, project, params, body }) => {
			const account = getAccount(store, project, params.id);
			const b = new BodyReader(body, UPDATABLE);
			const alias = b.text('alias');
			if (
				alias !== undefined &&
				!account.aliases.some((x) => x.email.toLowerCase() === alias.toLowerCase())
			) {
				b.fail('alias', 'must be one of the aliases listed by GET /accounts/{id}/aliases');
			}
			const changes: Partial<Account> = {
				alive: b.bool('alive'),
				autopilot: b.bool('autopilot'),
				config_max_conversation_running: b.int('config_max_conversation_running', {
					min: 0,
					max: 35,
				}),
				config_rampup_increase: b.int('config_rampup_increase', { min: 0, max: 5 }),
				config_rampup_target: b.int('config_rampup_target', { min: 3, max: 35 }),
				config_smtp_append_after_sent: b.bool('config_smtp_append_after_sent'),
				first_name: b.text('first_name'),
				last_name: b.text('last_name'),
				imap_issue: b.bool('imap_issue'),
				signature: b.text('signature'),
				time_zone: b.timeZone('time_zone'),
			};
			const desc = b.str('desc', { nullable: true });
			b.done();
			for (const [key, value] of Object.entries(changes))
				if (value !== undefined) Object.assign(account, { [key]: value });
			if (desc !== undefined) account.desc = desc;
			if (alias !== undefined) {
				// Switching keeps the old address available as an alias, so the switch can be undone.
				const old = account.email;
				account.email = account.aliases.find(
					(x) => x.email.toLowerCase() === alias.toLowerCase(),
				)!.email;
				if (!account.aliases.some((x) => x.email === old)) {
					account.aliases.push({ email: old, name: `${account.first_name} ${account.last_name}` });
				}
			}
			return ok(accountView(store, account, 'single'));
		},
	},
	{
		method: 'GET',
		path: '/accounts/:id/aliases',
		handler: ({ store, project, params }) =>
			ok(
				getAccount(store, project, params.id).aliases.map((a) => ({
					email: a.email,
					name: a.name,
				})),
			),
	},
];

/** A newly connected IMAP/SMTP mailbox; a new domain starts unscored (so GET /projects/domains omits it). */
export function connectAccount(
	store: Store,
	project: Project,
	email: string,
	first: string,
	last: string,
	spamcheckerOnly: boolean,
): Account {
	const domainName = email.slice(email.lastIndexOf('@') + 1);
	const now = new Date().toISOString();
	let domain = store.ofProject(store.domains, project.key).find((d) => d.domain === domainName);
	if (!domain) {
		const fresh: Domain = {
			project: project.key,
			id: store.nextId.domain++,
			created_at: now,
			updated_at: now,
			creation_date: now,
			last_check_at: now,
			expire_at: now,
			domain: domainName,
			spf_valid: false,
			dkim_valid: false,
			dmarc_valid: false,
			spf_value: '',
			dkim_value: '',
			dmarc_value: '',
			dkim_selector: '',
			domain_http_response: false,
			domain_https: false,
			avg_score: null,
			score_change: 0,
			mx_records: [],
		};
		store.domains.set(fresh.id, fresh);
		domain = fresh;
	}
	const id = store.nextId.account[project.key]++;
	const account: Account = {
		project: project.key,
		id,
		created_at: now,
		email,
		first_name: first,
		last_name: last,
		provider: 'smtp',
		alive: true,
		suspended: false,
		warming_enabled: !spamcheckerOnly,
		spamchecker_enabled: spamcheckerOnly,
		score: 0,
		score_gmail: 0,
		score_outlook: 0,
		score_custom: 0,
		total_messages_sent: 0,
		total_messages_received: 0,
		config_rampup_target: 20,
		config_rampup_increase: 2,
		config_max_conversation_running: 10,
		config_current_conversation_running: 0,
		config_smtp_append_after_sent: false,
		time_zone: project.timeZone,
		autopilot: true,
		copilot_enabled: false,
		has_refresh_token: false,
		has_notifications: false,
		imap_issue: false,
		current_warming_recipe: 'progressive',
		detected_sending_provider: 'custom',
		sending_reverse_dns_value: '',
		sending_ip: '',
		signature: '',
		custom_message_content_ref: '',
		desc: null,
		tags: [],
		domainId: domain.id,
		aliases: [],
	};
	store.accounts.set(id, account);
	return account;
}

/** An id list check shared by batch and automated tests: unknown → 404, another project's → 403. */
export function requireOwnAccounts(store: Store, project: Project, ids: number[]): Account[] {
	settleReconnects(store);
	return ids.map((id) => scoped(store.accounts.get(id), project, 'Account'));
}
