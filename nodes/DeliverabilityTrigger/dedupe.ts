/**
 * Once per event (spec §6 rule 3: the same event may be delivered more than once). The ids of the
 * last N events that started the workflow are remembered, newest last, per registered alert
 * (republishing registers a new alert: old ids count for nothing, in every process).
 *
 * Why it is built this way (what n8n does with a webhook request's static data):
 * - n8n loads the static data afresh for every request and writes the WHOLE object back when it
 *   changed (last writer wins): a list kept only there loses ids under concurrent deliveries. So
 *   this process keeps the authoritative list, checked and updated synchronously (of two copies of
 *   one event arriving at once exactly one passes), and merges in whatever copy a request loaded.
 * - An id counts once n8n started its run. n8n (2.x) answers an accepted event only once it created
 *   the run, and that answer settles the id: a 2xx records it, an error forgets it (and keeps it
 *   from being learnt back from a saved copy), so the service's next attempt starts the run. While
 *   pending, a repeat waits for the outcome (`pendingPolicy`): then a duplicate, the run itself, or
 *   503 "try again". n8n 1.x answers before creating the run: there an id counts from its answer.
 * - One UPDATE per accepted event is what an alert storm cannot afford (the webhook processor's
 *   small database pool serves n8n's own work and health ping too): at most one request per
 *   `savePolicy.delayMs` writes the list (started and pending ids plus its own), the first after a
 *   quiet moment at once, in a burst one carrier that waits for it; the others write nothing. So
 *   every accepted id is in a save within about that time; a failed one leaves it at the next save
 *   (until then a restarted process or another processor may take its repeat for a duplicate).
 *
 * Across processes (several webhook processors) this gives "eventually a superset": a processor
 * puts back another's id it loaded at its own next save; until then a repeat reaching the other
 * processor is not recognised, and two copies reaching two processors at the same instant both
 * pass: n8n offers `webhook()` no shared, atomic store. SEAM: `claim()` is the one place that
 * decides; a cross-process compare-and-set store would be consulted there, after the in-process
 * check, its "already claimed" returned as 'duplicate'.
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { keepMarkedChanged } from './staticDataMark';

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

/** 'starting': an earlier delivery of it is still starting its run (answered "try again"). */
type Claim = 'accepted' | 'duplicate' | 'starting';

/** An accepted id whose run n8n has not confirmed yet. */
interface Pending {
	settled: Promise<void>;
	done: () => void;
	/** When it was accepted (Date.now()): after `pendingPolicy.expireMs` it counts as started. */
	since: number;
}

interface ProcessMemory {
	/** Ids whose runs started (or that a loaded copy holds), newest last. */
	ids: string[];
	known: Set<string>;
	pending: Map<string, Pending>;
	/** Ids whose run failed (bounded): a copy saved while they were pending must not teach them. */
	failed: Set<string>;
	/** Whether a request of this process is already waiting to carry the list into a save. */
	saveScheduled: boolean;
	/** When this process last wrote the list into a request's static data (Date.now(), 0: never). */
	lastSave: number;
}

/** In-process memories by scope, least recently used first; bounded in scopes too. */
const memories = new Map<string, ProcessMemory>();
const MAX_SCOPES = 500;
const MAX_FAILED = 1000;

/** At most one static-data save per this many ms per process and alert (mutable for tests). */
export const savePolicy = { delayMs: 500 };

/**
 * How long a repeat of a pending event waits for its outcome (well inside a delivery timeout), and
 * after how long an outcome that never came counts as a started run (n8n gives up on a database
 * connection after 20 s; no answer at all means its static-data save hung). Mutable for tests.
 */
export const pendingPolicy = { waitMs: 2000, expireMs: 60_000 };

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
		memory = {
			ids: [],
			known: new Set(),
			pending: new Map(),
			failed: new Set(),
			saveScheduled: false,
			lastSave: 0,
		};
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
	const unknown = [...new Set(loaded)].filter(
		(id) => !memory.known.has(id) && !memory.pending.has(id) && !memory.failed.has(id),
	);
	if (unknown.length === 0) return;
	for (const id of unknown) memory.known.add(id);
	memory.ids = [...unknown, ...memory.ids];
	trim(memory, size);
}

/**
 * The decision for one delivery: 'duplicate' when its run started (known here or in the loaded
 * copy); when pending, after a short wait for that outcome ('starting' if still open); otherwise
 * 'accepted' and pending until `settle()`, checked and marked in one synchronous step. A window of
 * 0 remembers nothing.
 */
