/**
 * The trends' load, for `npm run bench` (docs/performance.md → Trends): a sandbox history of 1,000 spam tests
 * (50 senders, 20 tests each over the last 4 weeks, one sender in ten with a Gmail drop in its latest test) and
 * 200 mailboxes whose warming graphs Account → Get Warming Trend reads (ten of them with spam from 3 days ago on).
 *
 * bench.ts runs the two trends inside a real n8n at the service's 20 requests a second (requests, time, the n8n
 * process's peak RSS). What an `n8n execute` process's RSS cannot show is the trend's own memory beside n8n's
 * start-up, so `measureTrendHeap` runs the same two reads in this process through n8n-core's WorkflowExecute against
 * the sandbox in a child process (pacer off: memory does not depend on the pace) and samples the JS heap while the
 * node runs, after a collection before it.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

import { Deliverability } from '../nodes/Deliverability/Deliverability.node';
import { startSandboxProcess, type SandboxInfo } from '../sandbox/child';
import { runNode } from '../support/harness';
import { admin } from '../support/sandbox-admin';
import { unpacedApiKey } from './bench/scenario';

export const TREND_SENDERS = 50;
export const TESTS_PER_SENDER = 20;
export const MAILBOXES = 200;
/** Accounts with warming spam from 3 days ago on (warming-enabled ids of the seed: none is id mod 15 = 7). */
const DROPPING_ACCOUNTS = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11];

/** Anything that knows where its sandbox's admin API is. */
interface HasAdminUrl {
	adminUrl: string;
}

/**
 * The history of 1,000 spam tests (seedlist 3, its 24 seeds each) and the warming drops. Run after every reset: a
 * reset clears both.
 */
export async function seedTrendHistory(sandbox: HasAdminUrl): Promise<void> {
	for (let s = 0; s < TREND_SENDERS; s++) {
		const drops = s % 10 === 0;
		await admin(sandbox, 'POST', '/spam_tests/history', {
			sender: `news${s}@sender${s}.example`,
			subject: `Newsletter ${s}`,
			seedlist: 3,
			tests: Array.from({ length: TESTS_PER_SENDER }, (_, t) => ({
				// Every 1.4 days back from today; the newest (t = 0) is the latest test.
				days_ago: Math.round(t * 1.4 * 10) / 10,
				default_inbox_percent: 90,
				...(drops && t === 0 ? { inbox_percent: { gmail: 40 } } : {}),
			})),
		});
	}
	for (const id of DROPPING_ACCOUNTS)
		await admin(sandbox, 'POST', `/accounts/${id}/warming`, { spam_percent: 40, days: 3 });
}

/** Days of the long history: two years of one spam test a day. */
export const LONG_HISTORY_DAYS = 730;

/**
 * One automated test's spam test every day for two years (730 tests), for a 4-week trend that must cost its
 * window: the list is newest first, so 28 days are its first pages.
 */
export async function seedLongHistory(sandbox: HasAdminUrl): Promise<void> {
	await admin(sandbox, 'POST', '/spam_tests/history', {
		automated_test_id: 1,
		tests: Array.from({ length: LONG_HISTORY_DAYS }, (_, d) => ({ days_ago: d })),
	});
}

/** Spam Test → Get Trend of each sender over the default 4 weeks: every page of the 1,000 tests. */
export const spamTestTrend = {
	resource: 'spamTest',
	operation: 'getTrend',
	trendOf: 'sender',
	windowDays: 28,
	output: 'trend',
};

/** Account → Get Many, the first 200 mailboxes (the items Get Warming Trend runs on). */
export const mailboxes = {
	resource: 'account',
	operation: 'getAll',
	returnAll: false,
	limit: MAILBOXES,
	simplify: false,
};

/** Account → Get Warming Trend, the last 7 days against the 7 before, one item per input mailbox. */
export const warmingTrend = {
	resource: 'account',
	operation: 'getTrend',
	accountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	days: 7,
	output: 'trend',
};

