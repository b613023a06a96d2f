/** Shared vocabulary of the route modules: the request context, the reply, the route table entry and API errors. */
import type { Project, SpamTest } from './resources';
import type { Store } from './store';

/** An error answer; `extra` fields are merged into the JSON body next to `message`. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly extra: Record<string, unknown> = {},
	) {
		super(message);
	}
}

export const badRequest = (message: string): ApiError => new ApiError(400, message);
export const notFound = (message: string): ApiError => new ApiError(404, message);
export const forbidden = (message: string): ApiError => new ApiError(403, message);

/** 422 with the per-field reasons (`errors: {field: [reason]}`); the message repeats them for humans. */
export function invalid(errors: Record<string, string[]>): ApiError {
	const parts = Object.entries(errors).map(([field, reasons]) => `${field} ${reasons.join(', ')}`);
	return new ApiError(422, `Validation failed: ${parts.join('; ')}`, { errors });
}

export interface Reply {
	status: number;
	body: unknown;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
/** 204 without a body, for a route the documentation says answers so (the misbehaving rules handle it too). */
export const noContent = (): Reply => ({ status: 204, body: undefined });

/** Side effects a route may trigger beyond the store (alert deliveries). */
export interface Effects {
	/** A spam test just became completed: deliver SPAMCHECK_COMPLETED. */
	spamTestCompleted(test: SpamTest): void;
}

export interface Ctx {
	store: Store;
	project: Project;
	params: Record<string, string>;
	query: Record<string, string>;
	body: unknown;
	effects: Effects;
}

export interface Route {
	method: 'GET' | 'POST' | 'DELETE';
	/** Path below /api/v1 with `:name` parameters, e.g. `/accounts/:id`. */
	path: string;
	handler: (ctx: Ctx) => Reply;
}

/** Resource lookup with the sandbox's scoping rule: elsewhere → 403, nowhere → 404. */
export function scoped<T extends { project: string }>(
	item: T | undefined,
	project: Project,
	what: string,
): T {
	if (!item) throw notFound(`${what} not found`);
	if (item.project !== project.key)
		throw forbidden(`This API key has no access to this ${what.toLowerCase()}`);
	return item;
}

type Match<R> = { route: R; params: Record<string, string> } | 'wrong-method' | null;

/** Finds the route for (method, path); literal segments are tried in table order, so list `/x/batch` before `/x/:id`. */
export function matchRoute<R extends { method: string; path: string }>(
	routes: R[],
	method: string,
	path: string,
): Match<R> {
	const segments = path.split('/').filter((s) => s !== '');
	let pathMatched = false;
	for (const route of routes) {
		const pattern = route.path.split('/').filter((s) => s !== '');
		if (pattern.length !== segments.length) continue;
		const params: Record<string, string> = {};
		const fits = pattern.every((p, i) => {
			if (p.startsWith(':')) {
				params[p.slice(1)] = safeDecode(segments[i]);
				return true;
			}
			return p === segments[i];
		});
		if (!fits) continue;
		if (route.method === method) return { route, params };
		pathMatched = true;
	}
	return pathMatched ? 'wrong-method' : null;
}

function safeDecode(s: string): string {
	try {
		return decodeURIComponent(s);
	} catch {
		return s;
	}
}
