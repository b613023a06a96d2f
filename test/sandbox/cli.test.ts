/**
 * The command line (`npm run sandbox`): one JSON line on stdout when ready, clean stop on SIGTERM, and on SIGINT or
 * SIGTERM to npm's own process (what an IDE's stop button or a supervisor sends); scaling.
 */
import axios from 'axios';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import * as net from 'node:net';
import * as path from 'node:path';
import { startSandbox } from '../../sandbox';
import { descendants } from '../../support/process-stats';
import { KEY_A } from './helpers';

const ROOT = path.resolve(__dirname, '../..');

/** A child's output as it comes, its first stdout line once printed, and its exit code. */
function watched(child: ChildProcessByStdio<null, Readable, Readable>) {
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
	child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	const firstLine = new Promise<string>((resolve, reject) => {
		child.stdout.on('data', () => {
			if (stdout.includes('\n')) resolve(stdout.split('\n')[0]);
		});
		child.on('exit', () => reject(new Error(`exited before printing: ${stderr}`)));
	});
	firstLine.catch(() => undefined); // only some tests wait for it
	return { child, firstLine, exited, out: () => stdout, err: () => stderr };
}

/** The sandbox's command line (sandbox/cli.ts) run with these arguments. */
function runCli(args: string[]) {
	return watched(
		spawn(
			process.execPath,
			[
				path.join(ROOT, 'node_modules/ts-node/dist/bin.js'),
				'--transpile-only',
				'sandbox/cli.ts',
				...args,
			],
			{ cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
		),
	);
}

describe('cli', () => {
	it('prints exactly one JSON line with the addresses and keys, serves, and stops cleanly on SIGTERM', async () => {
		const cli = runCli([
			'--port',
			'0',
			'--smtp-port',
			'0',
			'--accounts',
			'150',
			'--latency-ms',
			'0',
		]);
		const info = JSON.parse(await cli.firstLine);
		expect(Object.keys(info)).toEqual(['baseUrl', 'adminUrl', 'smtpPort', 'apiKeys']);
		expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
		expect(info.adminUrl).toBe(info.baseUrl.replace('/api/v1', '/__admin'));
		expect(info.smtpPort).toEqual(expect.any(Number));
		expect(info.apiKeys).toEqual({ A: 'dummy-key-project-a', B: 'dummy-key-project-b' });
		const ping = await axios.get(`${info.baseUrl}/ping`, { headers: { 'X-Api-Key': KEY_A } });
		expect(ping.data.message).toBe('pong');
		expect((await axios.get(`${info.adminUrl}/state`)).data.projects.A.accounts).toBe(150);
		cli.child.kill('SIGTERM');
		expect(await cli.exited).toBe(0);
		expect(cli.out().trim().split('\n')).toHaveLength(1);
	});

	// The start with 10,000 accounts is proven in-process below (scaling), and that the CLI passes --accounts on above:
	// a CLI start of 10,000 accounts added only a ts-node compile and a bigger seed under jest's time limit.

	it('refuses an unknown option with a message on stderr and exit code 1', async () => {
		const cli = runCli(['--colour', 'blue']);
		expect(await cli.exited).toBe(1);
		expect(cli.out()).toBe('');
		expect(cli.err()).toContain('unknown option');
	});
});

/** Whether something still listens on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

describe('npm run sandbox', () => {
	it.each(['SIGINT', 'SIGTERM'] as const)(
		"stops on %s to npm's own process: the sandbox gets the signal itself and closes",
		async (signal) => {
			const npm = watched(
				spawn('npm', ['run', '-s', 'sandbox', '--', '--port', '0', '--smtp-port', '0'], {
					cwd: ROOT,
					detached: true,
					stdio: ['ignore', 'pipe', 'pipe'],
				}),
			);
			const pid = npm.child.pid!;
			let below: number[] = [];
			try {
				const info = JSON.parse(await npm.firstLine) as { baseUrl: string };
				const port = Number(new URL(info.baseUrl).port);
				below = descendants(pid);
				expect(below.length).toBeGreaterThan(0);
				process.kill(pid, signal);
				// Bounded only so that a sandbox left running fails here instead of holding jest open.
				const stopped = await Promise.race([
					npm.exited,
					new Promise<string>((r) => setTimeout(() => r('still running after 30 s'), 30_000)),
				]);
				expect(stopped).toBe(0);
				// Not stopped by noticing its parent gone: the signal reached it.
				expect(npm.err()).toContain(`sandbox: ${signal}, closing`);
				for (let i = 0; i < 100 && below.some(alive); i++)
					await new Promise((r) => setTimeout(r, 50));
				expect(below.filter(alive)).toEqual([]);
				expect(await listening(port)).toBe(false);
			} finally {
				for (const left of [pid, ...below].filter(alive)) process.kill(left, 'SIGKILL');
			}
		},
		60_000,
	);
});

describe('scaling', () => {
	it('--accounts 10000 gives 10,000 dense ids, newest first', async () => {
		const sb = await startSandbox({ accounts: 10000 });
		try {
			const headers = { 'X-Api-Key': KEY_A };
			const first = await axios.get(`${sb.baseUrl}/accounts`, {
				headers,
				params: { include_spamchecker: true, per_page: 100 },
			});
			expect(first.data[0].id).toBe(10000);
			const last = await axios.get(`${sb.baseUrl}/accounts`, {
				headers,
				params: { include_spamchecker: true, per_page: 100, page: 99 },
			});
			expect(last.data.map((a: { id: number }) => a.id).at(-1)).toBe(1);
			expect((await axios.get(`${sb.adminUrl}/state`)).data.projects.A.accounts).toBe(10000);
		} finally {
			await sb.close();
		}
	});

	it('rejects an account count outside 3..99999', async () => {
		await expect(startSandbox({ accounts: 1 })).rejects.toThrow(/accounts/);
	});
});
