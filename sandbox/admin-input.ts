/** Checks of admin request input shared by the admin route files: bad input is a plain 400 naming the field. */
import type { AdminRoute } from './admin';
import { badRequest, notFound, ok } from './api';
import type { ProjectKey } from './resources';
import type { Store } from './store';

export function project(value: unknown, fallback: ProjectKey | null = 'A'): ProjectKey {
	if (value === undefined && fallback) return fallback;
	if (value === 'A' || value === 'B') return value;
	throw badRequest('project must be "A" or "B"');
}

export function num(
	body: Record<string, unknown>,
	field: string,
	check: (n: number) => boolean,
): number | undefined {
	const v = body[field];
	if (v === undefined) return undefined;
	if (typeof v !== 'number' || !check(v)) throw badRequest(`${field} is not a valid value`);
	return v;
}

export function adminAccount(store: Store, raw: string) {
	const account = store.accounts.get(Number(raw));
	if (!account) throw notFound('Account not found');
	return account;
}

export function optionalText(body: Record<string, unknown>, field: string): string | null {
	const v = body[field];
	if (v === undefined || v === null) return null;
	if (typeof v !== 'string') throw badRequest(`${field} must be a string`);
	return v;
}

/** `DELETE <path>`: empties one admin-side list (request log, faults, SMTP inbox, delivery log). */
export function clearing(path: string, clear: (store: Store) => void): AdminRoute {
	return {
		method: 'DELETE',
		path,
		handler: ({ store }) => {
			clear(store);
			return ok({ cleared: true });
		},
	};
}
