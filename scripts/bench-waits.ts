/**
 * `npm run bench:waits`: what N spam-test waits cost in n8n's queue mode (n8n 2.41.1, Postgres, Redis, the sandbox),
 * the loop with n8n's Wait node against the in-node Wait for Completion. Figures are printed, never asserted.
 *
 * - durable: Webhook → Spam Test → Create → Get ("Not Yet") → n8n's Wait node (70 s, stored) → Get ("Completed").
 *   One worker at n8n's default concurrency (10). When all N are waiting: main's and the worker's RSS (each with its
 *   task runner), the executions' rows and sizes in Postgres. Then the tests complete (admin API) and every run
 *   resumes: how late each resume came after its due time (the execution's waitTill while it waited).
 * - in-node: Webhook → Spam Test → Create → Get with Wait for Completion (poll 15 s). Each wait holds a worker slot,
 *   so the worker gets concurrency N to hold them all at once; the same figures while all N are running.
 *
 *   npm run bench:waits                 # N = 200 (about 10 minutes on 2 cores)
 *   npm run bench:waits -- --n 50       # fewer
 *   npm run bench:waits -- --variant in-node   # one of the two (durable | in-node)
 */
import fs from 'node:fs';
import path from 'node:path';

import { buildAndPack } from '../support/package';
import { isFinished } from '../support/n8n-process';
import { Cluster } from '../support/queue-cluster';
import { startPostgres, startRedis, type Postgres } from '../support/queue-services';
import { ensureRuntime } from '../support/runtime';
import { sandboxCredentials } from '../support/examples';
import { startSandbox, type Sandbox } from '../sandbox';
import { executionsOf } from '../support/storm-cluster';
import { failures, pct, sample, summary } from './bench-waits/measures';
import { WAIT_S, workflow } from './bench-waits/workflow';

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => {
	const at = argv.indexOf(`--${name}`);
	return at >= 0 ? argv[at + 1] : undefined;
};
const N = Number(flag('n') ?? 200);
/** `--variant durable` or `--variant in-node`: one of the two only. */
const VARIANT = flag('variant');
const DURABLE_CONCURRENCY = 10;

