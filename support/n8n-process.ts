/**
 * A real n8n process for `npm start` and the e2e suite: runs the provisioned runtime (support/runtime.ts) on
 * 127.0.0.1 with its own user folder and environment (support/n8n-env.ts: an owner preset, no telemetry), our
 * package installed into the community-nodes folder from `npm pack` output (support/package.ts: exactly the way
 * users get it), and helpers for the CLI (import/publish); its HTTP APIs (REST as the owner, the public API with an
 * API key) are support/n8n-api.ts's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_OWNER, N8nApi, type Owner } from './n8n-api';
import { hashPassword, n8nEnv } from './n8n-env';
import { freePort, portIsFree } from './ports';
import { descendants } from './process-stats';
import { run } from './run';
import { runtimePaths, type Log } from './runtime';

/**
 * Which n8n process to run: `start` (main: editor, REST, activation), or, in queue mode, `worker` (runs executions
 * taken from the Redis queue) and `webhook` (a webhook processor: production `/webhook/*` calls only).
 */
export type N8nCommand = 'start' | 'worker' | 'webhook';

interface N8nOptions {
	userFolder: string;
	/** The n8n command (default `start`). A worker has no HTTP server of its own: `port` is its health-check port. */
	command?: N8nCommand;
	/** Extra command-line arguments (e.g. `--concurrency=5` for a worker). */
	args?: string[];
	/** N8N_WEBHOOK_URL (default: this process's own address). In queue mode main's is the webhook processors' address. */
	webhookUrl?: string;
	port?: number;
	brokerPort?: number;
	owner?: Owner;
	/** Extra environment for the n8n process. */
	env?: Record<string, string>;
	/** Progress messages of this helper. */
	log?: Log;
	/** When set, every n8n output line is passed here too (npm start shows them on demand). */
	onOutput?: (line: string) => void;
	/** How long start() waits for /healthz/readiness (default 120 s). */
	readyTimeoutMs?: number;
	/** Own process group, so a terminal's Ctrl-C reaches only the parent, which then stops n8n in order. */
	detached?: boolean;
}

export class N8n extends N8nApi {
	readonly userFolder: string;

	readonly owner: Owner;

	port = 0;

	brokerPort = 0;

	proc?: ChildProcess;

	/** Everything n8n printed, across restarts. */
	output = '';

	startupMs = 0;

	private passwordHash?: string;

	private readonly paths = runtimePaths();

	private readonly log: Log;

	private exited?: Promise<number | null>;

	constructor(private readonly options: N8nOptions) {
		super();
		this.userFolder = options.userFolder;
		this.owner = options.owner ?? DEFAULT_OWNER;
		this.log = options.log ?? (() => undefined);
		fs.mkdirSync(this.userFolder, { recursive: true });
	}

	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** n8n's production webhook base (N8N_WEBHOOK_URL). */
	get webhookBase(): string {
		return this.options.webhookUrl ?? `${this.baseUrl}/`;
	}

	get command(): N8nCommand {
		return this.options.command ?? 'start';
	}

	/** The running process's id and those of its descendants (the task runner), for memory figures and hard kills. */
	pids(): number[] {
		return this.proc?.pid ? [this.proc.pid, ...descendants(this.proc.pid)] : [];
	}

	env(): NodeJS.ProcessEnv {
		return n8nEnv(
			{
				paths: this.paths,
				userFolder: this.userFolder,
				port: this.port,
				brokerPort: this.brokerPort,
				webhookBase: this.webhookBase,
				major: this.major,
				owner: this.owner,
				worker: this.command === 'worker',
				env: this.options.env,
			},
			(this.passwordHash ??= hashPassword(this.owner.password, this.paths)),
		);
	}

	/** Changes the extra environment of the next start (undefined removes a variable), e.g. before restart(). */
	setEnv(changes: Record<string, string | undefined>): void {
		this.options.env = Object.fromEntries(
			Object.entries({ ...this.options.env, ...changes }).filter(
				(entry): entry is [string, string] => entry[1] !== undefined,
			),
		);
	}

