/** Injected faults (admin API) and the optional per-key rate limit. */
import type { Fault } from './admin-state';
import type { ProjectKey } from './resources';
import type { Store } from './store';

/** The first fault matching this request, consumed (its count decremented); null when none applies. */
export function takeFault(store: Store, method: string, path: string): Fault | null {
	for (const fault of store.faults) {
		if (fault.method && fault.method.toUpperCase() !== method.toUpperCase()) continue;
		if (fault.path && !path.startsWith(fault.path)) continue;
		if (fault.rate !== null && Math.random() >= fault.rate) continue;
		if (fault.remaining !== null) {
			fault.remaining--;
			if (fault.remaining <= 0) store.faults.splice(store.faults.indexOf(fault), 1);
		}
		return fault;
	}
	return null;
}

/** Sliding one-second window per project key. */
export class RateLimiter {
	private hits: Record<ProjectKey, number[]> = { A: [], B: [] };

	/** True when the request may go on (and counts it); false when over the limit. */
	allow(store: Store, project: ProjectKey, now = Date.now()): boolean {
		const limit = store.rateLimitPerSecond;
		if (limit === null) return true;
		const recent = this.hits[project].filter((t) => now - t < 1000);
		this.hits[project] = recent;
		if (recent.length >= limit) return false;
		recent.push(now);
		return true;
	}

	clear(): void {
		this.hits = { A: [], B: [] };
	}
}
