/**
 * Per-service state shared by every request the process sends with one API key to one base URL: the
 * pacer (at most N requests in any one second at the service, at most K in flight, slowed down by
 * 429s) and the memory of a refused connection.
 *
 * Module-level state is deliberate: every page, item and concurrent execution in this process that
 * uses the same key and base URL shares one budget, which is what the service's "about 20 requests
 * per second per key" asks for. It is per process: in queue mode each worker (and the main process)
 * paces on its own, so W workers running the same credential at once may send up to W × N per
 * second; set "Max Requests per Second" to N / W there. Nothing in it is secret: the key is reduced
 * to a short hash before it becomes part of the map key. The send log that keeps the promise of N
 * per second is sendLog.ts; the numbers (default rate, in-flight cap, timing knobs) pacerPolicy.ts.
 */
import { sleep } from 'n8n-workflow';

import { MAX_IN_FLIGHT, pacerPolicy } from './pacerPolicy';
import { SendLog, type Outcome, type Sent } from './sendLog';

type Release = (outcome?: Outcome) => void;

/** What the pacer reads the time from and waits on: the system's clock, or a test's virtual one. */
export interface PacerClock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

const systemClock: PacerClock = { now: () => Date.now(), sleep: async (ms) => await sleep(ms) };

export class Pacer {
	/** Configured spacing between request starts (ms); 0 = no limit. */
	private baseInterval = 0;
	/** Current spacing: the configured one, widened after a 429 and narrowed again by successes. */
	private interval = 0;
	private lastStart = Number.NEGATIVE_INFINITY;
	private pausedUntil = 0;
	private inFlight = 0;
	private readonly slotWaiters: Array<() => void> = [];
	/** Requests are started one after the other, in the order they asked. */
	private queue: Promise<unknown> = Promise.resolve();
	private readonly log = new SendLog();
	/** Until when a refused connection is remembered (epoch ms). */
	refusedUntil = 0;
	/** When the remembered refusal happened (for the error text). */
	refusedAt = 0;

	constructor(private readonly clock: PacerClock = systemClock) {}

	/**
	 * Sets the configured rate (requests per second; 0 or less = no limit). Starts are spaced 1/N s
	 * apart, which keeps the flow even; the send log is what guarantees N in any second (a rate below
	 * 1: one request per 1/rate s).
	 */
	configure(perSecond: number): void {
		const base = perSecond > 0 ? (1000 / perSecond) * pacerPolicy.spacingMargin : 0;
		if (base === this.baseInterval) return;
		this.baseInterval = base;
		this.interval = base;
		if (perSecond >= 1) this.log.configure(Math.floor(perSecond), 1000);
		else if (perSecond > 0) this.log.configure(1, 1000 / perSecond);
		else this.log.configure(0, 1000);
	}

	/**
	 * Waits for a free in-flight slot and the next allowed start; call the returned function when the
	 * request is over (`failed` when no answer came), so the send log knows when the service may have
	 * counted it.
	 */
	async acquire(): Promise<Release> {
		if (this.inFlight >= MAX_IN_FLIGHT)
			await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
		else this.inFlight++;
		// waitForStart only sleeps, so the queue cannot be broken by a rejected turn.
		const turn = this.queue.then(async () => await this.waitForStart());
		this.queue = turn;
		const entry = await turn;
		let released = false;
		return (outcome: Outcome = 'answered') => {
			if (released) return;
			released = true;
			this.log.ended(entry, this.clock.now(), outcome);
			this.release();
		};
	}

	/** A 429: everyone waits out Retry-After (or a default), and the spacing widens by half. */
	throttled(retryAfterMs: number | undefined): void {
		const wait = retryAfterMs ?? 1000;
		this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + wait);
		const widened = Math.max(this.interval * 1.5, this.baseInterval, 50);
		this.interval = Math.min(widened, pacerPolicy.maxIntervalMs);
	}

	/** A success narrows a widened spacing back towards the configured one, a little at a time. */
	succeeded(): void {
		this.refusedUntil = 0;
		// At the configured spacing already, `narrowed` falls below it and snaps back to it.
		const narrowed = this.interval * 0.97;
		this.interval = narrowed - this.baseInterval < 1 ? this.baseInterval : narrowed;
	}

	/** The proxy that refused the remembered connection, if a proxy did (transport/proxies.ts). */
	refusedBy: string | undefined;

	/**
	 * Remembers that the service (or the proxy at `proxy`) refused the connection: it never reached
	 * the service.
	 */
	refused(proxy?: string): void {
		this.refusedBy = proxy;
		this.refusedAt = this.clock.now();
		this.refusedUntil = this.refusedAt + pacerPolicy.refusedMemoryMs;
	}

	/** Whether a refused connection is remembered right now. */
	isRefused(): boolean {
		return this.clock.now() < this.refusedUntil;
	}

	private async waitForStart(): Promise<Sent> {
		for (;;) {
			const now = this.clock.now();
			const logged = this.log.earliest();
			if (logged === Number.POSITIVE_INFINITY) {
				await this.log.answerCame();
				continue;
			}
			// Spaced from when the previous request really started: a late timer never bunches the next
			// ones.
			const at = Math.max(this.lastStart + this.interval, this.pausedUntil, logged);
			if (at <= now) break;
			await this.clock.sleep(at - now);
		}
		this.lastStart = this.clock.now();
		return this.log.started(this.lastStart);
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
	// The 21 low bits of h2 above the 32 of h1: a 53-bit key (a map key, never shown).
	const high = 4294967296 * (2097151 & h2);
	// High minus the low 32 bits would keep distinct keys apart as well (an equivalent mutant):
	// Stryker disable next-line ArithmeticOperator: equivalent, as said above
	return (high + (h1 >>> 0)).toString(36);
}

/**
 * The one pacer of this key and base URL in this process, configured with the credential's rate.
 */
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
