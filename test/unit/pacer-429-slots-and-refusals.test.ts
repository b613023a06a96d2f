/**
 * The pacer around the send log: what a 429 does to everyone's next start and how successes undo it, the rate a
 * credential sets (below 1 per second, none at all, set again on every request), the 8 in-flight slots, the memory
 * of a refused connection, and one pacer per key and base URL. Decided on a clock that only moves when the pacer
 * sleeps, so every start time is exact; one test uses the real clock to show that waiting blocks nothing else.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

import { Pacer, pacerFor, resetPacers, type PacerClock } from '../../nodes/shared/pacer';
import { MAX_IN_FLIGHT, pacerPolicy } from '../../nodes/shared/pacerPolicy';
import { SendLog } from '../../nodes/shared/sendLog';

/** Time moves only when the pacer sleeps (or a test says so). */
class StepClock implements PacerClock {
	t = 0;
	now(): number {
		return this.t;
	}
	async sleep(ms: number): Promise<void> {
		this.t += ms;
		await Promise.resolve();
	}
}

function pacerAt(perSecond: number): { pacer: Pacer; clock: StepClock } {
	const clock = new StepClock();
	const pacer = new Pacer(clock);
	pacer.configure(perSecond);
	return { pacer, clock };
}

/** Starts `count` requests one after the other, each answered at once; returns their start times. */
async function starts(pacer: Pacer, clock: StepClock, count: number): Promise<number[]> {
	const times: number[] = [];
	for (let i = 0; i < count; i++) {
		const release = await pacer.acquire();
		times.push(clock.now());
		release();
	}
	return times;
}

/** A full garbage collection, as `node --expose-gc` offers it (turned on here, for this test process only). */
function collectGarbage(): void {
	v8.setFlagsFromString('--expose-gc');
	(vm.runInNewContext('gc') as () => void)();
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]);

/** Lets every pending promise settle. */
const settle = async () => await new Promise((resolve) => setImmediate(resolve));

const saved = { ...pacerPolicy };
afterEach(() => {
	Object.assign(pacerPolicy, saved);
	resetPacers();
});

describe('after a 429', () => {
	it('every next request waits out Retry-After, and 1 s when the service sent none', async () => {
		const { pacer, clock } = pacerAt(100);
		await starts(pacer, clock, 1);
		pacer.throttled(3000);
		expect(await starts(pacer, clock, 1)).toEqual([3000]);
		pacer.throttled(undefined);
		expect(await starts(pacer, clock, 1)).toEqual([4000]);
	});

	it('a shorter Retry-After from a later 429 does not cut the longer wait short', async () => {
		const { pacer, clock } = pacerAt(100);
		pacer.throttled(3000);
		pacer.throttled(500);
		expect(await starts(pacer, clock, 1)).toEqual([3000]);
	});

	it('the spacing widens by half per 429, to at least 50 ms and at most 2 s between starts', async () => {
		const { pacer, clock } = pacerAt(100); // 10 ms between starts
		expect(gaps(await starts(pacer, clock, 3))).toEqual([10, 10]);
		pacer.throttled(0);
		expect(gaps(await starts(pacer, clock, 3))).toEqual([50, 50]);
		pacer.throttled(0);
		expect(gaps(await starts(pacer, clock, 2))).toEqual([75]);
		for (let i = 0; i < 20; i++) pacer.throttled(0);
		expect(gaps(await starts(pacer, clock, 2))).toEqual([2000]);
	});

	it('each success narrows the spacing by 3 %, back to exactly the configured rate', async () => {
		const { pacer, clock } = pacerAt(100);
		pacer.throttled(0); // 50 ms
		pacer.succeeded();
		expect(gaps(await starts(pacer, clock, 2))).toEqual([48.5]);
		for (let i = 0; i < 60; i++) pacer.succeeded(); // 50 × 0.97^61 < 11: within 1 ms of 10, so 10
		expect(gaps(await starts(pacer, clock, 2))).toEqual([10]);
	});

	it('narrows to exactly 1 ms above the configured spacing before it snaps back, not at it', async () => {
		// A crafted rate: 10 per second with a 0.96 margin spaces 96 ms; a 429 capped at 100 ms and one success narrow
		// the spacing to 97 ms, 1 ms above the configured one: it is kept, and only the next success snaps back.
		pacerPolicy.spacingMargin = 0.96;
		pacerPolicy.maxIntervalMs = 100;
		const { pacer, clock } = pacerAt(10);
		pacer.throttled(0);
		pacer.succeeded();
		expect(gaps(await starts(pacer, clock, 2))).toEqual([97]);
		pacer.succeeded();
		expect(gaps(await starts(pacer, clock, 2))).toEqual([96]);
	});

	it("the credential's rate, set again on every request, keeps the widened spacing", async () => {
		const { pacer, clock } = pacerAt(100);
		pacer.throttled(0);
		pacer.configure(100);
		expect(gaps(await starts(pacer, clock, 2))).toEqual([50]);
		pacer.configure(50); // a changed rate starts afresh
		expect(gaps(await starts(pacer, clock, 2))).toEqual([20]);
	});
});

