/**
 * Programmatic entry: `startSandbox()` runs the HTTP API (+ admin) and the SMTP listener on 127.0.0.1 and returns
 * their addresses, the two project keys and `close()`. Tests start one per file on free ports (port 0).
 */
import type { AddressInfo } from 'node:net';
import { Deliverer } from './delivery';
import { RateLimiter } from './faults';
import { ADMIN_PREFIX, API_PREFIX, createHttpServer } from './server';
import { startSmtp } from './smtp';
import { resetToSeed } from './seed';
import { Store } from './store';

export interface SandboxOptions {
	port?: number;
	smtpPort?: number;
	accounts?: number;
	latencyMs?: number;
}

export interface SandboxInfo {
	baseUrl: string;
	adminUrl: string;
	smtpPort: number;
	apiKeys: { A: string; B: string };
}

export interface Sandbox extends SandboxInfo {
	close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const accounts = options.accounts ?? 120;
	if (!Number.isInteger(accounts) || accounts < 3 || accounts > 250000)
		throw new Error('accounts must be an integer from 3 to 250000');
	const store = new Store({ accounts, latencyMs: options.latencyMs ?? 0 });
	resetToSeed(store);
	const deliverer = new Deliverer(store);
	const limiter = new RateLimiter();
	const server = createHttpServer({ store, deliverer, limiter });
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
	});
	let smtp;
	try {
		smtp = await startSmtp(store, deliverer, options.smtpPort ?? 0);
	} catch (err) {
		server.close();
		throw err;
	}
	const port = (server.address() as AddressInfo).port;
	return {
		baseUrl: `http://127.0.0.1:${port}${API_PREFIX}`,
		adminUrl: `http://127.0.0.1:${port}${ADMIN_PREFIX}`,
		smtpPort: smtp.port,
		apiKeys: { A: store.projects.A.apiKey, B: store.projects.B.apiKey },
		async close() {
			deliverer.cancelAll();
			server.closeAllConnections();
			await Promise.all([
				new Promise<void>((resolve) => server.close(() => resolve())),
				smtp.close(),
			]);
		},
	};
}
