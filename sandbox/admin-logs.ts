/** Admin routes that read and empty the sandbox's logs: requests, connections, misbehaving answers, SMTP, deliveries. */
import type { AdminRoute } from './admin';
import { clearing } from './admin-input';
import { ok } from './api';

export const logRoutes: AdminRoute[] = [
	{ method: 'GET', path: '/requests', handler: ({ store }) => ok(store.requestLog) },
	clearing('/requests', (store) => (store.requestLog = [])),
	{ method: 'GET', path: '/connections', handler: ({ store }) => ok(store.connections) },
	clearing('/connections', (store) => (store.connections = { opened: 0, resumed: 0 })),
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
	{ method: 'GET', path: '/smtp', handler: ({ store }) => ok(store.smtpInbox) },
	clearing('/smtp', (store) => (store.smtpInbox = [])),
	{ method: 'GET', path: '/deliveries', handler: ({ store }) => ok(store.deliveries) },
	clearing('/deliveries', (store) => (store.deliveries = [])),
];
