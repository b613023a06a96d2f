/**
 * `npm run bench:storm`: an alert storm in n8n's queue mode (n8n 2.41.1, Postgres, Redis, the sandbox), the
 * auto-pause example beside its control (n8n's core Webhook → the same Pause node) in one cluster and one run
 * (support/storm.ts). Prints, per run, the table of issue 42: events lost, mailboxes paused (and paused twice),
 * executions by status, the service's delivery attempts (timed out, 5xx) and answer times, plus the static-data
 * saves, 429s and n8n's database complaints. Figures are printed, never asserted. Not run by CI.
 *
 *   npm run -s bench:storm -- [--events 300] [--over 0] [--workers 3] [--concurrency 10] [--processors 1]
 *       [--rate 20] [--service-rate 20] [--hogs 0] [--runs 1] [--memory 1000] [--window W] [--tgz file.tgz] [--cost N]
 *       [--control on|off] [--env KEY=VALUE ...]
 *
 * --over S      spread the disconnections over S seconds (0: as fast as the admin API takes them, well under 1 s)
 * --rate R      the credential's Max Requests per Second (per process: divide the service's 20 by the workers)
 * --service-rate the sandbox's limit per key (20 requests/s, as the service asks; 0: none)
 * --memory M    earlier ids in the trigger's memory before the storm (default 1000: a long-running instance's;
 *               0: the empty memory of a fresh publication)
 * --window W    the trigger's Deduplication Window (0: off, no static-data write per event)
 * --hogs H      H busy-looping processes beside the cluster while the storm runs (background load, reproducible)
 * --control off the example alone: the service delivers each event once, to the trigger (the answer times of a
 *               storm of N, not of N beside the control's N)
 * --env K=V     n8n settings for every process, e.g. DB_POSTGRESDB_POOL_SIZE=10 or N8N_EXPRESSION_ENGINE=legacy
 * --tgz         measure another build of the package (e.g. an older commit's `npm pack`)
 * --cost N      before the storm, N deliveries to each side one at a time: the webhook processor's CPU per delivery
 *               (n8n's answer path, ours inside it) without any queueing; --events 0 measures only that
 *
 * A run takes the cluster's start (a minute or two on an idle 2-core machine) plus the storm (about a minute).
 * On the shared machine run it through the heavy wrapper, holding both slots with --hogs: `/work/bin/heavy -n 2 …`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

import { startSandbox } from '../sandbox';
import { sandboxCredentials } from '../support/examples';
import { buildAndPack } from '../support/package';
import { Cluster } from '../support/queue-cluster';
import { startPostgres, startRedis } from '../support/queue-services';
import { ensureRuntime } from '../support/runtime';
import { admin } from '../support/sandbox-admin';
import { answerCost, runStorm } from '../support/storm';
import { prefillMemory, prepareStorm } from '../support/storm-setup';
import { stormTable } from '../support/storm-tally';
import { autoPauseExample, controlWorkflow } from '../support/storm-workflows';

interface Options {
	events: number;
	over: number;
	workers: number;
	concurrency: number;
	processors: number;
	rate: number;
	serviceRate: number;
	hogs: number;
	runs: number;
	/** Earlier event ids put into the trigger's memory before the storm (a long-running instance's). */
	memory: number;
	/** Deliveries per side sent one at a time before the storm, to measure the processors' CPU per delivery. */
	cost: number;
	/** The trigger's Deduplication Window (undefined: the example's, i.e. the default). */
	window?: number;
	tgz?: string;
	/** Whether the control's alert is registered too (every event then reaches both workflows). */
	control: boolean;
	env: Record<string, string>;
}

function parseArgs(argv: string[]): Options {
	const o: Options = {
		events: 300,
		over: 0,
		workers: 3,
		concurrency: 10,
		processors: 1,
		rate: 20,
		serviceRate: 20,
		hogs: 0,
		runs: 1,
		memory: 1000,
		cost: 0,
		control: true,
		env: {},
	};
	const numeric: Record<string, keyof Options> = {
		'--events': 'events',
		'--over': 'over',
		'--workers': 'workers',
		'--concurrency': 'concurrency',
		'--processors': 'processors',
		'--rate': 'rate',
		'--service-rate': 'serviceRate',
		'--hogs': 'hogs',
		'--runs': 'runs',
		'--window': 'window',
		'--memory': 'memory',
		'--cost': 'cost',
	};
	for (let i = 0; i < argv.length; i += 2) {
		const [arg, value] = [argv[i], argv[i + 1]];
		if (arg in numeric) (o[numeric[arg]] as number | undefined) = Number(value);
		else if (arg === '--tgz') o.tgz = path.resolve(value);
		else if (arg === '--control' && ['on', 'off'].includes(value)) o.control = value === 'on';
		else if (arg === '--env') {
			const at = value.indexOf('=');
			o.env[value.slice(0, at)] = value.slice(at + 1);
		} else throw new Error(`unknown argument ${arg}`);
	}
	return o;
}

