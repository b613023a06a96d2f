/**
 * Admin shortcuts that move resources along as the real service would over time: credits, events, a disconnected
 * account, a changed score, login failures, a completed spam test, an automated test's run, notifications, tags,
 * and what the projects hold.
 */
import type { AdminRoute } from './admin';
import { adminAccount, clearing, num, optionalText, project } from './admin-input';
import type { LoginFailure } from './admin-state';
import { badRequest, notFound, ok } from './api';
import { accountDisconnected, closeEnded, openNotification } from './notifications';
import type { Notification } from './resources';
import { PROJECT_KEYS } from './resources';
import { accountView, settleReconnects } from './routes/accounts';
import { alertView } from './routes/alerts';
import { automatedTestView } from './routes/automated-tests';
import { notificationView } from './routes/notifications';
import { createSpamTest } from './routes/spam-tests';
import { completeTest, spamTestView } from './spam-test-engine';
import type { Store } from './store';

/** The admin view of a notification: the API's fields plus whether it is open and when it was opened. */
function adminNotification(store: Store, n: Notification): Record<string, unknown> {
	return { ...notificationView(store, n), open: n.open, created_at: n.created_at };
}

export const shortcutRoutes: AdminRoute[] = [
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
