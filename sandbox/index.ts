/**
 * Programmatic entry: `startSandbox()` runs the HTTP API (+ admin) and the SMTP listener on 127.0.0.1 and returns
 * their addresses, the two project keys and `close()`. Tests start one per file on free ports (port 0).
 * With `tls` the API is served over HTTPS with that certificate (`baseUrl` is https://…), and the admin API also on a
 * plain-HTTP port of its own (`adminUrl`), so tests prepare and read state without trusting the certificate.
 */
import type { Server } from 'node:http';
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
	/** Serve the API over HTTPS with this certificate and key (PEM text; support/tls-ca.ts makes them). */
	tls?: { cert: string; key: string };
	/** With `tls`: the port of the plain-HTTP admin listener (default: any free one). */
	adminPort?: number;
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
	const deps = { store, deliverer, limiter };
	const scheme = options.tls ? 'https' : 'http';
	const server = createHttpServer(deps, { tls: options.tls });
	const servers = [server];
	if (options.tls) servers.push(createHttpServer(deps, { adminOnly: { apiUrl: () => baseUrl } }));
	let baseUrl = '';
	const closeServers = () =>
		Promise.all(
			servers.map((s) => {
				s.closeAllConnections();
				return new Promise<void>((resolve) => s.close(() => resolve()));
			}),
		);
	let smtp;
	try {
		await listen(server, options.port ?? 0);
		if (servers[1]) await listen(servers[1], options.adminPort ?? 0);
		smtp = await startSmtp(store, deliverer, options.smtpPort ?? 0);
	} catch (err) {
		await closeServers();
		throw err;
	}
	const port = (server.address() as AddressInfo).port;
	const adminPort = (servers[servers.length - 1].address() as AddressInfo).port;
	baseUrl = `${scheme}://127.0.0.1:${port}${API_PREFIX}`;
	return {
		baseUrl,
		adminUrl: `http://127.0.0.1:${adminPort}${ADMIN_PREFIX}`,
		smtpPort: smtp.port,
		apiKeys: { A: store.projects.A.apiKey, B: store.projects.B.apiKey },
		async close() {
			deliverer.cancelAll();
			await Promise.all([closeServers(), smtp.close()]);
		},
	};
}

function listen(server: Server, port: number): Promise<void> {
	return new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve());
	});
}
