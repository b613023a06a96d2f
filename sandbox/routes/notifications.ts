/**
 * GET /notifications (`account_id`, `event`: both optional filters) → the 25 most recent OPEN notifications of the
 * project, newest first, each `{id, level, event, account_id, project_id, account_email, content, domain,
 * domain_expire_on}`. Closed ones are left out. The sandbox's own events open them (../notifications.ts); the admin
 * API opens and closes others.
 */
import type { Route } from '../api';
import { ok } from '../api';
import type { Notification } from '../resources';
import type { Store } from '../store';
import { closeEnded } from '../notifications';
import { QueryReader } from '../validate';
import { settleReconnects } from './accounts';

/** How many open notifications the list shows at most (documented). */
const NOTIFICATION_LIST_CAP = 25;

export function notificationView(store: Store, n: Notification): Record<string, unknown> {
	return {
		id: n.id,
		level: n.level,
		event: n.event,
		account_id: n.account_id,
		project_id: store.projects[n.project].id,
		account_email: n.account_email,
		content: n.content,
		domain: n.domain,
		domain_expire_on: n.domain_expire_on,
	};
}

export const notificationRoutes: Route[] = [
	{
		method: 'GET',
		path: '/notifications',
		handler: ({ store, project, query }) => {
			const q = new QueryReader(query);
			const accountId = q.int('account_id', { min: 1 });
			const event = q.str('event');
			q.done();
			// A disconnection that ended (the reconnect settled, the account went) is no longer open.
			settleReconnects(store);
			closeEnded(store);
			const open = store
				.ofProject(store.notifications, project.key)
				.filter(
					(n) =>
						n.open &&
						(accountId === undefined || n.account_id === accountId) &&
						(event === undefined || n.event === event),
				);
			// Creation order is id order: newest first is the reverse.
			return ok(
				open
					.reverse()
					.slice(0, NOTIFICATION_LIST_CAP)
					.map((n) => notificationView(store, n)),
			);
		},
	},
];
