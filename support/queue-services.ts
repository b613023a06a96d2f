/**
 * Postgres and Redis for n8n's queue mode on one machine (support/queue-cluster.ts runs n8n on them), everything on
 * 127.0.0.1 and in temporary folders:
 *
 * - a private Postgres cluster from Debian's binaries (`initdb`/`pg_ctl` of /usr/lib/postgresql/<v>/bin, run as an
 *   unprivileged user when we are root), on a free port, removed afterwards;
 * - Redis (Debian's `redis-server`) as a plain child process: `--port N --bind 127.0.0.1 --save ''`.
 *
 * Both are installed with apt-get when missing and we are root (as in CI); when they still cannot be had, `start*`
 * throws a `Missing` error whose message the suite prints as its loud skip reason.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
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
