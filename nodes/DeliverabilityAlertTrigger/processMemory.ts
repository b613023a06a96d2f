/**
 * This process's memory of a trigger's events, per scope (one trigger node of one workflow, for one
 * registered alert): the ids whose runs started, newest last, and those still pending. It is the
 * authoritative list that dedupe.ts decides with and savedMemory.ts writes into static data; it
 * holds no decision itself.
 */

/** Whose memory: one trigger node of one workflow, for one registered alert. */
export interface MemoryScope {
	key: string;
	alertId: string;
}

/** An accepted id whose run n8n has not confirmed yet. */
interface Pending {
	settled: Promise<void>;
	done: () => void;
	/** When it was accepted (Date.now()): after `pendingPolicy.expireMs` it counts as started. */
	since: number;
}

export interface ProcessMemory {
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

/**
 * How long a repeat of a pending event waits for its outcome (well inside a delivery timeout), and
 * after how long an outcome that never came counts as a started run (n8n gives up on a database
 * connection after 20 s; no answer at all means its static-data save hung). Mutable for tests.
 */
export const pendingPolicy = { waitMs: 2000, expireMs: 60_000 };

/** In-process memories by scope, least recently used first; bounded in scopes too. */
const memories = new Map<string, ProcessMemory>();
const MAX_SCOPES = 500;

/** The memory of a scope, if this process has one (its place in the order unchanged). */
export function memoryAt(key: string): ProcessMemory | undefined {
	return memories.get(key);
}

/** The memory of a scope, made when missing, as the most recently used. */
export function memoryOf(key: string): ProcessMemory {
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
export function trim(memory: ProcessMemory, size: number): void {
	if (memory.ids.length <= size) return;
	const cut = memory.ids.length - size;
	for (const id of memory.ids.slice(0, cut)) memory.known.delete(id);
	memory.ids = memory.ids.slice(cut);
}

/** Drops the memories of every scope whose key starts with this prefix, and returns them. */
export function dropMemories(prefix: string): ProcessMemory[] {
	const dropped: ProcessMemory[] = [];
	for (const [key, memory] of [...memories]) {
		if (!key.startsWith(prefix)) continue;
		memories.delete(key);
		dropped.push(memory);
	}
	return dropped;
}