describe('the rate', () => {
	it('below 1 per second: one request per 1/rate s, held back by the send log too', async () => {
		const { pacer, clock } = pacerAt(0.5);
		// 2 s spacing; the send log (one request per 2 s window, plus its margin) holds each a little longer.
		expect(gaps(await starts(pacer, clock, 3))).toEqual([
			2000 + pacerPolicy.windowMarginMs,
			2000 + pacerPolicy.windowMarginMs,
		]);
	});

	it('exactly 1 per second: one request per second plus the margin', async () => {
		const { pacer, clock } = pacerAt(1);
		expect(gaps(await starts(pacer, clock, 3))).toEqual([
			1000 + pacerPolicy.windowMarginMs,
			1000 + pacerPolicy.windowMarginMs,
		]);
	});

	it('0 (no limit), also after a limit was set: nothing waits', async () => {
		const { pacer, clock } = pacerAt(1);
		pacer.configure(0);
		expect(await starts(pacer, clock, 5)).toEqual([0, 0, 0, 0, 0]);
		expect(await starts(pacerAt(0).pacer, clock, 3)).toEqual([0, 0, 0]);
	});

	it('starts are spaced 1/N s times the spacing margin', async () => {
		pacerPolicy.spacingMargin = 1.5;
		const { pacer, clock } = pacerAt(100);
		expect(gaps(await starts(pacer, clock, 3))).toEqual([15, 15]);
	});
});

describe('the send log', () => {
	it('lets go of a request once N newer ones started (a long-running n8n keeps its memory)', async () => {
		const log = new SendLog();
		log.configure(3, 1000);
		let first: WeakRef<object> | undefined;
		(() => {
			const entry = log.started(0);
			log.ended(entry, 5, 'answered');
			first = new WeakRef(entry);
		})();
		for (let i = 1; i <= 3; i++) log.ended(log.started(i * 10), i * 10 + 5, 'answered');
		await new Promise((resolve) => setImmediate(resolve));
		collectGarbage();
		expect(first!.deref()).toBeUndefined();
	});

	it('a request that got no answer is not taken as the fastest round trip', () => {
		const log = new SendLog();
		log.configure(1, 1000);
		const margin = pacerPolicy.windowMarginMs;
		log.ended(log.started(0), 100, 'answered'); // fastest: 100
		log.ended(log.started(2000), 2010, 'failed'); // no answer after 10 ms
		log.ended(log.started(4000), 4100, 'answered');
		expect(log.earliest()).toBe(4000 + 1000 + margin);
	});

	it("the fastest round trip is measured from each request's own start", () => {
		const log = new SendLog();
		log.configure(1, 1000);
		const margin = pacerPolicy.windowMarginMs;
		log.ended(log.started(500), 520, 'answered'); // 20 ms
		log.ended(log.started(2000), 2100, 'answered'); // 80 ms slower: counted at 2080 at the latest
		expect(log.earliest()).toBe(2080 + 1000 + margin);
	});

	it('with N requests unanswered, the next waits for an answer and starts when it comes', async () => {
		const { pacer, clock } = pacerAt(2);
		const first = await pacer.acquire();
		await starts(pacer, clock, 0);
		clock.t = 600;
		const second = await pacer.acquire(); // spacing 500 ms: starts at once at 600
		let thirdAt: number | undefined;
		const third = pacer.acquire().then((release) => ((thirdAt = clock.now()), release));
		await settle();
		expect(thirdAt).toBeUndefined();
		clock.t = 1500;
		first(); // the fastest round trip so far, so counted at its start (0): its window is over
		(await third)();
		second();
		expect(thirdAt).toBe(1500);
	});
});

