/**
 * The pacer's promise, "at most N requests in any one second at the service", decided on a virtual clock: no real
 * timer is involved, so nothing here depends on how busy the machine is. A simulated busy machine makes every delay
 * random: one time in ten the pacer's own timers fire up to 30 ms late, a request leaves up to 150 ms after the pacer
 * let it go (an event loop busy elsewhere), waits up to 60 ms in the service's queue, and its answer is read up to
 * 40 ms late. The service counts a request either when it arrives or when it answers (the sandbox's way): the
 * promise must hold for both.
 */
import { Pacer, type PacerClock } from '../../nodes/shared/pacer';
import { pacerPolicy } from '../../nodes/shared/pacerPolicy';
import { SendLog } from '../../nodes/shared/sendLog';
import { mulberry32 } from '../../sandbox/util';
import { busiestSecond } from '../../support/busiest-second';

/** A deterministic random source, so every run sees the same "busy machine". */
const random = mulberry32;

/** Virtual time: sleeping registers a timer; `run` lets promises settle, then jumps to the next timer. */
class VirtualClock implements PacerClock {
	private t = 0;
	private seq = 0;
	private timers: Array<{ at: number; seq: number; resolve: () => void }> = [];

	constructor(private readonly lateness: () => number = () => 0) {}

	now(): number {
		return this.t;
	}

	async sleep(ms: number): Promise<void> {
		await this.wait(ms + this.lateness());
	}

	/** A delay of the simulated world (not the pacer's timer, so no lateness added). */
	async wait(ms: number): Promise<void> {
		await new Promise<void>((resolve) =>
			this.timers.push({ at: this.t + Math.max(0, ms), seq: this.seq++, resolve }),
		);
	}

	async run(done: Promise<unknown>): Promise<void> {
		let finished = false;
		void done.then(() => (finished = true));
		for (;;) {
			await new Promise((r) => setImmediate(r));
			if (finished || this.timers.length === 0) return;
			this.timers.sort((x, y) => x.at - y.at || x.seq - y.seq);
			const next = this.timers.shift()!;
			this.t = Math.max(this.t, next.at);
			next.resolve();
		}
	}
}

interface World {
	/** ms the service takes to answer (its latency) */
	latencyMs: number;
	/** the pacer's timers fire this much late */
	timerLate: () => number;
	/** from the pacer's go to the request reaching the service */
	leave: () => number;
	/** the service's queue before it counts and answers */
	queue: () => number;
	/** from the answer to the node reading it */
	readLate: () => number;
}

interface Traced {
	start: number;
	arrival: number;
	answered: number;
}

/** `count` requests from 8 concurrent callers (items of a run), each through the pacer into the simulated world. */
async function simulate(
	perSecond: number,
	count: number,
	world: World,
): Promise<{ requests: Traced[]; totalMs: number }> {
	const clock = new VirtualClock(world.timerLate);
	const pacer = new Pacer(clock);
	pacer.configure(perSecond);
	const requests: Traced[] = [];
	let next = 0;
	const caller = async (): Promise<void> => {
		while (next < count) {
			next++;
			const release = await pacer.acquire();
			const start = clock.now();
			await clock.wait(world.leave());
			const arrival = clock.now();
			await clock.wait(world.queue() + world.latencyMs);
			const answered = clock.now();
			await clock.wait(world.readLate());
			release();
			requests.push({ start, arrival, answered });
		}
	};
	const all = Promise.all(Array.from({ length: 8 }, caller));
	await clock.run(all);
	await all;
	return { requests, totalMs: clock.now() };
}

function busyWorld(seed: number, latencyMs: number): World {
	const rnd = random(seed);
	return {
		latencyMs,
		timerLate: () => (rnd() < 0.1 ? rnd() * 30 : rnd() * 2),
		leave: () => (rnd() < 0.1 ? rnd() * 150 : rnd() * 2),
		queue: () => (rnd() < 0.1 ? rnd() * 60 : 0),
		readLate: () => (rnd() < 0.1 ? rnd() * 40 : rnd() * 2),
	};
}

const quietWorld = (latencyMs: number): World => ({
	latencyMs,
	timerLate: () => 0,
	leave: () => 0.5,
	queue: () => 0,
	readLate: () => 0.5,
});