export interface TrendHeap {
	label: string;
	requests: number;
	items: number;
	heapBeforeMiB: number;
	heapPeakMiB: number;
}

const mib = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;

/** A full collection, so that the heap before a run is what stays, not what waits to be freed. */
function collect(): void {
	v8.setFlagsFromString('--expose-gc');
	(vm.runInNewContext('gc') as () => void)();
}

async function requestsLogged(info: SandboxInfo): Promise<number> {
	const log = await admin<Array<{ path: string }>>(info, 'GET', '/requests');
	await admin(info, 'DELETE', '/requests');
	return log.filter((r) => !r.path.startsWith('/__admin')).length;
}

/** The peak JS heap while `work` runs (sampled every 5 ms, and at its end). */
async function heapDuring<T>(
	work: () => Promise<T>,
): Promise<{ value: T; before: number; peak: number }> {
	collect();
	const before = process.memoryUsage().heapUsed;
	let peak = before;
	const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
	try {
		const value = await work();
		peak = Math.max(peak, process.memoryUsage().heapUsed);
		return { value, before, peak };
	} finally {
		clearInterval(sample);
	}
}

/** Both trends in this process, each after a warm-up run; the median run's heap is not needed: the largest peak is. */
export async function measureTrendHeap(runs = 3): Promise<TrendHeap[]> {
	const { info, proc } = await startSandboxProcess({ accounts: 1_000, latencyMs: 0 });
	try {
		await seedTrendHistory(info);
		const credentials = { deliverabilityApi: unpacedApiKey(info) };
		const list = await runNode({
			nodeType: new Deliverability(),
			parameters: mailboxes,
			credentials,
		});
		if (list.error) throw list.error;
		const ids = list.items.map((i) => ({ id: i.json.id }));
		const shapes = [
			{
				label: `Spam Test → Get Trend, ${TREND_SENDERS * TESTS_PER_SENDER} spam tests`,
				parameters: spamTestTrend,
				input: undefined,
			},
			{
				label: `Account → Get Warming Trend, ${ids.length} mailboxes`,
				parameters: warmingTrend,
				input: ids,
			},
		];
		const out: TrendHeap[] = [];
		for (const shape of shapes) {
			const run = async () =>
				await runNode({
					nodeType: new Deliverability(),
					parameters: shape.parameters,
					credentials,
					input: shape.input,
				});
			await run(); // warm-up: JIT, module loading
			await requestsLogged(info);
			let worst: TrendHeap | undefined;
			for (let r = 0; r < runs; r++) {
				const { value, before, peak } = await heapDuring(run);
				if (value.error) throw value.error;
				const measured: TrendHeap = {
					label: shape.label,
					requests: await requestsLogged(info),
					items: value.items.length,
					heapBeforeMiB: mib(before),
					heapPeakMiB: mib(peak),
				};
				if (
					!worst ||
					measured.heapPeakMiB - measured.heapBeforeMiB > worst.heapPeakMiB - worst.heapBeforeMiB
				)
					worst = measured;
			}
			out.push(worst!);
		}
		return out;
	} finally {
		proc.kill('SIGTERM');
	}
}

export function trendHeapTable(rows: TrendHeap[]): string[] {
	return [
		'| trend, in-process (n8n-core engine, sandbox in another process, pacer off) | requests | items out | JS heap before MiB | JS heap peak MiB | peak − before MiB |',
		'|---|---|---|---|---|---|',
		...rows.map(
			(r) =>
				`| ${r.label} | ${r.requests} | ${r.items} | ${r.heapBeforeMiB} | ${r.heapPeakMiB} | ${(Math.round((r.heapPeakMiB - r.heapBeforeMiB) * 10) / 10).toFixed(1)} |`,
		),
	];
}

if (require.main === module) {
	measureTrendHeap()
		.then((rows) => process.stdout.write(`${trendHeapTable(rows).join('\n')}\n`))
		.catch((error: unknown) => {
			process.stderr.write(
				`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
			);
			process.exit(1);
		});
}
