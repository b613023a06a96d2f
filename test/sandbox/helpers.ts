/**
 * Shared set-up for the sandbox's own tests: one in-process sandbox per test file on free ports, reset to the seed
 * data before each test, and small HTTP helpers that never throw on a status: the API (axios) and the admin API (support/sandbox-admin.ts).
 */
import axios from 'axios';
import type { AxiosResponse } from 'axios';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox } from '../../sandbox';
import type { Sandbox, SandboxOptions } from '../../sandbox';
import { adminCall, type AdminAnswer, type AdminMethod } from '../../support/sandbox-admin';

export const KEY_A = 'dummy-key-project-a';
export const KEY_B = 'dummy-key-project-b';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

interface CallOptions {
	/** 'A' / 'B' for the project keys, any other string as is, null for no header. */
	key?: 'A' | 'B' | string | null;
	/** Send `Bearer <key>` (default) or the bare key. */
	form?: 'bearer' | 'raw';
	query?: Record<string, string | number | boolean>;
	body?: unknown;
	/** Send this text as the body instead of JSON. */
	rawBody?: string;
	headers?: Record<string, string>;
}

interface TestSandbox {
	readonly sb: Sandbox;
	api(
		method: 'GET' | 'POST' | 'DELETE',
		path: string,
		options?: CallOptions,
	): Promise<AxiosResponse<Json>>;
	get(
		path: string,
		query?: CallOptions['query'],
		key?: CallOptions['key'],
	): Promise<AxiosResponse<Json>>;
	post(path: string, body?: unknown, key?: CallOptions['key']): Promise<AxiosResponse<Json>>;
	admin(method: AdminMethod, path: string, body?: unknown): Promise<AdminAnswer<Json>>;
}

export function useSandbox(options: SandboxOptions = {}, resetEachTest = true): TestSandbox {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, smtpPort: 0, ...options });
	});
	afterAll(async () => {
		await sandbox?.close();
	});
	const t: TestSandbox = {
		get sb() {
			if (!sandbox) throw new Error('sandbox not started');
			return sandbox;
		},
		async api(method, path, o = {}) {
			const key = o.key === undefined ? 'A' : o.key;
			const value = key === 'A' ? KEY_A : key === 'B' ? KEY_B : key;
			const headers: Record<string, string> = { 'content-type': 'application/json' };
			if (value !== null) headers['X-Api-Key'] = o.form === 'raw' ? value : `Bearer ${value}`;
			Object.assign(headers, o.headers);
			return axios.request({
				method,
				url: `${t.sb.baseUrl}${path}`,
				params: o.query,
				data: o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
				headers,
				// Send the text as is (axios would JSON-encode a malformed string and hide it).
				transformRequest: [(d: unknown) => d],
				transformResponse: (d: string) => (d === '' ? d : JSON.parse(d)),
				validateStatus: () => true,
			});
		},
		get: (path, query, key) => t.api('GET', path, { query, key }),
		post: (path, body, key) => t.api('POST', path, { body, key }),
		admin: (method, path, body) => adminCall<Json>(t.sb, method, path, body),
	};
	if (resetEachTest) {
		beforeEach(async () => {
			const r = await t.admin('POST', '/reset');
			if (r.status !== 200) throw new Error('reset failed');
		});
	}
	return t;
}

/** Every error answer: a JSON object with a human-readable message. */
export function expectError(res: AxiosResponse<Json>, status: number): void {
	expect(res.status).toBe(status);
	expect(typeof res.data.message).toBe('string');
	expect(res.data.message.length).toBeGreaterThan(0);
}

export interface Received {
	headers: http.IncomingHttpHeaders;
	body: Json;
}

/** A loopback webhook receiver; `answer` decides the status (and an optional delay) per request. */
export async function startReceiver(
	answer: (n: number) => { status: number; delayMs?: number } = () => ({ status: 200 }),
) {
	const received: Received[] = [];
	const server = http.createServer((req, res) => {
		let text = '';
		req.on('data', (c: Buffer) => (text += c.toString()));
		req.on('end', () => {
			received.push({ headers: req.headers, body: JSON.parse(text) });
			const { status, delayMs } = answer(received.length);
			const timer = setTimeout(() => {
				if (!res.destroyed) res.writeHead(status).end('{}');
			}, delayMs ?? 0);
			res.on('close', () => clearTimeout(timer));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
		received,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** Polls `check` until it returns true (or fails after `tries` × 50 ms); for asynchronous deliveries. */
export async function eventually(
	check: () => Promise<boolean> | boolean,
	tries = 200,
): Promise<void> {
	for (let i = 0; i < tries; i++) {
		if (await check()) return;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	throw new Error('condition not met in time');
}
