/**
 * Once per event (spec §6 rule 3: the same event may be delivered more than once). The ids of the last N events
 * that started the workflow are kept in the node's static data, newest last. n8n saves a webhook's static data right
 * after the webhook answered, so the memory survives between deliveries and restarts.
 */
import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

export const DEFAULT_DEDUPE_WINDOW = 1000;
export const MAX_DEDUPE_WINDOW = 10_000;

const KEY = 'recentEventIds';

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

export function seen(staticData: IDataObject, eventId: string): boolean {
	return recent(staticData).includes(eventId);
}

/**
 * Records an event id, keeping only the newest `size` ids. The list is replaced (not mutated in place) so n8n's
 * observable static data notices the change and saves it.
 */
export function remember(staticData: IDataObject, eventId: string, size: number): void {
	if (size <= 0) return;
	const list = recent(staticData).filter((id) => id !== eventId);
	list.push(eventId);
	staticData[KEY] = list.slice(-size);
}

export function forget(staticData: IDataObject): void {
	delete staticData[KEY];
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