describe('the pacer on a busy machine (virtual clock)', () => {
	const saved = { ...pacerPolicy };
	afterEach(() => Object.assign(pacerPolicy, saved));

	it.each([
		[1, 20],
		[2, 20],
		[3, 150],
		[4, 0],
	])(
		'seed %i, %i ms latency: never a 21st request within one second, counted at arrival or at the answer',
		async (seed, latency) => {
			const { requests } = await simulate(20, 500, busyWorld(seed, latency));
			expect(requests).toHaveLength(500);
			expect(busiestSecond(requests.map((r) => r.arrival))).toBeLessThanOrEqual(20);
			expect(busiestSecond(requests.map((r) => r.answered))).toBeLessThanOrEqual(20);
		},
	);

	it('other rates keep their own promise too (5 and 50 per second, fewer than 8 and more than 8 in flight)', async () => {
		for (const rate of [5, 50]) {
			const { requests } = await simulate(rate, 200, busyWorld(7, 20));
			const busiest = (times: number[]) => busiestSecond(times);
			expect({
				rate,
				arrival: busiest(requests.map((r) => r.arrival)) <= rate,
				answered: busiest(requests.map((r) => r.answered)) <= rate,
			}).toEqual({
				rate,
				arrival: true,
				answered: true,
			});
		}
	});

	it('the spacing it replaces (52 ms, the send log switched off) lets 21 into one second in the same busy world', async () => {
		// A window shortened by a whole second: the log never holds a request back, only the spacing does.
		pacerPolicy.windowMarginMs = -1000;
		pacerPolicy.spacingMargin = 1.04;
		const worst = Math.max(
			...(await Promise.all(
				[1, 2, 3].map(async (seed) =>
					busiestSecond(
						(await simulate(20, 500, busyWorld(seed, 20))).requests.map((r) => r.arrival),
					),
				),
			)),
		);
		expect(worst).toBeGreaterThan(20);
	});

	it('loses no speed on a quiet machine: 500 updates at 20 ms and 97 pages at 150 ms within the old 52 ms spacing', async () => {
		const updates = await simulate(20, 500, quietWorld(20));
		// The spacing it replaces: 4 % headroom, 52 ms between starts.
		expect(updates.totalMs).toBeLessThanOrEqual(499 * 52 + 21);
		expect(updates.totalMs).toBeGreaterThanOrEqual(499 * 50);
		const pages = await simulate(20, 97, quietWorld(150));
		expect(pages.totalMs).toBeLessThanOrEqual(96 * 52 + 151);
	});
});

describe('the send log', () => {
	it('lets the first N start at once, then holds the next until N back was answered, less the fastest round trip, plus a second', () => {
		const log = new SendLog();
		log.configure(3, 1000);
		const margin = pacerPolicy.windowMarginMs;
		const a = log.started(0);
		log.started(10);
		const c = log.started(20);
		expect(log.earliest()).toBe(Number.POSITIVE_INFINITY); // the first is still unanswered
		log.ended(a, 30, 'answered'); // round trip 30: the fastest so far
		expect(log.earliest()).toBe(0 + 1000 + margin);
		const d = log.started(1010);
		expect(log.earliest()).toBe(Number.POSITIVE_INFINITY);
		log.ended(c, 95, 'answered'); // not the one it waits for
		expect(log.earliest()).toBe(Number.POSITIVE_INFINITY);
		void d;
	});

	it('a slow answer (a delay somewhere) pushes the next start back by the delay; a failure counts from its end', () => {
		const log = new SendLog();
		log.configure(1, 1000);
		const margin = pacerPolicy.windowMarginMs;
		log.ended(log.started(0), 20, 'answered'); // fastest: 20
		expect(log.earliest()).toBe(1000 + margin);
		log.ended(log.started(1010 + margin), 1010 + margin + 80, 'answered'); // 60 ms slower than the fastest
		expect(log.earliest()).toBe(1010 + margin + 60 + 1000 + margin);
		const failedAt = 3000;
		log.ended(log.started(2900), failedAt, 'failed');
		expect(log.earliest()).toBe(failedAt + 1000 + margin);
	});

	it('holds nothing back without a limit', () => {
		const log = new SendLog();
		log.configure(0, 1000);
		log.started(0);
		expect(log.earliest()).toBe(Number.NEGATIVE_INFINITY);
	});
});
