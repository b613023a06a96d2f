/**
 * The trigger's memory of events as n8n saves it: in the workflow's static data, under one key,
 * for one alert. One UPDATE per accepted event is what an alert storm cannot afford (the webhook
 * processor's small database pool serves n8n's own work and health ping too): at most one request
 * per `savePolicy.delayMs` writes the list (started and pending ids plus its own), the first after
 * a quiet moment at once, in a burst one carrier that waits for it; the others write nothing. So
 * every accepted id is in a save within about that time; a failed one leaves it at the next save
 * (until then a restarted process or another processor may take its repeat for a duplicate).
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { MemoryScope } from './processMemory';
import { memoryAt, pendingPolicy } from './processMemory';
import { keepMarkedChanged } from './staticDataMark';

/**
 * Static data key of the saved memory: `{ alertId, ids }` (ids of that alert only, newest last).
 */
export const MEMORY_KEY = 'eventMemory';

/** At most one static-data save per this many ms per process and alert (mutable for tests). */
export const savePolicy = { delayMs: 500 };

/**
 * The ids saved in this static data for this alert (a memory saved for another alert counts for
 * nothing).
 */
export function savedIds(staticData: IDataObject, alertId: string): string[] {
	// Anything else saved there (text, a number, a list) has no list of ids for this alert either.
	const { alertId: owner, ids } = (staticData[MEMORY_KEY] ?? {}) as IDataObject;
	if (String(owner) !== alertId || !Array.isArray(ids)) return [];
	return ids.map(String);
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
	const memory = memoryAt(scope.key);
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
		if (memoryAt(scope.key) !== memory) return;
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
