/**
 * The send log: the record of the last N requests' starts and answers that keeps "at most N
 * requests in any one second at the service" (pacer.ts waits on it).
 */
import { pacerPolicy } from './pacerPolicy';

/**
 * `answered`: the service's answer came (any status); `failed`: no answer (reset, timeout,
 * refused).
 */
export type Outcome = 'answered' | 'failed';

export interface Sent {
	start: number;
	end?: number;
	answered?: boolean;
}

/**
 * The sliding log that keeps the promise "at most N requests in any one second at the service"
 * whatever the timers and the machine do. Spacing starts 1/N s apart is not enough: a request
 * reaches the service (and is counted there) some time after it left the pacer, and on a busy
 * machine that time varies by tens of ms (our event loop, the network, the service's own queue), so
 * 21 starts 1,040 ms apart can be counted within one second.
 *
 * The log keeps the start of each of the last N requests and when its answer came. Request k may
 * start only once request k − N (N requests back) can no longer be inside the same second at the
 * service:
 *
 *   start(k) ≥ end(k − N) − fastest round trip + window + margin
 *
 * The service counts a request somewhere between its arrival and its answer. Request k − N was
 * counted no later than its answer, minus the part of its round trip that every request takes (the
 * fastest round trip seen: what is left of a slower round trip is delay, which happened before it
 * was counted or after; either way the request was counted no later than end − fastest). Request k
 * is counted no earlier than it starts. So any N + 1 requests in a row are counted at least `window
 * + margin` apart, however late timers fire or requests leave, and the delay is paid only when it
 * happens (an unloaded machine keeps the full rate). A request that got no answer (reset, timeout)
 * counts from its end, with nothing taken off. The fastest round trip is the smallest ever seen by
 * this pacer: a smaller value only makes the log wait longer.
 */
export class SendLog {
	private limit = 0;
	private windowMs = 1000;
	private readonly sent: Sent[] = [];
	private fastest = Number.POSITIVE_INFINITY;
	private readonly answerWaiters: Array<() => void> = [];

	/** At most `limit` requests in any `windowMs` (limit 0: no limit). */
	configure(limit: number, windowMs: number): void {
		this.limit = limit;
		this.windowMs = windowMs;
	}

	/**
	 * The earliest time the next request may start; +Infinity while the request N back has no answer
	 * yet (then `answerCame` tells when to ask again).
	 */
	earliest(): number {
		if (this.limit <= 0 || this.sent.length < this.limit) return Number.NEGATIVE_INFINITY;
		const bound = this.sent[this.sent.length - this.limit];
		if (bound.end === undefined) return Number.POSITIVE_INFINITY;
		const countedBy =
			bound.answered && Number.isFinite(this.fastest)
				? Math.max(bound.start, bound.end - this.fastest)
				: bound.end;
		return countedBy + this.windowMs + pacerPolicy.windowMarginMs;
	}

	/** Records a start; the returned entry is given back to `ended` when the request is over. */
	started(at: number): Sent {
		const entry: Sent = { start: at };
		this.sent.push(entry);
		// Only the last N are ever read; entries still in flight stay reachable through their requests.
		while (this.sent.length > Math.max(this.limit, 1)) this.sent.shift();
		return entry;
	}

	ended(entry: Sent, at: number, outcome: Outcome): void {
		entry.end = at;
		entry.answered = outcome === 'answered';
		if (entry.answered) this.fastest = Math.min(this.fastest, Math.max(0, at - entry.start));
		for (const wake of this.answerWaiters.splice(0)) wake();
	}

	/** Resolves at the next answer (or failure) of any request in the log. */
	async answerCame(): Promise<void> {
		await new Promise<void>((resolve) => this.answerWaiters.push(resolve));
	}
}
