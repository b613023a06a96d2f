/**
 * Once per event (spec §6 rule 3: the same event may be delivered more than once). The ids of the last N events
 * that started the workflow are kept in two places, newest last:
 * - the node's static data, which n8n saves right after the webhook answered, so the memory survives restarts;
 * - this process's memory, per workflow node (`scope`), because n8n loads static data afresh for every request:
 *   two copies of one event arriving at the same moment would both find it unseen there. The in-process list is
 *   checked and updated synchronously, so of two concurrent copies exactly one passes.
 */
import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

export const DEFAULT_DEDUPE_WINDOW = 1000;
export const MAX_DEDUPE_WINDOW = 10_000;

const KEY = 'recentEventIds';

/** In-process memory of recent ids per workflow node; bounded in scopes too (oldest scope dropped first). */
const recentByScope = new Map<string, string[]>();
const MAX_SCOPES = 500;

/** The window size from the node option: a whole number in 0..MAX (0 switches deduplication off). */
export function windowSize(value: unknown): number {
	const n = typeof value === 'number' ? value : Number(value);
	if (!Number.isFinite(n)) return DEFAULT_DEDUPE_WINDOW;
	return Math.min(MAX_DEDUPE_WINDOW, Math.max(0, Math.floor(n)));
}

function recent(staticData: IDataObject): string[] {
	const list = staticData[KEY];
	return Array.isArray(list) ? list.map(String) : [];
}

export function seen(staticData: IDataObject, eventId: string, scope?: string): boolean {
	if (scope !== undefined && recentByScope.get(scope)?.includes(eventId)) return true;
	return recent(staticData).includes(eventId);
}

/**
 * Records an event id, keeping only the newest `size` ids. The list is replaced (not mutated in place) so n8n's
 * observable static data notices the change and saves it.
 */
export function remember(staticData: IDataObject, eventId: string, size: number, scope?: string): void {
	if (size <= 0) return;
	const list = recent(staticData).filter((id) => id !== eventId);
	list.push(eventId);
	staticData[KEY] = list.slice(-size);
	if (scope !== undefined) {
		const inProcess = (recentByScope.get(scope) ?? []).filter((id) => id !== eventId);
		inProcess.push(eventId);
		recentByScope.delete(scope);
		recentByScope.set(scope, inProcess.slice(-size));
		if (recentByScope.size > MAX_SCOPES) recentByScope.delete(recentByScope.keys().next().value as string);
	}
}

export function forget(staticData: IDataObject, scope?: string): void {
	delete staticData[KEY];
	if (scope !== undefined) recentByScope.delete(scope);
}

/** The in-process memory's key for one trigger node of one workflow. */
export function dedupeScope(workflowId: string | undefined, nodeId: string): string {
	return `${workflowId ?? ''}:${nodeId}`;
}

/**
 * A stand-in event id for a delivery without one (the spec does not name the field): a hash of the payload, which is
 * the same on every repeat of the same delivery. Keys are sorted so a re-serialised payload hashes the same.
 */
export function fingerprint(payload: IDataObject): string {
	return `sha256:${createHash('sha256').update(canonical(payload), 'utf8').digest('hex').slice(0, 32)}`;
}

function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.keys(value as IDataObject)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${canonical((value as IDataObject)[k])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}
