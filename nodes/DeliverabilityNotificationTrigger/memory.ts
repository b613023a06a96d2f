/**
 * Which notifications the polling trigger has already emitted: their ids in the node's static data (saved by n8n
 * with the workflow), oldest first, bounded. Every poll moves the ids it sees to the newest end, so a notification
 * that is still listed is never forgotten as long as the window holds at least one list (25); only ids that left
 * the list long ago drop out.
 */
import type { IDataObject } from 'n8n-workflow';

export const MEMORY_KEY = 'notificationMemory';
/** GET /notifications shows at most 25: a smaller memory could forget a notification that is still listed. */
export const MIN_WINDOW = 25;
export const DEFAULT_WINDOW = 1000;
export const MAX_WINDOW = 10_000;

interface Memory {
	/** Ids seen, oldest first. */
	ids: string[];
}

/** The window from the option (a number or numeric text), clamped to the allowed range. */
export function windowSize(value: unknown): number {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isFinite(n)) return DEFAULT_WINDOW;
	return Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, Math.floor(n)));
}

/** The saved memory, or undefined when this node has not been armed yet (fresh activation, first poll). */
function savedMemory(staticData: IDataObject): Memory | undefined {
	const saved = staticData[MEMORY_KEY] as IDataObject | undefined;
	if (!saved || !Array.isArray(saved.ids)) return undefined;
	return { ids: (saved.ids as unknown[]).map(String) };
}

/**
 * Remembers the listed ids (the new ones and the ones seen again, moved to the newest end) and returns which of
 * them are new. Without a saved memory nothing is new: the current list is the backlog the trigger arms on.
 */
export function rememberListed(
	staticData: IDataObject,
	listedIds: string[],
	size: number,
): { armed: boolean; fresh: Set<string> } {
	const memory = savedMemory(staticData);
	const known = new Set(memory?.ids ?? []);
	const fresh = new Set(memory ? listedIds.filter((id) => !known.has(id)) : []);
	const listed = new Set(listedIds);
	const ids = [...(memory?.ids ?? []).filter((id) => !listed.has(id)), ...listedIds];
	// Assigning a new object marks n8n's observable static data as changed, so it is saved.
	staticData[MEMORY_KEY] = { ids: ids.slice(Math.max(0, ids.length - size)) };
	return { armed: memory === undefined, fresh };
}

/** Forgets everything: the next poll arms again. */
export function forget(staticData: IDataObject): void {
	delete staticData[MEMORY_KEY];
}
