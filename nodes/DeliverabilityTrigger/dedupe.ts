/**
 * Once per event (spec §6 rule 3: the same event may be delivered more than once). The ids of the
 * last N events that started the workflow are remembered, newest last, per registered alert.
 *
 * Why it is built this way (what n8n does with a webhook request's static data):
 * - n8n loads the workflow's static data afresh for every webhook request and, after the node
 *   answered, writes the WHOLE object back when it changed (an UPDATE of the workflow's row; last
 *   writer wins, no compare-and-swap). Two requests in flight each start from whatever copy was
 *   saved last, so a list kept only in static data loses ids under concurrent deliveries, and a
 *   restart then replays them.
 * - So this process keeps the authoritative list per alert (`MemoryScope`), checked and updated
 *   synchronously (of two concurrent copies of one event exactly one passes). Each request first
 *   merges the list it loaded into that memory (what an earlier run of this process or another
 *   process saved).
 * - Saving: one UPDATE per accepted event is what an alert storm cannot afford (in queue mode it
 *   goes through the webhook processor's small database pool, which n8n's own work and its health
 *   ping need too). So only one request per `SAVE_DELAY_MS` writes the memory: the first accepted
 *   event after a save becomes the carrier, its delivery is answered at once, and its webhook()
 *   returns `SAVE_DELAY_MS` later with the process's whole list written into its static data, which
 *   n8n then saves. Events accepted in between are covered by that save (their requests write
 *   nothing), so every accepted id is in a save that starts at most `SAVE_DELAY_MS` after it was
 *   accepted, and what a save writes is a superset of what this process knew at any earlier save.
 *   The price: that one run starts `SAVE_DELAY_MS` later, and a process that stops in that moment
 *   forgets those ids (as it did before between its answer and n8n's save).
 * - Keyed by alert id (in static data and in process memory): republishing registers a new alert,
 *   and the ids seen for the old one count for nothing, in every process (each reads the alert id
 *   from the static data it loads).
 *
 * Across processes (queue mode, several webhook processors) this gives "eventually a superset": a
 * processor that saves a copy without another processor's new id puts it back at its own next save
 * (it merges what it loads). Between those moments a repeat of that id reaching the other processor
 * is not recognised, and two copies of one event reaching two processors at the same instant both
 * pass: n8n offers `webhook()` no shared, atomic store (its processed-items helpers exist on
 * execute contexts only).
 *
 * SEAM for a cross-process guard: `claim()` is the one place that decides "accepted" or
 * "duplicate". A mechanism that can make one claim win across processes (a store with
 * compare-and-set) would be consulted there, after the in-process check passed and before the id is
 * recorded, and its "already claimed" answer returned as 'duplicate'. webhook() needs no change for
 * it.
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

export const DEFAULT_DEDUPE_WINDOW = 1000;
export const MAX_DEDUPE_WINDOW = 10_000;

/**
 * Static data key of the saved memory: `{ alertId, ids }` (ids of that alert only, newest last).
 */
export const MEMORY_KEY = 'eventMemory';

/** Whose memory: one trigger node of one workflow, for one registered alert. */
interface MemoryScope {
	key: string;
	alertId: string;
}

type Claim = 'accepted' | 'duplicate';

interface ProcessMemory {
	ids: string[];
	known: Set<string>;
	/** Whether a request of this process is already waiting to carry the list into a save. */
	saveScheduled: boolean;
}

/** In-process memories by scope, least recently used first; bounded in scopes too. */
const memories = new Map<string, ProcessMemory>();
const MAX_SCOPES = 500;

/**
 * How long the carrier of a save waits before writing (see the top of this file): at most one
 * static-data save per this many ms per process and alert, however many events arrive. Mutable only
 * so tests can change it.
 */
export const savePolicy = { delayMs: 500 };

/**
 * The window size from the node option: a whole number in 0..MAX (0 switches deduplication off).
 */
export function windowSize(value: unknown): number {
	const n = typeof value === 'number' ? value : Number(value);
	if (value === undefined || value === null || value === '' || !Number.isFinite(n))
		return DEFAULT_DEDUPE_WINDOW;
	return Math.min(MAX_DEDUPE_WINDOW, Math.max(0, Math.floor(n)));
}

/**
 * The scope of a workflow's trigger node for one alert; undefined without an alert (nothing is
 * registered).
 */