	/** Runs an n8n CLI command (import:credentials, import:workflow, publish:workflow, execute, …) on this user folder. */
	async cli(args: string[]): Promise<string> {
		if (!this.port) await this.pickPorts();
		// A CLI process starts its own task-runner broker: keep it off the server's port.
		let brokerPort = await freePort();
		while (brokerPort === this.port || brokerPort === this.brokerPort)
			brokerPort = await freePort();
		return run(this.paths.nodeBin, [this.paths.n8nMain, ...args], {
			cwd: this.userFolder,
			env: { ...this.env(), N8N_RUNNERS_BROKER_PORT: String(brokerPort) },
			log: this.log,
			label: `n8n ${args[0]}`,
		});
	}

	/** Imports workflow JSON (one object or an array) through the CLI; returns nothing (ids come from the JSON). */
	async importWorkflows(workflows: object | object[]): Promise<void> {
		const file = path.join(
			this.userFolder,
			`import-${Date.now()}-${Math.random().toString(36).slice(2)}.json`,
		);
		// n8n 1.x does not make up a missing versionId on import (its database refuses the row); 2.x does.
		const list = (Array.isArray(workflows) ? workflows : [workflows]) as Array<
			Record<string, unknown>
		>;
		const prepared =
			this.major < 2 ? list.map((w) => ({ versionId: crypto.randomUUID(), ...w })) : workflows;
		if (this.major < 2) this.unsaved1x.push(...list.map((w) => String(w.id)));
		fs.writeFileSync(file, JSON.stringify(prepared, null, 2));
		try {
			await this.cli(['import:workflow', `--input=${file}`]);
		} finally {
			fs.rmSync(file, { force: true });
		}
	}

	/** Imports credentials (plain `data` is encrypted by n8n on import). */
	async importCredentials(credentials: object[]): Promise<void> {
		const file = path.join(this.userFolder, `import-cred-${Date.now()}.json`);
		fs.writeFileSync(file, JSON.stringify(credentials, null, 2));
		try {
			await this.cli(['import:credentials', `--input=${file}`]);
		} finally {
			fs.rmSync(file, { force: true });
		}
	}

	/** `n8n execute --id=… --rawOutput` (a separate process on the same database); returns the parsed run data. */
	async execute(workflowId: string): Promise<ExecuteResult> {
		const out = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput']);
		// Log lines may come before and after the pretty-printed JSON: it starts with a line `{` and ends with `}`.
		const lines = out.split('\n');
		const first = lines.findIndex((l) => l.startsWith('{'));
		for (let last = lines.length - 1; first >= 0 && last >= first; last--) {
			if (!lines[last].startsWith('}')) continue;
			try {
				return JSON.parse(lines.slice(first, last + 1).join('\n')) as ExecuteResult;
			} catch {
				// not the end of the JSON yet
			}
		}
		throw new Error(`n8n execute printed no JSON:\n${out.slice(0, 4000)}`);
	}

	private async pickPorts(): Promise<void> {
		this.port = this.options.port || (await freePort());
		this.brokerPort = this.options.brokerPort || (await freePort());
		while (this.brokerPort === this.port) this.brokerPort = await freePort();
	}

