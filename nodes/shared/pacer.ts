/**
 * Per-service state shared by every request the process sends with one API key to one base URL: the pacer (at most
 * N requests started per second, at most K in flight, slowed down by 429s) and the memory of a refused connection.
 *
 * Module-level state is deliberate: every page, item and concurrent execution in this process that uses the same key
 * and base URL shares one budget, which is what the service's "about 20 requests per second per key" asks for. It is
 * per process: in queue mode each worker (and the main process) paces on its own, so W workers running the same
 * credential at once may send up to W × N per second; set "Max Requests per Second" to N / W there. Nothing in it is
 * secret: the key is reduced to a short hash before it becomes part of the map key.
 */
import { sleep } from 'n8n-workflow';

/** The service asks clients to stay under about 20 requests per second per key (the credential's default). */
export const DEFAULT_REQUESTS_PER_SECOND = 20;

/** Most requests of one key + base URL in flight at once (pages of a list, items, executions together). */
export const MAX_IN_FLIGHT = 8;

/** Timing knobs. Mutable only so tests can shorten the waits; nodes never change them. */
export const pacerPolicy = {
	/** Headroom on the spacing, so jitter between our clock and the service's never puts N + 1 into one second. */
	spacingMargin: 1.04,
	/** How long a refused connection is remembered: requests in that time fail without a new attempt. */
	refusedMemoryMs: 5_000,
	/** The one quick retry after a refused connection (a service restarting, a port not yet listening). */
	refusedRetryMs: 250,
	/** Slowest the pacer gets after repeated 429s (ms between request starts). */
	maxIntervalMs: 2_000,
};

type Release = () => void;

export class Pacer {
	/** Configured spacing between request starts (ms); 0 = no limit. */
	private baseInterval = 0;
	/** Current spacing: the configured one, widened after a 429 and narrowed again by successes. */
	private interval = 0;
	private lastStart = 0;
	private pausedUntil = 0;
	private inFlight = 0;
	private readonly slotWaiters: Array<() => void> = [];
	/** Requests are started one after the other, in the order they asked, each spaced from the previous start. */
	private queue: Promise<void> = Promise.resolve();
	/** Until when a refused connection is remembered (epoch ms). */
	refusedUntil = 0;
	/** When the remembered refusal happened (for the error text). */
	refusedAt = 0;

	/** Sets the configured rate (requests per second; 0 or less = no limit). */
	configure(perSecond: number): void {
		const base = perSecond > 0 ? (1000 / perSecond) * pacerPolicy.spacingMargin : 0;
		if (base === this.baseInterval) return;
		this.baseInterval = base;
		this.interval = base;
	}

	/** Waits for a free in-flight slot and the next start time; call the returned function when the answer is in. */
	async acquire(): Promise<Release> {
		if (this.inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
		else this.inFlight++;
		// waitForStart only sleeps, so the queue cannot be broken by a rejected turn.
		const turn = this.queue.then(async () => await this.waitForStart());
		this.queue = turn;
		await turn;
		let released = false;
		return () => {
			if (released) return;
			released = true;
			this.release();
		};
	}

	/** A 429: everyone waits out Retry-After (or a default), and the spacing widens by half. */
	throttled(retryAfterMs: number | undefined): void {
		const wait = retryAfterMs ?? 1000;
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + wait);
		const widened = Math.max(this.interval * 1.5, this.baseInterval, 50);
		this.interval = Math.min(widened, pacerPolicy.maxIntervalMs);
	}

	/** A success narrows a widened spacing back towards the configured one, a little at a time. */
	succeeded(): void {
		this.refusedUntil = 0;
		if (this.interval > this.baseInterval) {
			const narrowed = this.interval * 0.97;
			this.interval = narrowed - this.baseInterval < 1 ? this.baseInterval : narrowed;
		}
	}

	/** Remembers that the service refused the connection (it never reached it). */
	refused(): void {
		this.refusedAt = Date.now();
		this.refusedUntil = this.refusedAt + pacerPolicy.refusedMemoryMs;
	}

	/** Whether a refused connection is remembered right now. */
	isRefused(): boolean {
		return Date.now() < this.refusedUntil;
	}

	private async waitForStart(): Promise<void> {
		for (;;) {
			const now = Date.now();
			const at = Math.max(this.lastStart + this.interval, this.pausedUntil);
			if (at <= now) break;
			await sleep(at - now);
		}
		// Spaced from when this request really started, not from its slot. Spacing from the slot removes the timer's
		// lateness (about 1 ms a request, measured) but also the slack it gives: in the bench that let 21 requests
		// reach the service within one second (one 429 in 500 updates), because requests leave the pacer and reach
		// the wire with a few ms of jitter of their own.
		this.lastStart = Date.now();
	}

	private release(): void {
		const next = this.slotWaiters.shift();
		// The slot passes straight to the next waiter, so inFlight stays counted for it.
		if (next) next();
		else this.inFlight--;
	}
}

const pacers = new Map<string, Pacer>();

/** A short non-cryptographic hash (cyrb53), so the map key does not hold the API key itself. */
function hash(text: string): string {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const ch = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ ch, 2654435761);
		h2 = Math.imul(h2 ^ ch, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The one pacer of this key and base URL in this process, configured with the credential's rate. */
export function pacerFor(baseUrl: string, apiKey: string, perSecond: number): Pacer {
	const id = `${baseUrl}\n${hash(apiKey)}`;
	let pacer = pacers.get(id);
	if (!pacer) {
		pacer = new Pacer();
		pacers.set(id, pacer);
	}
	pacer.configure(perSecond);
	return pacer;
}

/** Forgets every pacer (tests only: each test file starts from a clean state). */
export function resetPacers(): void {
	pacers.clear();
}
