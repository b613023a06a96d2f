/**
 * Which notifications the polling trigger has already emitted: their ids in the node's static data,
 * oldest first, bounded. Every poll moves the ids it sees to the newest end, so a notification that
 * is still listed is never forgotten as long as the window holds at least one list (25); only ids
 * that left the list long ago drop out.
 *
 * Where n8n keeps the node's static data depends on how it runs poll triggers (n8n 2.41):
 * - legacy polling: in the workflow's static data, one poll context (and one copy in memory) per
 *   activation;
 * - the durable scheduler (N8N_SCHEDULER_ENABLED + N8N_SCHEDULER_POLL_TRIGGERS_ENABLED): a new
 *   context per poll, loaded from the workflow's static data, saved when the poll starts an
 *   execution;
 * - durable cursors on top (N8N_POLLER_DURABLE_CURSORS_ENABLED): a staged copy of a `poller_state`
 *   row, committed in one transaction with the execution the poll starts (or alone when it emits
 *   nothing). What the test poll of a publish writes there is never committed, and the row outlives
 *   an unpublish.
 *
 * A fresh activation (the user publishes) must arm on the backlog it finds at publishing, whichever
 * of the three. So the publish-time poll writes its arming (the listed ids and the time) to the
 * workflow's GLOBAL static data, which n8n saves after activating in all three; and it stamps the
 * node's memory with that time. A later poll whose memory carries another stamp (an earlier
 * publication's, or none) is the first to run after that publish: it takes the arming's ids as its
 * memory and emits everything else, i.e. what was opened after publishing.
 */
import type { IDataObject } from 'n8n-workflow';

export const MEMORY_KEY = 'notificationMemory';
/**
 * Key in the workflow's global static data: the arming of each Notification Trigger node, by node
 * id.
 */
export const ARMING_KEY = 'deliverabilityNotificationArming';
/**
 * GET /notifications shows at most 25: a smaller memory could forget a notification that is still
 * listed.
 */
export const MIN_WINDOW = 25;
export const DEFAULT_WINDOW = 1000;
export const MAX_WINDOW = 10_000;

interface Memory {
	/** Ids seen, oldest first. */
	ids: string[];
	/**
	 * When the publication this memory belongs to armed (the arming's `at`); absent in memories from
	 * before it.
	 */
	armedAt?: string;
}

/** What a fresh activation found open when it armed: never emitted under that activation. */
export interface Arming {
	/** ISO time of the publish-time poll that armed. */
	at: string;
	/** The ids listed then. */
	ids: string[];
}

/** The window from the option (a number or numeric text), clamped to the allowed range. */
export function windowSize(value: unknown): number {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isFinite(n)) return DEFAULT_WINDOW;
	return Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, Math.floor(n)));
}

const idsOf = (value: unknown): string[] | undefined =>
	Array.isArray(value) ? value.map(String) : undefined;

/** The saved memory, or undefined when this node has not been armed yet. */
function savedMemory(staticData: IDataObject): Memory | undefined {
	const saved = staticData[MEMORY_KEY] as IDataObject | undefined;
	const ids = saved && idsOf(saved.ids);
	if (!ids) return undefined;
	return typeof saved.armedAt === 'string' ? { ids, armedAt: saved.armedAt } : { ids };
}

/** The arming of node `nodeId` in the workflow's global static data, if a publication left one. */
export function armingOf(globalData: IDataObject, nodeId: string): Arming | undefined {
	const all = globalData[ARMING_KEY] as IDataObject | undefined;
	const record = all?.[nodeId] as IDataObject | undefined;
	const ids = record && idsOf(record.ids);
	if (!ids || typeof record.at !== 'string') return undefined;
	return { at: record.at, ids };
}

const bounded = (ids: string[], size: number) => ids.slice(Math.max(0, ids.length - size));

/**
 * A fresh activation: the listed ids are the backlog, written as the node's arming (global static
 * data, which n8n keeps in every mode) and as its memory (which durable cursors discard for the
 * publish-time poll; the arming then restores it at the next poll). Emits nothing.
 */
export function arm(
	nodeData: IDataObject,
	globalData: IDataObject,
	nodeId: string,
	listedIds: string[],
	size: number,
	at: string,
): void {
	const ids = bounded(listedIds, size);
	// Assigning new objects marks n8n's observable static data as changed, so it is saved.
	globalData[ARMING_KEY] = {
		...((globalData[ARMING_KEY] as IDataObject | undefined) ?? {}),
		[nodeId]: { at, ids },
	};
	nodeData[MEMORY_KEY] = { ids, armedAt: at };
}

/**
 * Remembers the listed ids (the new ones and the ones seen again move to the newest end) and
 * returns which of them are new. A memory of another publication than `arming` is replaced by the
 * arming's ids first. Without either, nothing is new: the current list is the backlog the trigger
 * arms on.
 */
export function rememberListed(
	staticData: IDataObject,
	listedIds: string[],
	size: number,
	arming?: Arming,
): { armed: boolean; fresh: Set<string> } {
	const saved = savedMemory(staticData);
	const memory =
		arming && saved?.armedAt !== arming.at ? { ids: arming.ids, armedAt: arming.at } : saved;
	const known = new Set(memory?.ids ?? []);
	const fresh = new Set(memory ? listedIds.filter((id) => !known.has(id)) : []);
	const listed = new Set(listedIds);
	const ids = [...(memory?.ids ?? []).filter((id) => !listed.has(id)), ...listedIds];
	const next: IDataObject = { ids: bounded(ids, size) };
	if (memory?.armedAt !== undefined) next.armedAt = memory.armedAt;
	// Assigning a new object marks n8n's observable static data as changed, so it is saved.
	staticData[MEMORY_KEY] = next;
	return { armed: memory === undefined, fresh };
}
