/**
 * n8n's queue mode on one machine, for `npm run test:queue`: main + worker(s) + webhook processors
 * (support/n8n-process.ts with a `command`), each with its own user folder holding the packed package, all sharing
 * the database, Redis (support/queue-services.ts starts both), the queue prefix and the encryption key.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installPackage } from './package';
import { cpuSeconds, rssMiB } from './process-stats';
import { N8n, type N8nCommand } from './n8n-process';
import { freePort } from './ports';
import { type Postgres, type Redis } from './queue-services';
import type { Log } from './runtime';

interface ClusterOptions {
	postgres: Postgres;
	redis: Redis;
	/** The packed package (npm pack output), installed into every process's user folder. */
	tgz: string;
	/** Database name (created here). */
	database: string;
	webhookProcessors?: number;
	/** How many workers (default 1): the storm bench runs several, as production clusters do. */
	workers?: number;
	/** Each worker's `--concurrency` (default 5). */
	workerConcurrency?: number;
	/** n8n's regular mode on the same database instead: main alone runs everything (no Redis, worker or processors). */
	regular?: boolean;
	/** Extra environment for every process. */
	env?: Record<string, string>;
	log?: Log;
}

export interface Figures {
	/** ms from spawn to /healthz/readiness 200 (grows with the machine's load: several start at once on few cores). */
	startupMs: Record<string, number>;
	/** CPU seconds the process (and its children) had used when it became ready: its start-up cost without the waiting. */
	startupCpuS: Record<string, number>;
	/** Resident memory in MiB: each process, and the processes it started (the task runner). */
	rssMiB: Record<string, { process: number; children: number }>;
}

/**
 * Main + worker(s) (one unless `workers` says more) + N webhook processors. Main's N8N_WEBHOOK_URL is the first webhook processor's address: what a
 * load balancer in front of the processors would be in production, and what triggers register with services.
 */
export class Cluster {
	readonly root: string;

	main!: N8n;

	/** The workers, the first of them also as `worker`. */
	workers: N8n[] = [];

	webhooks: N8n[] = [];

	private readonly startupCpu = new Map<N8n, number>();

	private readonly log: Log;

	constructor(private readonly options: ClusterOptions) {
		this.root = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-'));
		this.log = options.log ?? (() => undefined);
		// The n8n processes are killed by their own exit handlers; their folders go with this one.
		process.once('exit', this.removeRoot);
	}

	get worker(): N8n {
		return this.workers[0];
	}

	get all(): N8n[] {
		return this.options.regular ? [this.main] : [this.main, ...this.workers, ...this.webhooks];
	}

