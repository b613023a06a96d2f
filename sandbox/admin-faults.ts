/**
 * Admin routes that change how the sandbox answers: injected faults, misbehaving answers, extra API keys (to tell
 * concurrent tests apart), the rate limit and the settings.
 */
import type { AdminRoute } from './admin';
import { clearing, num, project } from './admin-input';
import type { AnswerKind, AnswerRule, Fault, FaultKind } from './admin-state';
import { badRequest, ok } from './api';
import { ANSWER_KINDS, SHAPED_KINDS } from './misbehave';
import { isRecord } from './validate';

const FAULT_KINDS: FaultKind[] = ['429', '500', '503', 'reset', 'latency', 'processed500'];

export const faultRoutes: AdminRoute[] = [
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
];