/** Busy loops in their own processes: load the machine the way other work would, the same way every time. */
function startHogs(count: number): ChildProcess[] {
	return Array.from({ length: count }, () =>
		spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
	);
}

async function main(): Promise<void> {
	const o = parseArgs(process.argv.slice(2));
	const log = (m: string) => process.stderr.write(`${m}\n`);
	await ensureRuntime({ log });
	const tgz = o.tgz ?? (await buildAndPack(log));
	const [postgres, redis] = await Promise.all([startPostgres(log), startRedis(log)]);
	const hogs: ChildProcess[] = [];
	try {
		for (let run = 1; run <= o.runs; run++) {
			const sandbox = await startSandbox({
				port: 0,
				smtpPort: 0,
				accounts: o.events + o.cost + 50,
			});
			const cluster = new Cluster({
				postgres,
				redis,
				tgz,
				database: `storm_${Date.now().toString(36)}`,
				workers: o.workers,
				workerConcurrency: o.concurrency,
				webhookProcessors: o.processors,
				env: o.env,
				log,
			});
			try {
				await cluster.prepare();
				const credentials = sandboxCredentials({
					baseUrl: sandbox.baseUrl,
					apiKey: sandbox.apiKeys.A,
					smtpPort: sandbox.smtpPort,
				}) as Array<{ type: string; data: Record<string, unknown> }>;
				for (const c of credentials)
					if (c.type === 'deliverabilityApi') c.data.maxRequestsPerSecond = o.rate;
				await cluster.main.importCredentials(credentials);
				const example = autoPauseExample();
				if (o.window !== undefined)
					for (const node of example.nodes)
						if (node.type.endsWith('.deliverabilityAlertTrigger'))
							node.parameters.options = { dedupeWindow: o.window };
				await cluster.main.importWorkflows([example, controlWorkflow()]);
				await cluster.start();
				if (o.serviceRate > 0)
					await admin(sandbox, 'POST', '/rate-limit', { perSecond: o.serviceRate });
				const urls = await prepareStorm(cluster, sandbox, { control: o.control });
				if (o.memory > 0) await prefillMemory(cluster, o.memory);
				// Let the processors settle after publishing (they load the webhooks) before the storm.
				await new Promise((r) => setTimeout(r, 3000));
				const settings =
					Object.entries(o.env)
						.map(([k, v]) => `${k}=${v}`)
						.join(' ') || 'n8n defaults';
				if (o.cost > 0) {
					// Accounts after the storm's own, so the storm still finds its mailboxes connected.
					const accounts = Array.from({ length: o.cost }, (_, i) => o.events + 1 + i);
					const table = await answerCost(cluster, urls, accounts);
					process.stdout.write(
						`answer cost, run ${run}/${o.runs}: ${o.memory} ids remembered; ${o.processors} webhook processor(s); ${settings}\n${table}\n\n`,
					);
				}
				if (o.events === 0) continue;
				hogs.push(...startHogs(o.hogs));
				const result = await runStorm(cluster, sandbox, urls, {
					events: o.events,
					overSeconds: o.over,
					log,
				});
				for (const h of hogs.splice(0)) h.kill('SIGKILL');
				const table = [
					`storm ${run}/${o.runs}: ${o.events} alerts over ${o.over} s; dedupe window ${o.window ?? 'default'}, ${o.memory} ids remembered before; main + ${o.workers} worker(s) (concurrency ${o.concurrency}) + ${o.processors} webhook processor(s); credential ${o.rate}/s, service ${o.serviceRate || 'no'} limit/s; ${o.hogs} CPU hog(s) on ${os.cpus().length} cores; ${o.control ? 'beside the control' : 'the example alone'}; ${path.basename(tgz)}; ${settings}`,
					stormTable(result),
					'',
				].join('\n');
				process.stdout.write(`${table}\n`);
			} finally {
				for (const h of hogs.splice(0)) h.kill('SIGKILL');
				await cluster.stop();
				await sandbox.close();
			}
		}
	} finally {
		await postgres.stop();
		await redis.stop();
	}
}

main().catch((error: unknown) => {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
