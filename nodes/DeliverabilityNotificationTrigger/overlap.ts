/**
 * Polls of one trigger node that overlap in this process. n8n's scheduler runs each Poll Times
 * entry as its own job, so two polls of one node can run at once (overdue ones after a restart),
 * each from the memory as it was when it was claimed: both would emit the same notification, and
 * with durable cursors both commit (n8n's fence checks the lease, not the memory). A poll that
 * starts while another of its node runs, or just after another emitted (whose memory it may not
 * have seen yet), emits nothing and remembers nothing: the next poll reads the memory afresh, so
 * nothing is lost, only delayed. Process memory decides only this; what was emitted lives in static
 * data (memory.ts).
 */

/**
 * How long after an emitting poll another poll of the node may still have been claimed with the
 * older memory. Mutable only so tests can run polls back to back; the node never changes it.
 */
export const pollOverlap = { settleMs: 5000 };

const running = new Map<string, number>();
const lastEmitted = new Map<string, number>();

/**
 * Whether a poll of node `key` may run now; if so it is counted as running until `end` is called.
 */
export function begin(key: string): boolean {
	if (running.get(key) || Date.now() - (lastEmitted.get(key) ?? 0) < pollOverlap.settleMs)
		return false;
	running.set(key, 1);
	return true;
}

/** The poll of node `key` is over; `emittedSomething`: it returned items. */
export function end(key: string, emittedSomething: boolean): void {
	running.delete(key);
	if (emittedSomething) lastEmitted.set(key, Date.now());
}
