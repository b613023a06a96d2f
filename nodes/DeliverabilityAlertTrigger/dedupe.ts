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
 * - The list is saved at most once per short delay, not once per event (savedMemory.ts).
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

import type { MemoryScope, ProcessMemory } from './processMemory';
import { dropMemories, memoryAt, memoryOf, pendingPolicy, trim } from './processMemory';
import { MEMORY_KEY, savedIds } from './savedMemory';

export const DEFAULT_DEDUPE_WINDOW = 1000;
export const MAX_DEDUPE_WINDOW = 10_000;

const MAX_FAILED = 1000;

/** 'starting': an earlier delivery of it is still starting its run (answered "try again"). */
type Claim = 'accepted' | 'duplicate' | 'starting';

/**
 * The window size from the node option: a whole number in 0..MAX (0 switches deduplication off).
 */
export function windowSize(value: unknown): number {
	// Only a number or numeric text is a size: blank text (Number("  ") is 0), a list or a boolean
	// would otherwise turn deduplication off or shrink it to one id without anyone asking.
	const n =
		typeof value === 'number'
			? value
			: typeof value === 'string' && value.trim() !== ''
				? Number(value)
				: Number.NaN;
	if (!Number.isFinite(n)) return DEFAULT_DEDUPE_WINDOW;
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
	// Stryker disable next-line OptionalChaining: `decide` made the memory, it is there
	const earlier = memoryAt(scope.key)?.pending.get(eventId);
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
	const memory = memoryAt(scope.key);
	const pending = memory?.pending.get(eventId);
	if (!memory || !pending) return;
	memory.pending.delete(eventId);
	// Deleted first either way: a failure is then added again as the newest.
	memory.failed.delete(eventId);
	// A pending id is never known (`decide` checks `known` first, `learn` skips pending ids): a
	// started one is added as the newest, a failed one has nothing to take back.
	if (started) {
		memory.known.add(eventId);
		memory.ids = [...memory.ids, eventId];
		trim(memory, size);
	} else {
		memory.failed.add(eventId);
		if (memory.failed.size > MAX_FAILED)
			memory.failed.delete(memory.failed.values().next().value as string);
	}
	pending.done();
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
	for (const memory of dropMemories(prefix)) {
		for (const pending of memory.pending.values()) pending.done();
	}
}