describe('in-flight slots', () => {
	async function fill(pacer: Pacer) {
		return await Promise.all(
			Array.from({ length: MAX_IN_FLIGHT }, async () => await pacer.acquire()),
		);
	}

	it('at most 8 requests in flight: the ninth waits until one is over and takes its slot', async () => {
		const { pacer } = pacerAt(0);
		const releases = await fill(pacer);
		let ninth = false;
		let tenth = false;
		const nine = pacer.acquire().then((release) => ((ninth = true), release));
		const ten = pacer.acquire().then((release) => ((tenth = true), release));
		await settle();
		expect([ninth, tenth]).toEqual([false, false]);
		releases[0]();
		await settle();
		expect([ninth, tenth]).toEqual([true, false]);
		releases[1]();
		await settle();
		expect([ninth, tenth]).toEqual([true, true]);
		(await nine)();
		(await ten)();
	});

	it('slots come back: 8 in, 8 out, and 8 in again without waiting', async () => {
		const { pacer } = pacerAt(0);
		for (const release of await fill(pacer)) release();
		let all = false;
		void fill(pacer).then(() => (all = true));
		await settle();
		expect(all).toBe(true);
	});

	it('releasing a request twice frees its slot once', async () => {
		const { pacer } = pacerAt(0);
		const releases = await fill(pacer);
		let waiting = 0;
		void pacer.acquire().then(() => waiting++);
		void pacer.acquire().then(() => waiting++);
		releases[0]();
		releases[0]();
		await settle();
		expect(waiting).toBe(1);
	});
});

describe('a refused connection', () => {
	it('is remembered for 5 s, then forgotten; a success forgets it at once', () => {
		const { pacer, clock } = pacerAt(20);
		clock.t = 1000;
		pacer.refused();
		expect(pacer.refusedAt).toBe(1000);
		clock.t = 1000 + pacerPolicy.refusedMemoryMs - 1;
		expect(pacer.isRefused()).toBe(true);
		clock.t = 1000 + pacerPolicy.refusedMemoryMs;
		expect(pacer.isRefused()).toBe(false);
		clock.t = 2000;
		pacer.refused();
		pacer.succeeded();
		expect(pacer.isRefused()).toBe(false);
	});
});

describe('one pacer per key and base URL', () => {
	it('the same key and URL share one; another key, another URL or a reset gets a new one; the rate applies', async () => {
		const a = pacerFor('http://one/api/v1', 'key-1', 20);
		expect(pacerFor('http://one/api/v1', 'key-1', 20)).toBe(a);
		expect(pacerFor('http://one/api/v1', 'key-2', 20)).not.toBe(a);
		expect(pacerFor('http://one/api/v1', 'key-1-', 20)).not.toBe(a);
		expect(pacerFor('http://two/api/v1', 'key-1', 20)).not.toBe(a);
		// Two keys whose hash has no high bits at all (found by search): each still gets its own pacer, so one
		// credential's 429 never slows another down.
		expect(pacerFor('http://one/api/v1', 'api-key-2276376', 20)).not.toBe(
			pacerFor('http://one/api/v1', 'api-key-3335560', 20),
		);
		resetPacers();
		expect(pacerFor('http://one/api/v1', 'key-1', 20)).not.toBe(a);
		// The credential's rate is applied: 20 per second spaces two requests 50 ms apart.
		const paced = pacerFor('http://three/api/v1', 'key-1', 20);
		(await paced.acquire())();
		const started = Date.now();
		(await paced.acquire())();
		expect(Date.now() - started).toBeGreaterThanOrEqual(45);
	});
});

describe('on the system clock', () => {
	it('waits on a timer without blocking the event loop, and for as long as asked', async () => {
		const pacer = new Pacer();
		pacer.configure(20);
		(await pacer.acquire())();
		pacer.throttled(300);
		const events: string[] = [];
		const started = Date.now();
		setTimeout(() => events.push('timer'), 20);
		(await pacer.acquire())();
		events.push('start');
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
		expect(events).toEqual(['timer', 'start']);
	});
});
