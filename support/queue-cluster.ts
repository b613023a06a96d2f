/**
 * n8n's queue mode on one machine, for `npm run test:queue`, everything on 127.0.0.1 and in temporary folders:
 *
 * - a private Postgres cluster from Debian's binaries (`initdb`/`pg_ctl` of /usr/lib/postgresql/<v>/bin, run as an
 *   unprivileged user when we are root), on a free port, removed afterwards;
 * - Redis (Debian's `redis-server`) as a plain child process: `--port N --bind 127.0.0.1 --save ''`;
 * - n8n as main + worker(s) + webhook processors (support/n8n-process.ts with a `command`), each with its own user
 *   folder holding the packed package, all sharing the database, Redis, the queue prefix and the encryption key.
 *
 * Postgres and Redis are installed with apt-get when missing and we are root (as in CI); when they still cannot be
 * had, `provision*` throws a `Missing` error whose message the suite prints as its loud skip reason.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { installPackage } from './package';
import { cpuSeconds, rssMiB } from './process-stats';
import { N8n, type N8nCommand } from './n8n-process';
import { freePort } from './ports';
import type { Log } from './runtime';

/** Postgres or Redis cannot be had on this machine: the suite skips (loudly) with this message. */
export class Missing extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function aptInstall(pkg: string, log: Log): boolean {
	if (!isRoot() || spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0)
		return false;
	log(`[queue] installing ${pkg} with apt-get …`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const install = () =>
		spawnSync('apt-get', ['install', '-y', '-qq', pkg], { env, stdio: 'ignore' }).status === 0;
	if (install()) return true;
	spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
	return install();
}

function which(cmd: string): string | undefined {
	const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
	return r.status === 0 ? r.stdout.trim() || undefined : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Postgres

/** The newest Debian Postgres binaries folder (/usr/lib/postgresql/<major>/bin) that has initdb and pg_ctl. */
function postgresBin(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (!fs.existsSync(root)) return undefined;
	const majors = fs
		.readdirSync(root)
		.filter((v) => /^\d+$/.test(v))
		.sort((a, b) => Number(b) - Number(a));
	for (const major of majors) {
		const bin = path.join(root, major, 'bin');
		if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl')))
			return bin;
	}
	return undefined;
}

/** The unprivileged account the cluster runs as when we are root (Postgres refuses to run as root). */
function postgresUser(): { name: string; uid: number; gid: number } {
	const lookup = (name: string) => {
		const r = spawnSync('id', ['-u', name], { encoding: 'utf8' });
		const g = spawnSync('id', ['-g', name], { encoding: 'utf8' });
		return r.status === 0 && g.status === 0
			? { name, uid: Number(r.stdout), gid: Number(g.stdout) }
			: undefined;
	};
	const existing = lookup('postgres') ?? lookup('n8n-queue-pg');
	if (existing) return existing;
	spawnSync(
		'useradd',
		['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'n8n-queue-pg'],
		{ stdio: 'ignore' },
	);
	const created = lookup('n8n-queue-pg');
	if (!created) throw new Missing('no unprivileged user to run Postgres as (useradd failed)');
	return created;
}

export interface Postgres {
	host: string;
	port: number;
	user: string;
	password: string;
	version: string;
	/** Creates a fresh database (one per test file keeps files independent). */
	createDatabase(name: string): Promise<void>;
	/** Runs one SQL statement in `database` with psql: its rows, columns separated by tabs. */
	query(database: string, sql: string): string[];
	stop(): Promise<void>;
}

export async function startPostgres(log: Log = () => undefined): Promise<Postgres> {
	let bin = postgresBin();
	if (!bin && aptInstall('postgresql', log)) bin = postgresBin();
	if (!bin)
		throw new Missing(
			'Postgres binaries not found (/usr/lib/postgresql/<v>/bin/initdb) and apt-get could not install them',
		);
	const version = path.basename(path.dirname(bin));
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-pg-'));
	const owner = isRoot() ? postgresUser() : undefined;
	const asOwner = (cmd: string, args: string[]): [string, string[]] =>
		owner ? ['runuser', ['-u', owner.name, '--', cmd, ...args]] : [cmd, args];
	const user = 'n8n';
	const password = randomBytes(12).toString('hex');
	const port = await freePort();
	const data = path.join(root, 'data');
	const pwfile = path.join(root, 'pw');
	fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
	if (owner) {
		fs.chownSync(root, owner.uid, owner.gid);
		fs.chownSync(pwfile, owner.uid, owner.gid);
	}
	const exec = (cmd: string, args: string[], label: string) => {
		const [c, a] = asOwner(cmd, args);
		const r = spawnSync(c, a, { encoding: 'utf8', cwd: root });
		if (r.status !== 0) throw new Error(`${label} failed (${r.status}): ${r.stderr || r.stdout}`);
	};
	let started = false;
	// Synchronous, so it also runs from an 'exit' handler: pg_ctl daemonises the server, which would outlive us.
	const stopNow = () => {
		process.removeListener('exit', stopNow);
		if (started) {
			started = false;
			const [c, a] = asOwner(path.join(bin, 'pg_ctl'), [
				'-D',
				data,
				'-m',
				'immediate',
				'-w',
				'stop',
			]);
			spawnSync(c, a, { stdio: 'ignore', cwd: root });
		}
		fs.rmSync(root, { recursive: true, force: true });
	};
	process.once('exit', stopNow);
	const stop = async () => stopNow();
	try {
		exec(
			path.join(bin, 'initdb'),
			[
				'-D',
				data,
				'-U',
				user,
				`--pwfile=${pwfile}`,
				'-A',
				'scram-sha-256',
				'-E',
				'UTF8',
				'--locale=C',
			],
			'initdb',
		);
		// Throw-away test data: no fsync. Socket in our own folder (the default /var/run/postgresql may not exist).
		const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
		exec(
			path.join(bin, 'pg_ctl'),
			['-D', data, '-l', path.join(root, 'log'), '-w', '-t', '60', '-o', opts, 'start'],
			'pg_ctl start',
		);
		started = true;
	} catch (e) {
		await stop();
		throw e;
	}
	log(`[queue] Postgres ${version} on 127.0.0.1:${port} (${root})`);
	return { ...postgresAt({ host: '127.0.0.1', port, user, password, version }), stop };
}

export type PostgresInfo = Pick<Postgres, 'host' | 'port' | 'user' | 'password' | 'version'>;

/** A running cluster reached by address (another process started it): databases can be created, stop does nothing. */
export function postgresAt(info: PostgresInfo): Postgres {
	/** One of Postgres's client programs against this cluster; its output. */
	const client = (program: string, args: string[]): string => {
		const bin = postgresBin();
		if (!bin) throw new Missing('Postgres client binaries not found');
		const r = spawnSync(
			path.join(bin, program),
			['-h', info.host, '-p', String(info.port), '-U', info.user, ...args],
			{
				encoding: 'utf8',
				env: { ...process.env, PGPASSWORD: info.password },
			},
		);
		if (r.status !== 0) throw new Error(`${program} ${args.join(' ')} failed: ${r.stderr}`);
		return r.stdout;
	};
	return {
		...info,
		async createDatabase(name: string) {
			client('createdb', [name]);
		},
		query(database: string, sql: string) {
			return client('psql', ['-d', database, '-At', '-F', '\t', '-c', sql]).trim().split('\n');
		},
		async stop() {
			// owned by whoever started it
		},
	};
}

// ---------------------------------------------------------------------------------------------------------------
// Redis

export interface Redis {
	host: string;
	port: number;
	version: string;
	stop(): Promise<void>;
}

/** One command over a plain socket (RESP inline form); resolves with the first reply line. */
function redisCommand(port: number, command: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1');
		let reply = '';
		socket.setTimeout(2000, () => socket.destroy(new Error('redis: no answer')));
		socket.on('connect', () => socket.write(`${command}\r\n`));
		socket.on('data', (d) => {
			reply += d.toString();
			if (reply.includes('\r\n')) {
				socket.end();
				resolve(reply.split('\r\n')[0]);
			}
		});
		socket.on('error', reject);
	});
}

export async function startRedis(log: Log = () => undefined): Promise<Redis> {
	let bin = which('redis-server');
	if (!bin && aptInstall('redis-server', log)) bin = which('redis-server');
	if (!bin) throw new Missing('redis-server not found and apt-get could not install it');
	const version =
		(spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.match(/v=(\S+)/) ?? [])[1] ?? '?';
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-redis-'));
	const port = await freePort();
	const proc: ChildProcess = spawn(
		bin,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dir,
		],
		{
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let output = '';
	proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
	proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
	const killOnExit = () => {
		proc.kill('SIGKILL');
		fs.rmSync(dir, { recursive: true, force: true });
	};
	process.once('exit', killOnExit);
	const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
	const stop = async () => {
		process.removeListener('exit', killOnExit);
		if (proc.exitCode === null && proc.signalCode === null) {
			proc.kill('SIGTERM');
			await exited;
		}
		fs.rmSync(dir, { recursive: true, force: true });
	};
	const t0 = Date.now();
	for (;;) {
		if (proc.exitCode !== null) {
			await stop();
			throw new Error(`redis-server exited during start-up:\n${output}`);
		}
		try {
			if ((await redisCommand(port, 'PING')) === '+PONG') break;
		} catch {
			// not listening yet
		}
		if (Date.now() - t0 > 20000) {
			await stop();
			throw new Error(`redis-server not ready after 20 s:\n${output}`);
		}
		await sleep(100);
	}
	log(`[queue] Redis ${version} on 127.0.0.1:${port}`);
	return { host: '127.0.0.1', port, version, stop };
}

// ---------------------------------------------------------------------------------------------------------------
// The n8n cluster

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
