/**
 * Two runs on one machine (two e2e suites, a bench beside `npm start`) never get the same port for the processes
 * they start (support/ports.ts), and a run that was killed leaves no port blocked.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { CLAIMS, claimPort, freePort, releasePort } from '../../support/ports';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Another process of this project asking for `count` ports; it prints them as one JSON list and lives on (holding
 * them, as a run holds its ports while its processes run) until `end` is called.
 */
async function anotherRun(count: number): Promise<{ ports: number[]; end: () => Promise<void> }> {
	const script = `(async () => { const { freePort } = require('./support/ports'); const got = []; for (let i = 0; i < ${count}; i++) got.push(await freePort()); console.log(JSON.stringify(got)); process.stdin.resume(); process.stdin.on('end', () => process.exit(0)); })();`;
	const child = spawn(
		process.execPath,
		[path.join(ROOT, 'node_modules/ts-node/dist/bin.js'), '--transpile-only', '-e', script],
		{ cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
	);
	const exited = new Promise((resolve) => child.once('exit', resolve));
	let out = '';
	await new Promise<void>((resolve, reject) => {
		child.stdout.on('data', (c: Buffer) => {
			out += c.toString();
			if (out.includes('\n')) resolve();
		});
		child.once('exit', (code) => reject(new Error(`exited with ${code} before printing`)));
	});
	return {
		ports: JSON.parse(out) as number[],
		end: async () => {
			child.stdin.end();
			await exited;
		},
	};
}

it('two runs asking for ports at the same time are given different ones', async () => {
	const [one, two] = await Promise.all([anotherRun(150), anotherRun(150)]);
	try {
		expect(new Set(one.ports).size).toBe(150);
		expect(one.ports.filter((port) => two.ports.includes(port))).toEqual([]);
	} finally {
		await Promise.all([one.end(), two.end()]);
	}
}, 120_000);

it('a port another live run holds is not handed out; one of a run that is gone is', async () => {
	const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
	try {
		const port = await freePort();
		releasePort(port);
		fs.writeFileSync(path.join(CLAIMS, String(port)), String(holder.pid));
		expect(claimPort(port)).toBe(false);
		holder.kill('SIGKILL');
		await new Promise((resolve) => holder.once('exit', resolve));
		expect(claimPort(port)).toBe(true);
		releasePort(port);
	} finally {
		holder.kill('SIGKILL');
	}
});

it('a run drops its claims when it exits', async () => {
	const run = await anotherRun(1);
	const claim = path.join(CLAIMS, String(run.ports[0]));
	expect(fs.existsSync(claim)).toBe(true);
	await run.end();
	expect(fs.existsSync(claim)).toBe(false);
}, 120_000);
