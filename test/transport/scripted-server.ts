/** A loopback HTTP server that answers from a script and records every request (for transport tests). */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { retryPolicy } from '../../nodes/shared/transport';

interface Recorded {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: string;
	at: number;
}

/** What to do with one request: answer, or cut the connection without answering. */
type Step =
	| { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
	| { reset: true }
	/** Never answer (the client's timeout fires); the socket is closed when the server closes. */
	| { hang: true };

class ScriptedServer {
	readonly requests: Recorded[] = [];
	/** Most requests being answered at the same time (a delayed answer keeps its request open). */
	maxConcurrent = 0;
	private open = 0;
	private script: Step[] = [];
	private fallback: (req: Recorded) => Step = () => ({ status: 200, body: { ok: true } });
	private server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (c: Buffer) => (body += c.toString()));
		req.on('end', () => {
			const recorded = {
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body,
				at: Date.now(),
			};
			this.requests.push(recorded);
			const step = this.script.shift() ?? this.fallback(recorded);
			if ('reset' in step) {
				req.socket.destroy();
				return;
			}
			if ('hang' in step) return;
			this.open++;
			this.maxConcurrent = Math.max(this.maxConcurrent, this.open);
			setTimeout(() => {
				this.open--;
				res.writeHead(step.status, { 'content-type': 'application/json', ...(step.headers ?? {}) });
				res.end(step.body === undefined ? '' : JSON.stringify(step.body));
			}, step.delayMs ?? 0);
		});
	});

	/**
	 * Resolves once `n` requests have been read (or after `withinMs`, leaving the count to the test's assertion). A
	 * client that gives up first (a short timeout) can finish before a starved event loop reads its request; without
	 * this wait that request would be logged, and take a step, in the next test.
	 */
	async received(n: number, withinMs = 5000): Promise<void> {
		const until = Date.now() + withinMs;
		while (this.requests.length < n && Date.now() < until)
			await new Promise((resolve) => setTimeout(resolve, 10));
	}

	async start(): Promise<string> {
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v1`;
	}

	/** Steps used in order; after them, `fallback` answers. */
	reply(steps: Step[], fallback?: (req: Recorded) => Step): void {
		this.requests.length = 0;
		this.maxConcurrent = 0;
		this.script = [...steps];
		if (fallback) this.fallback = fallback;
		else this.fallback = () => ({ status: 200, body: { ok: true } });
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}

/**
 * Call at the top of a test file: one scripted server for the file, and retry waits shortened so 429/5xx paths run
 * fast (the retry policy itself is unchanged). `baseUrl()` is valid once the file's tests run.
 */
export function useScriptedServer(): { server: ScriptedServer; baseUrl: () => string } {
	const server = new ScriptedServer();
	const saved = { ...retryPolicy };
	let url = '';
	beforeAll(async () => {
		url = await server.start();
		retryPolicy.baseDelayMs = 10;
	});
	afterAll(async () => {
		Object.assign(retryPolicy, saved);
		await server.close();
	});
	return { server, baseUrl: () => url };
}
