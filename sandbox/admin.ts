/**
 * Admin API under /__admin (loopback only, no key): reset here; logs (admin-logs.ts), faults, misbehaving answers,
 * rate limit and settings (admin-faults.ts), shortcuts that move resources along (admin-shortcuts.ts: disconnect an
 * account, change a score, complete a spam test), made histories (history.ts) and lists (lists.ts). Errors are JSON
 * with `message` like the API's; bad admin input is a plain 400.
 */
import type { Reply } from './api';
import { ApiError, badRequest, matchRoute, notFound, ok } from './api';
import type { Deliverer } from './delivery';
import type { RateLimiter } from './faults';
import { faultRoutes } from './admin-faults';
import { logRoutes } from './admin-logs';
import { shortcutRoutes } from './admin-shortcuts';
import type { Store } from './store';
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
	...logRoutes,
	...faultRoutes,
	...shortcutRoutes,
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
