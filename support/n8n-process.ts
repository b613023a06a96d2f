/**
 * A real n8n process for `npm start` and the e2e suite: runs the provisioned runtime (support/runtime.ts) on
 * 127.0.0.1 with its own user folder, an owner preset through the environment, our package installed into the
 * community-nodes folder from `npm pack` output (exactly the way users get it), and helpers for the CLI
 * (import/publish), the internal REST API (login, credential test) and the public API (API key).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, portIsFree } from './ports';
import { repoRoot, run, runtimeEnv, runtimePaths, type Log, type RuntimePaths } from './runtime';

export { freePort, portIsFree } from './ports';

export const PACKAGE_NAME = 'n8n-nodes-deliverability';
export const NODE_TYPES = {
	action: `${PACKAGE_NAME}.deliverability`,
	trigger: `${PACKAGE_NAME}.deliverabilityAlertTrigger`,
	notificationTrigger: `${PACKAGE_NAME}.deliverabilityNotificationTrigger`,
};

interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const DEFAULT_OWNER: Owner = {
	email: 'owner@example.com',
	password: 'Deliverability-sandbox-1',
	firstName: 'Sandbox',
	lastName: 'Owner',
};

/** bcrypt hash made with the bcryptjs that ships with n8n (the hash format n8n checks the password against). */
function hashPassword(password: string, paths: RuntimePaths = runtimePaths()): string {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const bcrypt = require(
		require.resolve('bcryptjs', { paths: [path.join(paths.n8nModules, 'n8n')] }),
	) as {
		hashSync(p: string, rounds: number): string;
	};
	return bcrypt.hashSync(password, 10);
}

/** What `npm run build` reads (npm start hashes it to reuse an unchanged build). */
export const STAGED = [
	'package.json',
	'README.md',
	'LICENSE',
	'CHANGELOG.md',
	'tsconfig.json',
	'nodes',
	'credentials',
	'icons',
];

/**
 * Builds the package with its own `npm run build` in a private copy of the sources (so a concurrent build in the
 * working tree can neither break nor be broken by this one), then `npm pack`s it into .cache/pack/ (the tarball
 * users get from the registry). Returns the tarball's path.
 */
export async function buildAndPack(log: Log = () => undefined): Promise<string> {
	const stage = path.join(repoRoot, '.cache', `stage-${process.pid}`);
	const dest = path.join(repoRoot, '.cache', 'pack');
	fs.rmSync(stage, { recursive: true, force: true });
	fs.mkdirSync(stage, { recursive: true });
	fs.mkdirSync(dest, { recursive: true });
	try {
		for (const entry of STAGED) {
			const from = path.join(repoRoot, entry);
			if (fs.existsSync(from)) fs.cpSync(from, path.join(stage, entry), { recursive: true });
		}
		fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(stage, 'node_modules'), 'dir');
		const env = { ...process.env, npm_config_update_notifier: 'false' };
		await run('npm', ['run', 'build', '--silent'], {
			cwd: stage,
			env,
			log,
			label: 'npm run build',
		});
		const out = await run(
			'npm',
			['pack', '--json', '--ignore-scripts', '--pack-destination', stage],
			{
				cwd: stage,
				env,
				log,
				label: 'npm pack',
			},
		);
		const { filename } = (
			JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string }>
		)[0];
		const target = path.join(dest, filename);
		fs.rmSync(target, { force: true });
		fs.copyFileSync(path.join(stage, filename), target);
		return target;
	} finally {
		fs.rmSync(stage, { recursive: true, force: true });
	}
}

/**
 * Installs the tarball into `<userFolder>/.n8n/nodes` the way n8n's community-package installer does (a plain
 * npm project there; peer dependencies are not installed: n8n provides n8n-workflow itself).
 */
export async function installPackage(
	userFolder: string,
	tgz: string,
	log: Log = () => undefined,
): Promise<void> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	const pkgJson = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(pkgJson)) {
		fs.writeFileSync(
			pkgJson,
			JSON.stringify({ name: 'installed-nodes', private: true }, null, 2) + '\n',
		);
	}
	const paths = runtimePaths();
	await run(
		'npm',
		[
			'install',
			tgz,
			'--ignore-scripts',
			'--legacy-peer-deps',
			'--no-audit',
			'--no-fund',
			'--no-package-lock',
			'--loglevel=error',
		],
		{ cwd: nodesDir, env: runtimeEnv(paths), log, label: `npm install ${path.basename(tgz)}` },
	);
}

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

