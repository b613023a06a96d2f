/**
 * Commands the support code runs (npm, tar, node, n8n's CLI): to their end, with a heartbeat while they take long and
 * their output in the error when they fail; and the progress of an npm install read from its log lines.
 */
import { spawn } from 'node:child_process';

/** Milliseconds as seconds with one decimal: "12.3 s". */
export const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface RunOptions {
	cwd: string;
	env: NodeJS.ProcessEnv;
	/** Where the heartbeat goes: a line every 15 s while the command runs. */
	log: (message: string) => void;
	/** The command in words, for the heartbeat and the error. */
	label: string;
	heartbeat?: () => string;
	/** Every complete output line (stdout and stderr), as it arrives. */
	onLine?: (line: string) => void;
}

/**
 * Runs a command to its end and resolves with its output (stdout and stderr together); rejects with the last 40
 * lines when it fails.
 */
export function run(
	cmd: string,
	args: string[],
	{ cwd, env, log, label, heartbeat, onLine }: RunOptions,
): Promise<string> {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		const partial = { stdout: '', stderr: '' };
		const take = (stream: 'stdout' | 'stderr') => (d: Buffer) => {
			const s = d.toString();
			out += s;
			if (!onLine) return;
			const lines = (partial[stream] + s).split('\n');
			partial[stream] = lines.pop()!;
			for (const l of lines) onLine(l);
		};
		child.stdout.on('data', take('stdout'));
		child.stderr.on('data', take('stderr'));
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
				reject(
					new Error(`${label} failed (exit ${code}) after ${fmt(Date.now() - started)}:\n${tail}`),
				);
			}
		});
	});
}

/**
 * Progress of an `npm install` or `npm ci` with `--loglevel=http` from its log lines, so the heartbeat moves in every phase: npm first
 * fetches one metadata document per package name (resolving), then one tarball per package (from the registry or
 * its cache, unpacked as it streams), then links bins and writes its lockfile. Counting folders in node_modules
 * does not move: npm creates every package folder early and fills them afterwards.
 */
export class NpmInstallProgress {
	private documents = 0;

	private tarballs = 0;

	private lastTarballAt = 0;

	line(l: string): void {
		if (!l.startsWith('npm http ')) return;
		if (/\/-\/[^ ]+\.tgz/.test(l)) {
			// A tarball shows up once as `cache` (hit) or `fetch` (miss); a miss may log both: count fetches and hits.
			if (l.startsWith('npm http fetch') || /\(cache hit\)/.test(l)) {
				this.tarballs++;
				this.lastTarballAt = Date.now();
			}
		} else if (l.startsWith('npm http fetch')) this.documents++;
	}

	describe(): string {
		if (this.tarballs === 0)
			return `resolving the dependency tree: ${this.documents} package documents fetched`;
		const idle = this.lastTarballAt ? Date.now() - this.lastTarballAt : 0;
		const counts = `${this.documents} package documents, ${this.tarballs} package tarballs fetched`;
		return idle > 10000
			? `${counts}; unpacking and linking (last tarball ${fmt(idle)} ago)`
			: `${counts}, unpacking as they arrive`;
	}
}
