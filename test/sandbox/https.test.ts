/**
 * The sandbox over HTTPS, as the service is: its API only over TLS with a certificate from the run's own CA
 * (support/tls-ca.ts, Debian's openssl), trusted by a client that is given the CA and refused by one that is not; the
 * admin API on a plain-HTTP port of its own; the same from the command line (`--tls-cert`, `--tls-key`).
 */
import { spawn } from 'node:child_process';
import * as https from 'node:https';
import * as path from 'node:path';
import readline from 'node:readline';

import { startSandbox, type Sandbox } from '../../sandbox';
import { adminCall } from '../../support/sandbox-admin';
import { service } from '../../support/sandbox-api';
import { makeRunCa, type RunCa } from '../../support/tls-ca';

const ROOT = path.resolve(__dirname, '../..');

/** GET with node's https client and only the given CA trusted; the status, or the TLS error's code. */
function get(url: string, ca: string, key?: string, agent?: https.Agent): Promise<number | string> {
	return new Promise((resolve) => {
		https
			.get(url, { ca, agent, headers: key ? { 'X-Api-Key': key } : {} }, (res) => {
				res.resume();
				resolve(res.statusCode ?? 0);
			})
			.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
	});
}

let ca: RunCa;
let other: RunCa;
let sandbox: Sandbox;

beforeAll(async () => {
	ca = makeRunCa();
	other = makeRunCa();
	sandbox = await startSandbox({ tls: ca.issue('sandbox') });
});
afterAll(async () => {
	await sandbox?.close();
	ca?.remove();
	other?.remove();
});

it('serves the API over HTTPS to a client that trusts the run CA, and nothing to one that does not', async () => {
	expect(sandbox.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
	const key = sandbox.apiKeys.A;
	expect(await get(`${sandbox.baseUrl}/ping`, ca.caPem, key)).toBe(200);
	expect(
		await get(`${sandbox.baseUrl}/ping`.replace('127.0.0.1', 'localhost'), ca.caPem, key),
	).toBe(200);
	expect(await get(`${sandbox.baseUrl}/ping`, other.caPem, key)).toBe(
		'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	);
	await expect(service({ ...sandbox, ca: ca.caPem }, 'GET', '/ping')).resolves.toMatchObject({
		message: 'pong',
	});
});

it('keeps the admin API on plain HTTP, where an API path says where the API is', async () => {
	expect(sandbox.adminUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__admin$/);
	expect(new URL(sandbox.adminUrl).port).not.toBe(new URL(sandbox.baseUrl).port);
	const state = await adminCall<{ projects: { A: { accounts: number } } }>(
		sandbox,
		'GET',
		'/state',
	);
	expect(state.status).toBe(200);
	const res = await fetch(sandbox.adminUrl.replace('/__admin', '/api/v1/ping'));
	expect(res.status).toBe(404);
	expect(((await res.json()) as { message: string }).message).toContain(sandbox.baseUrl);
});

it('makes the wrong certificates users meet: self-signed, expired, for another host', async () => {
	const wrong = {
		self: ca.selfSigned('self'),
		expired: ca.issue('expired', { expired: true }),
		host: ca.issue('elsewhere', { hosts: ['api.other.example'] }),
	};
	const codes: Record<string, number | string> = {};
	for (const [name, tls] of Object.entries(wrong)) {
		const bad = await startSandbox({ tls });
		try {
			codes[name] = await get(`${bad.baseUrl}/ping`, ca.caPem, bad.apiKeys.A);
		} finally {
			await bad.close();
		}
	}
	expect(codes).toEqual({
		self: 'DEPTH_ZERO_SELF_SIGNED_CERT',
		expired: 'CERT_HAS_EXPIRED',
		host: 'ERR_TLS_CERT_ALTNAME_INVALID',
	});
});

it('serves HTTPS from the command line with --tls-cert and --tls-key', async () => {
	const tls = ca.issue('cli');
	const child = spawn(
		process.execPath,
		[
			path.join(ROOT, 'node_modules/ts-node/dist/bin.js'),
			'--transpile-only',
			'sandbox/cli.ts',
			'--port=0',
			'--smtp-port=0',
			'--tls-cert',
			tls.certFile,
			'--tls-key',
			tls.keyFile,
		],
		{ cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
	try {
		const line = await new Promise<string>((resolve, reject) => {
			readline.createInterface({ input: child.stdout }).once('line', resolve);
			child.once('exit', () => reject(new Error('sandbox exited before printing')));
		});
		const info = JSON.parse(line) as { baseUrl: string; adminUrl: string; apiKeys: { A: string } };
		expect(info.baseUrl).toMatch(/^https:\/\//);
		expect(await get(`${info.baseUrl}/ping`, ca.caPem, info.apiKeys.A)).toBe(200);
		expect((await fetch(`${info.adminUrl}/state`)).status).toBe(200);
	} finally {
		child.kill('SIGTERM');
	}
	expect(await exited).toBe(0);
});

it('counts the connections that carried API requests: a kept-alive one once, a new one each time', async () => {
	const ping = `${sandbox.baseUrl}/ping`;
	const key = sandbox.apiKeys.A;
	await adminCall(sandbox, 'DELETE', '/connections');
	const kept = new https.Agent({ keepAlive: true, ca: ca.caPem });
	for (let i = 0; i < 3; i++) expect(await get(ping, ca.caPem, key, kept)).toBe(200);
	kept.destroy();
	expect((await adminCall(sandbox, 'GET', '/connections')).data).toEqual({ opened: 1, resumed: 0 });
	for (let i = 0; i < 3; i++)
		expect(await get(ping, ca.caPem, key, new https.Agent({ ca: ca.caPem }))).toBe(200);
	expect((await adminCall(sandbox, 'GET', '/connections')).data).toEqual({ opened: 4, resumed: 0 });
	// One agent without keep-alive: a new connection each time, its TLS session resumed from the first.
	const resuming = new https.Agent({ ca: ca.caPem });
	for (let i = 0; i < 2; i++) expect(await get(ping, ca.caPem, key, resuming)).toBe(200);
	expect((await adminCall(sandbox, 'GET', '/connections')).data).toEqual({ opened: 6, resumed: 1 });
});
