/**
 * Admin API under /__admin (loopback only, no key): reset, logs, faults, rate limit, credits, events, and shortcuts
 * that move resources along (disconnect an account, change a score, complete a spam test). Errors are JSON with
 * `message` like the API's; bad admin input is a plain 400.
 */
import type { Reply } from './api';
import { ApiError, badRequest, matchRoute, notFound, ok } from './api';
import type { Deliverer } from './delivery';
import type { RateLimiter } from './faults';
import { ANSWER_KINDS, SHAPED_KINDS } from './misbehave';
import type { AnswerKind, AnswerRule, Fault, FaultKind, LoginFailure } from './admin-state';
import type { Notification, ProjectKey } from './resources';
import { PROJECT_KEYS } from './resources';
import type { Store } from './store';
import { accountView } from './routes/accounts';
import { alertView } from './routes/alerts';
import { automatedTestView } from './routes/automated-tests';
import { accountDisconnected, closeEnded, openNotification } from './notifications';
import { settleReconnects } from './routes/accounts';
import { notificationView } from './routes/notifications';
import { createSpamTest } from './routes/spam-tests';
import { completeTest, spamTestView } from './spam-test-engine';
import { historyRoutes } from './history';
import { listRoutes } from './lists';
import { resetToSeed } from './seed';
import { isRecord } from './validate';

export interface AdminCtx {
	store: Store;
	deliverer: Deliverer;
	limiter: RateLimiter;
}

export interface AdminRoute {
	method: string;
	path: string;
	handler: (
		ctx: AdminCtx,
		params: Record<string, string>,
		query: Record<string, string>,
		body: Record<string, unknown>,
	) => Reply;
}

const FAULT_KINDS: FaultKind[] = ['429', '500', '503', 'reset', 'latency', 'processed500'];

function project(value: unknown, fallback: ProjectKey | null = 'A'): ProjectKey {
	if (value === undefined && fallback) return fallback;
	if (value === 'A' || value === 'B') return value;
	throw badRequest('project must be "A" or "B"');
}

function num(
	body: Record<string, unknown>,
	field: string,
	check: (n: number) => boolean,
): number | undefined {
	const v = body[field];
	if (v === undefined) return undefined;
	if (typeof v !== 'number' || !check(v)) throw badRequest(`${field} is not a valid value`);
	return v;
}

function adminAccount(store: Store, raw: string) {
	const account = store.accounts.get(Number(raw));
	if (!account) throw notFound('Account not found');
	return account;
}

function optionalText(body: Record<string, unknown>, field: string): string | null {
	const v = body[field];
	if (v === undefined || v === null) return null;
	if (typeof v !== 'string') throw badRequest(`${field} must be a string`);
	return v;
}

/** The admin view of a notification: the API's fields plus whether it is open and when it was opened. */
function adminNotification(store: Store, n: Notification): Record<string, unknown> {
	return { ...notificationView(store, n), open: n.open, created_at: n.created_at };
}

/** `DELETE <path>`: empties one admin-side list (request log, faults, SMTP inbox, delivery log). */
function clearing(path: string, clear: (store: Store) => void): AdminRoute {
	return {
		method: 'DELETE',
		path,
		handler: ({ store }) => {
			clear(store);
			return ok({ cleared: true });
		},
	};
}