export async function claim(
	staticData: IDataObject,
	scope: MemoryScope,
	eventId: string,
	size: number,
): Promise<Claim> {
	if (size <= 0) return 'accepted';
	const before = decide(staticData, scope, eventId, size);
	if (before !== 'starting') return before;
	const earlier = memories.get(scope.key)?.pending.get(eventId);
	if (earlier) await Promise.race([earlier.settled, sleep(pendingPolicy.waitMs)]);
	return decide(staticData, scope, eventId, size);
}

function decide(staticData: IDataObject, scope: MemoryScope, eventId: string, size: number): Claim {
	const memory = memoryOf(scope.key);
	learn(memory, savedIds(staticData, scope.alertId), size);
	if (memory.known.has(eventId)) return 'duplicate';
	const pending = memory.pending.get(eventId);
	if (pending && Date.now() - pending.since >= pendingPolicy.expireMs) {
		settle(scope, eventId, true, size);
		return 'duplicate';
	}
	if (pending) return 'starting';

	let done = () => {};
	const settled = new Promise<void>((resolve) => (done = resolve));
	memory.pending.set(eventId, { settled, done, since: Date.now() });
	return 'accepted';
}

/**
 * The outcome of an accepted id, from n8n's answer to its request: `started` records it (a repeat
 * is then a duplicate), otherwise it is forgotten (a repeat starts the run). Waiting repeats are
 * released either way.
 */
export function settle(scope: MemoryScope, eventId: string, started: boolean, size: number): void {
	const memory = memories.get(scope.key);
	const pending = memory?.pending.get(eventId);
	if (!memory || !pending) return;
	memory.pending.delete(eventId);
	// Deleted first either way: a failure is then added again as the newest.
	memory.failed.delete(eventId);
	if (started) {
		if (!memory.known.has(eventId)) {
			memory.known.add(eventId);
			memory.ids = [...memory.ids, eventId];
			trim(memory, size);
		}
	} else {
		memory.failed.add(eventId);
		if (memory.failed.size > MAX_FAILED)
			memory.failed.delete(memory.failed.values().next().value as string);
		if (memory.known.delete(eventId)) memory.ids = memory.ids.filter((id) => id !== eventId);
	}
	pending.done();
}

/**
 * After an accepted event: makes sure a save will hold its id, at most one save per
 * `savePolicy.delayMs`. The first accepted event after a quiet moment writes at once. Within that
 * time of the last save, the first request becomes the carrier: it waits until the time is up
 * (its run, and so its answer, starts that much later) and then writes; requests accepted while a
 * carrier waits return at once and write nothing (the carrier's save, or the next one, covers
 * them). A write is the process's started and pending ids plus the request's own id, which n8n
 * saves once this request's run was created. Assigning (not mutating) marks the copy changed in
 * n8n's observable static data, so the copy is saved.
 */
export async function persist(
	staticData: IDataObject,
	scope: MemoryScope,
	eventId: string,
	size: number,
): Promise<void> {
	const memory = memories.get(scope.key);
	if (!memory || memory.saveScheduled) return;
	const wait = memory.lastSave + savePolicy.delayMs - Date.now();
	if (wait > 0) {
		memory.saveScheduled = true;
		try {
			await sleep(wait);
		} finally {
			memory.saveScheduled = false;
		}
		// Deactivated meanwhile (forget() dropped the memory): nothing of it may be written back.
		if (memories.get(scope.key) !== memory) return;
	}
	memory.lastSave = Date.now();
	// Pending ids too (their runs are most likely being created): a run that then fails is dropped
	// here at once and from the saved copy at the next save.
	const ids = [
		...memory.ids,
		...[...memory.pending.keys()].filter((id) => id !== eventId),
		...(memory.known.has(eventId) ? [] : [eventId]),
	];
	const saved = { alertId: scope.alertId, ids: ids.slice(-size) };
	staticData[MEMORY_KEY] = saved;
	void keepMarkedChanged(
		staticData,
		MEMORY_KEY,
		saved,
		() => memory.pending.has(eventId),
		pendingPolicy.expireMs,
	);
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
	for (const [key, memory] of [...memories]) {
		if (!key.startsWith(prefix)) continue;
		memories.delete(key);
		for (const pending of memory.pending.values()) pending.done();
	}
}