export class N8n {
	readonly userFolder: string;

	readonly owner: Owner;

	port = 0;

	brokerPort = 0;

	proc?: ChildProcess;

	/** Everything n8n printed, across restarts. */
	output = '';

	startupMs = 0;

	private cookie = '';

	private passwordHash?: string;

	private apiKey = '';

	private readonly paths = runtimePaths();

	private readonly log: Log;

	private exited?: Promise<number | null>;

	constructor(private readonly options: N8nOptions) {
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
		// Keep the parent's npm and jest variables out of n8n (NODE_ENV=test makes n8n refuse to load nodes).
		const base = Object.fromEntries(
			Object.entries(runtimeEnv(this.paths)).filter(
				([k]) =>
					(!k.startsWith('npm_') || k === 'npm_config_nodedir') &&
					!k.startsWith('JEST_') &&
					k !== 'NODE_ENV',
			),
		);
		return {
			...base,
			N8N_USER_FOLDER: this.userFolder,
			N8N_PORT: String(this.port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			N8N_PROTOCOL: 'http',
			N8N_WEBHOOK_URL: this.webhookBase,
			N8N_EDITOR_BASE_URL: this.webhookBase,
			N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_VERIFIED_PACKAGES_ENABLED: 'false',
			N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
			// n8n 1.x has no such module and refuses to start on an unknown name (the lowest runtime is 1.x).
			...(this.major >= 2 ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
			N8N_SECURE_COOKIE: 'false',
			// n8n 3.0's default (2.x and 1.x abort a Code node task after 300 s): every n8n we start (e2e, queue,
			// npm start, benches) already behaves as 3.0 will, so an example that needs longer fails here first.
			N8N_RUNNERS_TASK_TIMEOUT: '60',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
			N8N_HIRING_BANNER_ENABLED: 'false',
			GENERIC_TIMEZONE: 'UTC',
			N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
			N8N_INSTANCE_OWNER_EMAIL: this.owner.email,
			N8N_INSTANCE_OWNER_FIRST_NAME: this.owner.firstName,
			N8N_INSTANCE_OWNER_LAST_NAME: this.owner.lastName,
			N8N_INSTANCE_OWNER_PASSWORD_HASH: (this.passwordHash ??= hashPassword(
				this.owner.password,
				this.paths,
			)),
			// A worker serves /healthz/readiness on its health-check port (it has no other HTTP server).
			...(this.command === 'worker'
				? {
						QUEUE_HEALTH_CHECK_ACTIVE: 'true',
						QUEUE_HEALTH_CHECK_PORT: String(this.port),
						N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
					}
				: {}),
			...this.options.env,
		};
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

	/**
	 * n8n 1.x answers /healthz/readiness before it mounts its REST API (its editor line comes later), and it has no
	 * owner-from-environment: wait for /rest/settings, then set the owner up the way the setup screen does.
	 */
	private async finishStart1x(t0: number, timeoutMs: number): Promise<void> {
		let settings: { userManagement?: { showSetupOnFirstLoad?: boolean } } | undefined;
		while (!settings) {
			if (Date.now() - t0 > timeoutMs)
				throw new Error(`n8n's REST API not up after ${timeoutMs} ms`);
			try {
				const res = await fetch(`${this.baseUrl}/rest/settings`);
				if (res.status === 200)
					settings = ((await res.json()) as { data: typeof settings }).data ?? {};
			} catch {
				// not mounted yet
			}
			if (!settings) await new Promise((r) => setTimeout(r, 250));
		}
		if (settings.userManagement?.showSetupOnFirstLoad) await this.setUpOwner1x();
		// Its CLI import writes no workflow history either, and activating such a workflow then fails on a foreign
		// key (activeVersionId): save each imported workflow once through the REST API, as the editor would.
		for (const id of this.unsaved1x.splice(0)) {
			const got = await this.rest<Record<string, unknown>>('GET', `/workflows/${id}`);
			if (got.status !== 200) throw new Error(`GET workflow ${id}: ${got.status}`);
			const saved = await this.rest('PATCH', `/workflows/${id}`, got.data);
			if (saved.status !== 200)
				throw new Error(
					`saving workflow ${id}: ${saved.status} ${JSON.stringify(saved.data).slice(0, 300)}`,
				);
		}
	}

	private async setUpOwner1x(): Promise<void> {
		const res = await fetch(`${this.baseUrl}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
			body: JSON.stringify({ ...this.owner }),
		});
		if (res.status !== 200) throw new Error(`owner setup: ${res.status} ${await res.text()}`);
	}

	/** Workflows imported through the 1.x CLI and not yet saved through its REST API (see finishStart1x). */
	private readonly unsaved1x: string[] = [];

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

	/** Internal REST API (what the editor uses), logged in as the owner. */
	async rest<T = unknown>(
		method: string,
		route: string,
		body?: unknown,
	): Promise<{ status: number; data: T }> {
		return this.session<T>(method, `/rest${route}`, body);
	}

	/** Any path of the editor's server with the owner's session (e.g. `/types/nodes.json`); unwraps `{ data }`. */
	async session<T = unknown>(
		method: string,
		urlPath: string,
		body?: unknown,
	): Promise<{ status: number; data: T }> {
		if (!this.cookie) await this.login();
		const res = await fetch(`${this.baseUrl}${urlPath}`, {
			method,
			headers: {
				'content-type': 'application/json',
				cookie: this.cookie,
				'browser-id': BROWSER_ID,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		let json: { data?: T } | undefined;
		try {
			json = JSON.parse(text) as { data?: T };
		} catch {
			json = undefined;
		}
		return { status: res.status, data: (json && 'data' in json ? json.data : (json ?? text)) as T };
	}

	async login(): Promise<void> {
		const res = await fetch(`${this.baseUrl}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
			body: JSON.stringify({ emailOrLdapLoginId: this.owner.email, password: this.owner.password }),
		});
		if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
		const setCookie = res.headers.getSetCookie?.() ?? [];
		this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
		if (!this.cookie.includes('n8n-auth=')) throw new Error('login returned no n8n-auth cookie');
	}

	/** Creates (once) an API key with every scope the owner may grant; returns it. */
	async getApiKey(): Promise<string> {
		if (this.apiKey) return this.apiKey;
		const scopes = await this.rest<string[]>('GET', '/api-keys/scopes');
		if (scopes.status !== 200) throw new Error(`api-key scopes: ${scopes.status}`);
		const created = await this.rest<{ rawApiKey: string }>('POST', '/api-keys', {
			label: `e2e ${Date.now()}`,
			scopes: scopes.data,
			expiresAt: null,
		});
		if (created.status !== 200 || !created.data?.rawApiKey) {
			throw new Error(`api-key create: ${created.status} ${JSON.stringify(created.data)}`);
		}
		this.apiKey = created.data.rawApiKey;
		return this.apiKey;
	}

	/** Public API (`/api/v1`) with the API key. */
	async api<T = unknown>(
		method: string,
		route: string,
		body?: unknown,
	): Promise<{ status: number; data: T }> {
		const key = await this.getApiKey();
		const res = await fetch(`${this.baseUrl}/api/v1${route}`, {
			method,
			headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': key },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		let data: unknown = text;
		try {
			data = JSON.parse(text);
		} catch {
			// keep text
		}
		return { status: res.status, data: data as T };
	}
}

/** Whether an execution with this status is over: not queued, running or waiting to resume. */
export function isFinished(status: string): boolean {
	return !['running', 'new', 'waiting'].includes(status);
}

export const BROWSER_ID = 'n8n-nodes-deliverability-e2e';

/** Descendant process ids of a process (Linux /proc; empty elsewhere). */
export function descendants(pid: number): number[] {
	const children = new Map<number, number[]>();
	let entries: string[] = [];
	try {
		entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
	} catch {
		return [];
	}
	for (const entry of entries) {
		try {
			// Field 4 of /proc/<pid>/stat is the parent id; the command name (field 2) may hold spaces: split after ')'.
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
		} catch {
			// exited meanwhile
		}
	}
	const out: number[] = [];
	const queue = [pid];
	while (queue.length > 0) {
		for (const child of children.get(queue.shift()!) ?? []) {
			out.push(child);
			queue.push(child);
		}
	}
	return out;
}

/** CPU time (user + system) a process has used so far, in seconds (Linux /proc; clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		// utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command name.
		return (Number(fields[11]) + Number(fields[12])) / 100;
	} catch {
		return 0;
	}
}

/** Resident memory of one process in MiB (VmRSS from /proc; 0 when it is gone). */
export function rssMiB(pid: number): number {
	try {
		const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
		return m ? Number(m[1]) / 1024 : 0;
	} catch {
		return 0;
	}
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