export function memoryScope(
	workflowId: string | undefined,
	nodeId: string,
	alertId: unknown,
): MemoryScope | undefined {
	if (alertId === undefined || alertId === null || String(alertId) === '') return undefined;
	return { key: `${scopePrefix(workflowId, nodeId)}${String(alertId)}`, alertId: String(alertId) };
}

function scopePrefix(workflowId: string | undefined, nodeId: string): string {
	return `${workflowId ?? ''}:${nodeId}:`;
}

/**
 * The ids saved in this static data for this alert (a memory saved for another alert counts for
 * nothing).
 */
export function savedIds(staticData: IDataObject, alertId: string): string[] {
	const record = staticData[MEMORY_KEY];
	if (!record || typeof record !== 'object' || Array.isArray(record)) return [];
	const { alertId: owner, ids } = record as IDataObject;
	if (String(owner) !== alertId || !Array.isArray(ids)) return [];
	return ids.map(String);
}

function memoryOf(key: string): ProcessMemory {
	let memory = memories.get(key);
	if (memory) {
		memories.delete(key);
	} else {
		memory = { ids: [], known: new Set(), saveScheduled: false };
	}
	memories.set(key, memory);
	if (memories.size > MAX_SCOPES) memories.delete(memories.keys().next().value as string);
	return memory;
}

/**
 * Keeps the newest `size` ids. Arrays are replaced, never changed in place: saved copies may share
 * them.
 */
function trim(memory: ProcessMemory, size: number): void {
	if (memory.ids.length <= size) return;
	const cut = memory.ids.length - size;
	for (const id of memory.ids.slice(0, cut)) memory.known.delete(id);
	memory.ids = memory.ids.slice(cut);
}

/**
 * Ids in the loaded copy that this process does not know go in as the oldest: they were saved
 * before this request (by an earlier run of this process or by another process), and ids this
 * process dropped as too old stay dropped.
 */
function learn(memory: ProcessMemory, loaded: string[], size: number): void {
	const unknown = [...new Set(loaded)].filter((id) => !memory.known.has(id));
	if (unknown.length === 0) return;
	for (const id of unknown) memory.known.add(id);
	memory.ids = [...unknown, ...memory.ids];
	trim(memory, size);
}

/**
 * The decision for one delivery: 'duplicate' when the id is remembered (by this process or in the
 * loaded copy), otherwise 'accepted', recording the id in this process. Nothing is written to the
 * static data here: an accepted event's request then calls `persist()`. With a window of 0 nothing
 * is remembered.
 */
export function claim(
	staticData: IDataObject,
	scope: MemoryScope,
	eventId: string,
	size: number,
): Claim {
	if (size <= 0) return 'accepted';
	const memory = memoryOf(scope.key);
	learn(memory, savedIds(staticData, scope.alertId), size);
	if (memory.known.has(eventId)) return 'duplicate';

	memory.known.add(eventId);
	memory.ids = [...memory.ids, eventId];
	trim(memory, size);
	return 'accepted';
}

/**
 * After an accepted event was answered: makes sure a save will hold its id. When no request of this
 * process is already waiting to save this alert's memory, this one becomes the carrier: it waits
 * `savePolicy.delayMs` and then writes the process's whole list (every id accepted meanwhile
 * included) into its static data, which n8n saves when webhook() returns. Otherwise it returns at
 * once and writes nothing (the waiting carrier's save covers it). Assigning (not mutating) marks
 * the copy changed in n8n's observable static data, so the copy is saved.
 */
export async function persist(staticData: IDataObject, scope: MemoryScope): Promise<void> {
	const memory = memories.get(scope.key);
	if (!memory || memory.saveScheduled) return;
	memory.saveScheduled = true;
	try {
		await sleep(savePolicy.delayMs);
	} finally {
		memory.saveScheduled = false;
	}
	// Deactivated meanwhile (forget() dropped the memory): nothing of it may be written back.
	if (memories.get(scope.key) !== memory) return;
	staticData[MEMORY_KEY] = { alertId: scope.alertId, ids: memory.ids };
}

/**
 * Deactivation: the saved memory and this process's memories of every alert of this node are
 * dropped.
 */
export function forget(
	staticData: IDataObject,
	workflowId: string | undefined,
	nodeId: string,
): void {
	delete staticData[MEMORY_KEY];
	const prefix = scopePrefix(workflowId, nodeId);
	for (const key of [...memories.keys()]) if (key.startsWith(prefix)) memories.delete(key);
}