	/** Creates the database, the processes' folders and ports and installs the package everywhere; starts nothing. */
	async prepare(): Promise<void> {
		const { postgres, redis } = this.options;
		await postgres.createDatabase(this.options.database);
		const regular = this.options.regular === true;
		const shared: Record<string, string> = {
			EXECUTIONS_MODE: regular ? 'regular' : 'queue',
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: postgres.host,
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: this.options.database,
			DB_POSTGRESDB_USER: postgres.user,
			DB_POSTGRESDB_PASSWORD: postgres.password,
			QUEUE_BULL_REDIS_HOST: redis.host,
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			QUEUE_BULL_PREFIX: `bull-${this.options.database}`,
			N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
			N8N_LOG_LEVEL: 'info',
			...this.options.env,
		};
		const webhookPorts: number[] = [];
		for (let i = 0; i < (regular ? 0 : (this.options.webhookProcessors ?? 2)); i++)
			webhookPorts.push(await freePort());
		// Without webhook processors (regular mode, or a cluster for manual runs only) main's own address stands in.
		const mainPort = webhookPorts.length === 0 ? await freePort() : undefined;
		const publicWebhookUrl = `http://127.0.0.1:${mainPort ?? webhookPorts[0]}/`;
		const make = (
			name: string,
			command: N8nCommand,
			extra: { port?: number; env?: Record<string, string>; args?: string[] } = {},
		) =>
			new N8n({
				userFolder: path.join(this.root, name),
				command,
				port: extra.port,
				args: extra.args,
				webhookUrl: publicWebhookUrl,
				env: { ...shared, ...extra.env },
				log: this.log,
				// Several n8n processes starting at once on a small machine: minutes, not seconds, under load.
				readyTimeoutMs: 300000,
			});
		// Main serves the editor, the APIs and /webhook-test/*; production webhooks go to the processors only.
		if (regular) {
			this.main = make('main', 'start', { port: mainPort });
		} else {
			this.main = make('main', 'start', {
				port: mainPort,
				env: { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' },
			});
			const workers = this.options.workers ?? 1;
			this.workers = Array.from({ length: workers }, (_, i) =>
				make(workers === 1 ? 'worker' : `worker-${i + 1}`, 'worker', {
					args: [`--concurrency=${this.options.workerConcurrency ?? 5}`],
				}),
			);
			this.webhooks = webhookPorts.map((port, i) => make(`webhook-${i + 1}`, 'webhook', { port }));
		}
		await Promise.all(
			this.all.map((p) => installPackage(p.userFolder, this.options.tgz, this.log)),
		);
	}

	/** Main first (it migrates the database), then the worker and the webhook processors together. */
	async start(): Promise<void> {
		const start = async (p: N8n) => {
			await p.start();
			this.startupCpu.set(
				p,
				p.pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0),
			);
		};
		await start(this.main);
		this.log(
			`[queue] main ready in ${(this.main.startupMs / 1000).toFixed(1)} s on ${this.main.baseUrl}`,
		);
		if (this.options.regular) return;
		await Promise.all([...this.workers, ...this.webhooks].map(start));
		const processors = this.webhooks
			.map((w) => `${(w.startupMs / 1000).toFixed(1)} s (${w.baseUrl})`)
			.join(', ');
		const workers = this.workers.map((w) => `${(w.startupMs / 1000).toFixed(1)} s`).join(', ');
		this.log(
			`[queue] worker(s) ready in ${workers}; ${
				processors ? `webhook processors in ${processors}` : 'no webhook processor'
			}`,
		);
	}

	/** One SQL statement in this cluster's database (psql): its rows, columns separated by tabs. */
	sql(statement: string): string[] {
		return this.options.postgres.query(this.options.database, statement);
	}

	figures(): Figures {
		const names = this.options.regular
			? ['main']
			: [
					'main',
					...this.workers.map((_, i) => (this.workers.length === 1 ? 'worker' : `worker-${i + 1}`)),
					...this.webhooks.map((_, i) => `webhook-${i + 1}`),
				];
		const startupMs: Figures['startupMs'] = {};
		const startupCpuS: Figures['startupCpuS'] = {};
		const rss: Figures['rssMiB'] = {};
		this.all.forEach((p, i) => {
			startupMs[names[i]] = p.startupMs;
			startupCpuS[names[i]] = Math.round((this.startupCpu.get(p) ?? 0) * 10) / 10;
			const [own, ...children] = p.pids();
			rss[names[i]] = {
				process: own ? Math.round(rssMiB(own)) : 0,
				children: Math.round(children.reduce((sum, pid) => sum + rssMiB(pid), 0)),
			};
		});
		return { startupMs, startupCpuS, rssMiB: rss };
	}

	async stop(): Promise<void> {
		// Processors and worker first: main last, so nothing is left waiting on it.
		await Promise.all(
			[...this.webhooks, ...(this.options.regular ? [] : this.workers)].map((p) => p?.stop()),
		);
		await this.main?.stop();
		this.removeRoot();
	}

	private readonly removeRoot = () => {
		process.removeListener('exit', this.removeRoot);
		if (!process.env.QUEUE_KEEP) fs.rmSync(this.root, { recursive: true, force: true });
	};
}