const log = (m: string) => process.stdout.write(`${m}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, fn: () => Promise<T | false>, timeoutMs: number): Promise<T> {
	const t0 = Date.now();
	for (;;) {
		const v = await fn();
		if (v !== false) return v;
		if (Date.now() - t0 > timeoutMs) throw new Error(`timed out: ${what}`);
		await sleep(2000);
	}
}

/** POSTs N campaigns to the workflow's webhook, at most 20 at a time. */
async function fire(url: string): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (next < N) {
			next++;
			// Right after activation a webhook processor can answer 404 "not registered" for a while: retried, as a sender would.
			for (let attempt = 0; ; attempt++) {
				const res = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: '{}',
				});
				const text = await res.text();
				if (res.status === 200) break;
				if (res.status !== 404 || attempt >= 60)
					throw new Error(`webhook ${res.status}: ${text.slice(0, 200)}`);
				await sleep(1000);
			}
		}
	};
	await Promise.all(Array.from({ length: 20 }, worker));
}

/** The spam tests (project A) created since `since` and not completed yet. */
async function openTests(sandbox: Sandbox, since: number): Promise<string[]> {
	const ids: string[] = [];
	for (let page = 0; ; page++) {
		const res = await fetch(`${sandbox.baseUrl}/spam_tests?page=${page}&per_page=100`, {
			headers: { 'X-Api-Key': sandbox.apiKeys.A },
		});
		const list = (await res.json()) as Array<{
			public_id: string;
			created_at: string;
			completed: boolean;
		}>;
		const fresh = list.filter((t) => Date.parse(t.created_at) >= since - 1000);
		ids.push(...fresh.filter((t) => !t.completed).map((t) => t.public_id));
		if (list.length < 100 || fresh.length < list.length) break;
	}
	return ids;
}

/**
 * Completes (admin API) the N spam tests of this phase, once all N exist: a run counts as started before its create
 * went out (the creates of 200 runs take 10 s at 20 requests per second).
 */
async function completeTests(sandbox: Sandbox, since: number): Promise<number> {
	const ids = await until(
		`${N} spam tests created`,
		async () => {
			const open = await openTests(sandbox, since);
			return open.length >= N && open;
		},
		300000,
	);
	for (const id of ids)
		await fetch(`${sandbox.adminUrl}/spam_tests/${id}/complete`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
		});
	return ids.length;
}

async function phase(
	label: string,
	inNode: boolean,
	deps: {
		pg: Postgres;
		redis: Awaited<ReturnType<typeof startRedis>>;
		tgz: string;
		sandbox: Sandbox;
	},
): Promise<string[]> {
	const database = `bench_${inNode ? 'innode' : 'durable'}_${Date.now().toString(36)}`;
	const id = inNode ? 'BenchInNodeWait1' : 'BenchDurableWait';
	const pathName = inNode ? 'bench-in-node' : 'bench-durable';
	const cluster = new Cluster({
		postgres: deps.pg,
		redis: deps.redis,
		tgz: deps.tgz,
		database,
		webhookProcessors: 1,
		workerConcurrency: inNode ? N : DURABLE_CONCURRENCY,
		log,
	});
	const lines: string[] = [];
	try {
		await cluster.prepare();
		await cluster.main.importCredentials(
			sandboxCredentials({
				baseUrl: deps.sandbox.baseUrl,
				apiKey: deps.sandbox.apiKeys.A,
				smtpPort: deps.sandbox.smtpPort,
			}),
		);
		await cluster.main.importWorkflows([workflow(id, pathName, inNode)]);
		await cluster.start();
		if ((await cluster.main.api('POST', `/workflows/${id}/activate`)).status !== 200)
			throw new Error('activate failed');
		const idle = sample(cluster, deps.pg, database);
		const since = Date.now();
		await fire(`${cluster.webhooks[0].baseUrl}/webhook/${pathName}`);
		// Every run has started: the durable ones all wait; the in-node ones run (or already failed: see the result).
		const want = inNode ? 'running' : 'waiting';
		await until(
			`${N} started`,
			async () => {
				const all = await executionsOf(cluster, id, false);
				const started = all.filter((e) => e.status !== 'new');
				return (
					(all.length >= N &&
						(inNode
							? started.length >= N
							: started.filter((e) => e.status === want).length >= N)) ||
					false
				);
			},
			600000,
		);
		await sleep(5000);
		const held = sample(cluster, deps.pg, database);
		// When each stored wait is due (n8n overwrites the Wait node's run data when it resumes, so it is read now).
		const due = new Map(
			inNode
				? []
				: deps.pg
						.query(
							database,
							`SELECT id, round(extract(epoch from "waitTill") * 1000) FROM execution_entity WHERE status = 'waiting'`,
						)
						.map((line) => line.split('\t') as [string, string]),
		);
		const completed = await completeTests(deps.sandbox, since);
		const done = await until(
			`${N} finished`,
			async () => {
				const all = await executionsOf(cluster, id, false);
				return (all.length >= N && all.every((e) => isFinished(e.status)) && all) || false;
			},
			900000,
		);
		const after = sample(cluster, deps.pg, database);
		const ok = done.filter((e) => e.status === 'success').length;
		const failed = await failures(cluster, id);
		lines.push(
			`| ${label} | ${inNode ? `${N} (all busy)` : `${DURABLE_CONCURRENCY} (0 busy while waiting)`} | ${idle.mainMiB} → ${held.mainMiB} | ${idle.workerMiB} → ${held.workerMiB} | ${held.rows} | ${held.entityKiB} KiB + ${held.dataKiB} KiB (≈ ${held.avgDataBytes} B per run) | ${after.entityKiB} KiB + ${after.dataKiB} KiB | ${ok}/${N} success${failed.length ? `; ${failed.length} failed: ${summary(failed)}` : ''} |`,
		);
		if (!inNode) {
			const full = await executionsOf(cluster, id);
			const late = full
				.map((e) => {
					const resumed = e.data?.resultData?.runData?.Check?.[1]?.startTime;
					const dueAt = Number(due.get(String(e.id)));
					return resumed && dueAt ? (resumed - dueAt) / 1000 : undefined;
				})
				.filter((v): v is number => v !== undefined)
				.sort((a, b) => a - b);
			lines.push(
				`resume lateness (s after due) over ${late.length} runs: min ${late[0]?.toFixed(1)}, median ${pct(late, 50)?.toFixed(1)}, p95 ${pct(late, 95)?.toFixed(1)}, max ${late[late.length - 1]?.toFixed(1)}`,
			);
		}
		lines.push(
			`${label}: ${completed} tests completed by the admin API; after the runs: main ${after.mainMiB} MiB, worker ${after.workerMiB} MiB`,
		);
	} finally {
		await cluster.stop();
	}
	return lines;
}

async function main(): Promise<void> {
	const t0 = Date.now();
	await ensureRuntime({ log });
	const tgz = process.env.E2E_TGZ ? path.resolve(process.env.E2E_TGZ) : await buildAndPack(log);
	const [pg, redis] = await Promise.all([startPostgres(log), startRedis(log)]);
	const sandbox = await startSandbox({ port: 0, smtpPort: 0 });
	const lines: string[] = [
		`N = ${N}, Wait node ${WAIT_S} s; RSS of each process with its task runner, idle → while all N wait`,
		'',
		'| variant | worker slots | main MiB | worker MiB | executions (while waiting) | Postgres execution_entity + execution_data | after the runs | result |',
		'|---|---|---|---|---|---|---|---|',
	];
	try {
		const durable =
			VARIANT === 'in-node'
				? []
				: await phase('durable (Wait node)', false, { pg, redis, tgz, sandbox });
		log(durable.join('\n'));
		const inNode =
			VARIANT === 'durable'
				? []
				: await phase('in-node (Wait for Completion)', true, { pg, redis, tgz, sandbox });
		log(inNode.join('\n'));
		lines.push(
			...durable.slice(0, 1),
			...inNode.slice(0, 1),
			'',
			...durable.slice(1),
			...inNode.slice(1),
		);
	} finally {
		await sandbox.close();
		await redis.stop();
		await pg.stop();
	}
	lines.push('', `bench:waits took ${Math.round((Date.now() - t0) / 1000)} s`);
	const out = lines.join('\n');
	log(`\n${out}`);
	fs.mkdirSync(path.join(__dirname, '..', '.cache', 'bench'), { recursive: true });
	fs.writeFileSync(path.join(__dirname, '..', '.cache', 'bench', 'waits.md'), `${out}\n`);
}

main().catch((e) => {
	process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
	process.exit(1);
});