	/**
	 * Starts n8n and resolves when /healthz/readiness answers 200; returns the start-up time in ms. Ports it picked
	 * itself that a program outside this project took before n8n listened (EADDRINUSE) are picked again, up to
	 * three times.
	 */
	async start({
		timeoutMs = this.options.readyTimeoutMs ?? 120000,
		portRetries = 3,
	} = {}): Promise<number> {
		if (this.proc) throw new Error('n8n already running');
		const outputBefore = this.output.length;
		if (!this.port) await this.pickPorts();
		// Ports picked earlier (a CLI import before the start) may have been taken meanwhile by another program.
		if (!this.options.port && !(await portIsFree(this.port))) this.port = await freePort();
		if (!this.options.brokerPort && !(await portIsFree(this.brokerPort))) {
			do this.brokerPort = await freePort();
			while (this.brokerPort === this.port);
		}
		const t0 = Date.now();
		const proc = spawn(
			this.paths.nodeBin,
			[this.paths.n8nMain, this.command, ...(this.options.args ?? [])],
			{
				cwd: this.userFolder,
				env: this.env(),
				stdio: ['ignore', 'pipe', 'pipe'],
				detached: this.options.detached ?? false,
			},
		);
		this.proc = proc;
		// Never outlive the process that started n8n (a crashed test run, an uncaught error).
		const killOnExit = () => {
			if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
		};
		process.once('exit', killOnExit);
		this.exited = new Promise((resolve) =>
			proc.on('exit', (code) => {
				process.removeListener('exit', killOnExit);
				resolve(code);
			}),
		);
		let partial = '';
		const onData = (d: Buffer) => {
			const s = d.toString();
			this.output += s;
			partial += s;
			const lines = partial.split('\n');
			partial = lines.pop()!;
			for (const l of lines) this.options.onOutput?.(l);
		};
		proc.stdout!.on('data', onData);
		proc.stderr!.on('data', onData);
		let exitCode: number | null | undefined;
		void this.exited.then((c) => (exitCode = c));
		for (;;) {
			if (exitCode !== undefined) {
				this.proc = undefined;
				const own = !this.options.port && !this.options.brokerPort;
				if (
					own &&
					portRetries > 0 &&
					/EADDRINUSE|port \d+ is already in use/.test(this.output.slice(outputBefore))
				) {
					this.port = 0;
					return await this.start({ timeoutMs, portRetries: portRetries - 1 });
				}
				throw new Error(
					`n8n exited with ${exitCode} during start-up:\n${this.output.split('\n').slice(-40).join('\n')}`,
				);
			}
			if (Date.now() - t0 > timeoutMs) {
				await this.stop();
				throw new Error(
					`n8n not ready after ${timeoutMs} ms:\n${this.output.split('\n').slice(-40).join('\n')}`,
				);
			}
			try {
				const res = await fetch(`${this.baseUrl}/healthz/readiness`);
				if (res.status === 200) break;
			} catch {
				// not listening yet
			}
			await new Promise((r) => setTimeout(r, 250));
		}
		if (this.command === 'start' && this.major < 2) await this.finishStart1x(t0, timeoutMs);
		this.startupMs = Date.now() - t0;
		this.cookie = '';
		return this.startupMs;
	}

	/** The runtime's n8n major version (the lowest runtime is 1.x, the current one 2.x). */
	get major(): number {
		return Number(this.paths.versions.n8n.split('.')[0]);
	}

	/** SIGTERM (what Ctrl-C and service managers send) and wait; SIGKILL after 20 s. */
	async stop(): Promise<void> {
		const proc = this.proc;
		if (!proc) return;
		this.proc = undefined;
		if (proc.exitCode === null && proc.signalCode === null) {
			proc.kill('SIGTERM');
			const killer = setTimeout(() => proc.kill('SIGKILL'), 20000);
			await this.exited;
			clearTimeout(killer);
		}
	}

	/**
	 * SIGKILL to n8n and its task runner at once (a crashed machine or an OOM kill: no shutdown handlers run), then
	 * wait for n8n's exit.
	 */
	async kill(): Promise<void> {
		const proc = this.proc;
		if (!proc) return;
		const pids = this.pids();
		this.proc = undefined;
		for (const pid of pids) {
			try {
				process.kill(pid, 'SIGKILL');
			} catch {
				// already gone
			}
		}
		await this.exited;
	}

	async restart(): Promise<number> {
		await this.stop();
		return this.start();
	}
}

/** Whether an execution with this status is over: not queued, running or waiting to resume. */
export function isFinished(status: string): boolean {
	return !['running', 'new', 'waiting'].includes(status);
}

export interface ExecuteResult {
	data: {
		resultData: {
			runData: Record<
				string,
				Array<{
					data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
					error?: unknown;
				}>
			>;
			error?: unknown;
			lastNodeExecuted?: string;
		};
	};
	finished?: boolean;
	status?: string;
}