const routes: AdminRoute[] = [
	...historyRoutes,
	...listRoutes,
	{
		method: 'POST',
		path: '/reset',
		handler: ({ store, deliverer, limiter }) => {
			deliverer.cancelAll();
			limiter.clear();
			resetToSeed(store);
			return ok({ reset: true });
		},
	},
	{ method: 'GET', path: '/requests', handler: ({ store }) => ok(store.requestLog) },
	clearing('/requests', (store) => (store.requestLog = [])),
	{ method: 'GET', path: '/connections', handler: ({ store }) => ok(store.connections) },
	clearing('/connections', (store) => (store.connections = { opened: 0, resumed: 0 })),
	{ method: 'GET', path: '/faults', handler: ({ store }) => ok(store.faults) },
	{
		method: 'POST',
		path: '/faults',
		handler: ({ store }, _params, _query, body) => {
			const kind = body.kind;
			if (typeof kind !== 'string' || !FAULT_KINDS.includes(kind as FaultKind))
				throw badRequest(`kind must be one of ${FAULT_KINDS.join(', ')}`);
			const count = num(body, 'count', (n) => Number.isInteger(n) && n > 0);
			const rate = num(body, 'rate', (n) => n >= 0 && n <= 1);
			const latencyMs = num(body, 'latencyMs', (n) => n >= 0) ?? 1000;
			const retryAfter = body.retryAfter;
			if (
				retryAfter !== undefined &&
				typeof retryAfter !== 'number' &&
				typeof retryAfter !== 'string'
			)
				throw badRequest('retryAfter must be a number or a string');
			for (const f of ['method', 'path'])
				if (body[f] !== undefined && typeof body[f] !== 'string')
					throw badRequest(`${f} must be a string`);
			const fault: Fault = {
				kind: kind as FaultKind,
				remaining: count ?? (rate === undefined ? 1 : null),
				rate: rate ?? null,
				retryAfter: retryAfter === undefined ? null : String(retryAfter),
				latencyMs,
				method: (body.method as string | undefined) ?? null,
				path: (body.path as string | undefined) ?? null,
			};
			store.faults.push(fault);
			return ok(fault);
		},
	},
	clearing('/faults', (store) => (store.faults = [])),
	{ method: 'GET', path: '/answers', handler: ({ store }) => ok(store.answerRules) },
	{
		method: 'POST',
		path: '/answers',
		handler: ({ store }, _params, _query, body) => {
			const kind = body.kind;
			const kinds = [...ANSWER_KINDS, ...SHAPED_KINDS];
			if (typeof kind !== 'string' || !kinds.includes(kind as AnswerKind))
				throw badRequest(`kind must be one of ${kinds.join(', ')}`);
			if (kind === 'given' && body.body === undefined)
				throw badRequest('given needs body (the JSON to answer with)');
			if (kind === 'with-fields' && !isRecord(body.fields))
				throw badRequest('with-fields needs fields (an object of the fields to add)');
			for (const f of ['method', 'path', 'apiKey', 'label'])
				if (body[f] !== undefined && body[f] !== null && typeof body[f] !== 'string')
					throw badRequest(`${f} must be a string`);
			if (body.perform !== undefined && typeof body.perform !== 'boolean')
				throw badRequest('perform must be a boolean');
			const count = num(body, 'count', (n) => Number.isInteger(n) && n > 0);
			const rule: AnswerRule = {
				kind: kind as AnswerKind,
				method: (body.method as string | undefined)?.toUpperCase() ?? null,
				path: (body.path as string | undefined) ?? null,
				remaining: count ?? null,
				perform: (body.perform as boolean | undefined) ?? true,
				intervalMs: num(body, 'intervalMs', (n) => n >= 0) ?? 2000,
				apiKey: (body.apiKey as string | undefined) ?? null,
				label: (body.label as string | undefined) ?? null,
				...(kind === 'given' ? { body: body.body } : {}),
				...(kind === 'with-fields' ? { fields: body.fields as Record<string, unknown> } : {}),
			};
			store.answerRules.push(rule);
			return ok(rule);
		},
	},
	clearing('/answers', (store) => (store.answerRules = [])),
	{
		method: 'POST',
		path: '/keys',
		handler: ({ store }, _params, _query, body) => {
			const key = project(body.project);
			const apiKey = body.apiKey;
			if (typeof apiKey !== 'string' || apiKey.trim().length < 8)
				throw badRequest('apiKey must be a text of at least 8 characters');
			if (store.projectByApiKey(apiKey.trim())) throw badRequest('apiKey is already in use');
			store.extraKeys.set(apiKey.trim(), key);
			return ok({ project: key, apiKey: apiKey.trim() });
		},
	},
	{
		method: 'GET',
		path: '/answers/log',
		handler: ({ store }, _params, query) =>
			ok(
				query.label === undefined
					? store.misanswerLog
					: store.misanswerLog.filter((e) => e.label === query.label),
			),
	},
	clearing('/answers/log', (store) => (store.misanswerLog = [])),
	{
		method: 'POST',
		path: '/rate-limit',
		handler: ({ store, limiter }, _params, _query, body) => {
			const v = body.perSecond;
			if (v !== null && (typeof v !== 'number' || !Number.isInteger(v) || v < 1))
				throw badRequest('perSecond must be a positive integer or null');
			store.rateLimitPerSecond = v;
			limiter.clear();
			return ok({ perSecond: v });
		},
	},
	{
		method: 'GET',
		path: '/credits',
		handler: ({ store }) => ok({ A: store.projects.A.credits, B: store.projects.B.credits }),
	},
	{
		method: 'POST',
		path: '/credits',
		handler: ({ store }, _params, _query, body) => {
			const key = project(body.project, null);
			const credits = num(body, 'credits', (n) => Number.isInteger(n) && n >= 0);
			if (credits === undefined) throw badRequest('credits is required');
			store.projects[key].credits = credits;
			return ok({ A: store.projects.A.credits, B: store.projects.B.credits });
		},
	},
	{ method: 'GET', path: '/smtp', handler: ({ store }) => ok(store.smtpInbox) },
	clearing('/smtp', (store) => (store.smtpInbox = [])),
	{ method: 'GET', path: '/deliveries', handler: ({ store }) => ok(store.deliveries) },
	clearing('/deliveries', (store) => (store.deliveries = [])),
	{
		method: 'POST',
		path: '/events',
		handler: ({ store, deliverer }, _params, _query, body) => {
			const { event, project: p, ...extra } = body;
			if (typeof event !== 'string' || event === '') throw badRequest('event is required');
			const key = project(p);
			if (extra.account_id !== undefined) {
				const account = store.accounts.get(Number(extra.account_id));
				if (!account || account.project !== key)
					throw notFound(`Account ${String(extra.account_id)} not found in project ${key}`);
				extra.account_id = account.id;
			}
			return ok({ payloads: deliverer.emit(key, event, extra) });
		},
	},
	{
		method: 'POST',
		path: '/accounts/:id/disconnect',
		handler: ({ store, deliverer }, params) => {
			const account = adminAccount(store, params.id);
			account.imap_issue = true;
			account.has_refresh_token = false;
			// A reconnect queued before this disconnection does not undo it.
			store.reconnectJobs = store.reconnectJobs.filter((j) => j.accountId !== account.id);
			accountDisconnected(store, account);
			const payloads = deliverer.emit(account.project, 'ACCOUNT_DISCONNECTED', {
				account_id: account.id,
			});
			return ok({ account: accountView(store, account, 'single'), payloads });
		},
	},
	{
		method: 'POST',
		path: '/accounts/:id/broken',
		handler: ({ store }, params, _query, body) => {
			const account = adminAccount(store, params.id);
			if (body.broken !== undefined && typeof body.broken !== 'boolean')
				throw badRequest('broken must be a boolean');
			if (body.broken === false) store.brokenAccounts.delete(account.id);
			else store.brokenAccounts.add(account.id);
			return ok({ account_id: account.id, broken: store.brokenAccounts.has(account.id) });
		},
	},
	{ method: 'GET', path: '/login-failures', handler: ({ store }) => ok(store.loginFailures) },
	{
		method: 'POST',
		path: '/login-failures',
		handler: ({ store }, _params, _query, body) => {
			for (const f of ['imap', 'smtp'])
				if (body[f] !== undefined && typeof body[f] !== 'boolean')
					throw badRequest(`${f} must be a boolean`);
			for (const f of ['email', 'error'])
				if (body[f] !== undefined && typeof body[f] !== 'string')
					throw badRequest(`${f} must be a string`);
			const failure: LoginFailure = {
				email: typeof body.email === 'string' ? body.email.toLowerCase() : null,
				imap: (body.imap as boolean | undefined) ?? true,
				smtp: (body.smtp as boolean | undefined) ?? false,
				error: (body.error as string | undefined) ?? null,
			};
			if (!failure.imap && !failure.smtp) throw badRequest('imap or smtp must be true');
			// The newest failure for an address wins over older ones (and over a catch-all).
			store.loginFailures.unshift(failure);
			return ok(failure);
		},
	},
	clearing('/login-failures', (store) => (store.loginFailures = [])),
	{
		method: 'POST',
		path: '/accounts/:id/score',
		handler: ({ store, deliverer }, params, _query, body) => {
			const account = adminAccount(store, params.id);
			const score = num(body, 'score', (n) => Number.isInteger(n) && n >= 0 && n <= 100);
			if (score === undefined) throw badRequest('score is required');
			const before = account.score;
			account.score = score;
			const event =
				score < before
					? 'REPUTATION_SCORE_DECREASE'
					: score > before
						? 'REPUTATION_SCORE_INCREASE'
						: null;
			const payloads = event
				? deliverer.emit(account.project, event, {
						account_id: account.id,
						previous_score: before,
						score,
					})
				: [];
			return ok({ account: accountView(store, account, 'single'), event, payloads });
		},
	},
	{
		method: 'POST',
		path: '/spam_tests/:publicId/complete',
		handler: ({ store, deliverer }, params, _query, body) => {
			const test = store.spamTests.get(params.publicId);
			if (!test) throw notFound('Spam test not found');
			for (const f of ['sender', 'subject'])
				if (body[f] !== undefined && typeof body[f] !== 'string')
					throw badRequest(`${f} must be a string`);
			const sender =
				(body.sender as string | undefined) ?? test.sender ?? 'sandbox@sender.sandbox.test';
			completeTest(
				test,
				sender,
				(body.subject as string | undefined) ?? test.subject ?? 'Sandbox test message',
				deliverer,
			);
			return ok(spamTestView(store, test));
		},
	},
	{
		method: 'POST',
		path: '/automated_tests/:id/run',
		handler: ({ store }, params) => {
			const at = store.automatedTests.get(Number(params.id));
			if (!at) throw notFound('Automated test not found');
			const test = createSpamTest(
				store,
				store.projects[at.project],
				at.seedlist === 0 ? 1 : at.seedlist,
			);
			const account = store.accounts.get(at.account_ids[0]);
			test.automated = true;
			test.automatedTestId = at.id;
			test.subject = at.subject;
			test.account = account?.email ?? null;
			test.testType = at.btob && !at.btoc ? 'btob' : at.btoc && !at.btob ? 'btoc' : 'all';
			at.last_run_at = test.createdAt;
			return ok({
				spam_test: spamTestView(store, test),
				automated_test: automatedTestView(store, at),
			});
		},
	},
	{
		method: 'POST',
		path: '/notifications',
		handler: ({ store }, _params, _query, body) => {
			const key = project(body.project);
			if (typeof body.event !== 'string' || body.event.trim() === '')
				throw badRequest('event is required');
			let account = null;
			if (body.account_id !== undefined && body.account_id !== null) {
				account = store.accounts.get(Number(body.account_id));
				if (!account || account.project !== key)
					throw notFound(`Account ${String(body.account_id)} not found in project ${key}`);
			}
			const event = body.event.trim();
			const notification = openNotification(
				store,
				key,
				{
					event,
					account,
					level: optionalText(body, 'level') ?? 'warning',
					content:
						optionalText(body, 'content') ?? `${event}${account ? ` on ${account.email}` : ''}`,
					domain: optionalText(body, 'domain'),
					domainExpireOn: optionalText(body, 'domain_expire_on'),
				},
				'admin',
			);
			return ok(adminNotification(store, notification));
		},
	},
	{
		method: 'POST',
		path: '/notifications/:id/close',
		handler: ({ store }, params) => {
			const notification = store.notifications.get(Number(params.id));
			if (!notification) throw notFound('Notification not found');
			notification.open = false;
			return ok(adminNotification(store, notification));
		},
	},
	{
		method: 'GET',
		path: '/notifications',
		handler: ({ store }, _params, query) => {
			settleReconnects(store);
			closeEnded(store);
			return ok(
				store
					.ofProject(store.notifications, project(query.project))
					.map((n) => adminNotification(store, n)),
			);
		},
	},
	{
		method: 'POST',
		path: '/tags',
		handler: ({ store }, _params, _query, body) => {
			const key = project(body.project);
			if (typeof body.name !== 'string' || body.name.trim() === '')
				throw badRequest('name is required');
			if (body.provider_defined !== undefined && typeof body.provider_defined !== 'boolean')
				throw badRequest('provider_defined must be a boolean');
			const tag = store.tag(key, body.name.trim());
			if (body.provider_defined) tag.provider_defined = true;
			return ok({ id: tag.id, name: tag.name, provider_defined: tag.provider_defined ?? false });
		},
	},
	{ method: 'GET', path: '/settings', handler: ({ store }) => ok(store.settings) },
	{
		method: 'POST',
		path: '/settings',
		handler: ({ store }, _params, _query, body) => {
			if (body.duplicateDeliveries !== undefined) {
				if (typeof body.duplicateDeliveries !== 'boolean')
					throw badRequest('duplicateDeliveries must be a boolean');
				store.settings.duplicateDeliveries = body.duplicateDeliveries;
			}
			const latency = num(body, 'latencyMs', (n) => n >= 0);
			if (latency !== undefined) store.settings.latencyMs = latency;
			if (body.perPageMode !== undefined) {
				if (
					body.perPageMode !== 'honour' &&
					body.perPageMode !== 'ignore' &&
					body.perPageMode !== 'cap'
				) {
					throw badRequest("perPageMode must be 'honour', 'ignore' or 'cap'");
				}
				store.settings.perPageMode = body.perPageMode;
			}
			const cap = num(body, 'perPageCap', (n) => Number.isInteger(n) && n >= 1 && n <= 100);
			if (cap !== undefined) store.settings.perPageCap = cap;
			const reconnectDelay = num(body, 'reconnectDelayMs', (n) => Number.isInteger(n) && n >= 0);
			if (reconnectDelay !== undefined) store.settings.reconnectDelayMs = reconnectDelay;
			const seedDelay = num(body, 'seedDelayMs', (n) => Number.isInteger(n) && n >= 0);
			if (seedDelay !== undefined) store.settings.seedDelayMs = seedDelay;
			const unlogged = body.unloggedAccounts;
			if (unlogged !== undefined) {
				if (!Array.isArray(unlogged) || unlogged.some((id) => !Number.isInteger(id)))
					throw badRequest('unloggedAccounts must be an array of account ids');
				store.settings.unloggedAccounts = unlogged as number[];
			}
			const timeout = num(body, 'deliveryTimeoutMs', (n) => n > 0);
			if (timeout !== undefined) store.settings.deliveryTimeoutMs = timeout;
			const delays = body.deliveryRetryDelaysMs;
			if (delays !== undefined) {
				if (!Array.isArray(delays) || delays.some((d) => typeof d !== 'number' || d < 0))
					throw badRequest('deliveryRetryDelaysMs must be an array of numbers');
				store.settings.deliveryRetryDelaysMs = delays as number[];
			}
			return ok(store.settings);
		},
	},
	{
		method: 'GET',
		path: '/state',
		handler: ({ store }) =>
			ok({
				projects: Object.fromEntries(
					PROJECT_KEYS.map((k) => [
						k,
						{
							accounts: store.ofProject(store.accounts, k).length,
							spamTests: store.ofProject(store.spamTests, k).length,
							automatedTests: store.ofProject(store.automatedTests, k).length,
							alerts: store.ofProject(store.alerts, k).length,
							credits: store.projects[k].credits,
						},
					]),
				),
			}),
	},
	{
		method: 'GET',
		path: '/alerts',
		handler: ({ store }, _params, query) =>
			ok(store.ofProject(store.alerts, project(query.project)).map(alertView)),
	},
];

/** Answers one admin request (`path` below /__admin). */
export function handleAdmin(
	ctx: AdminCtx,
	method: string,
	path: string,
	query: Record<string, string>,
	rawBody: string,
): Reply {
	const match = matchRoute(routes, method, path);
	if (match === null) throw notFound(`No admin route ${method} /__admin${path}`);
	if (match === 'wrong-method')
		throw new ApiError(405, `Method ${method} not allowed on /__admin${path}`);
	let body: unknown = {};
	if (rawBody.trim() !== '') {
		try {
			body = JSON.parse(rawBody);
		} catch {
			throw badRequest('Malformed JSON body');
		}
	}
	if (!isRecord(body)) throw badRequest('The request body must be a JSON object');
	return match.route.handler(ctx, match.params, query, body);
}
