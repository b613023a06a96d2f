/**
 * A forward proxy on loopback, as a company puts one between n8n and the internet: plain-HTTP requests in absolute
 * form (`GET http://host:port/path`) are passed on, HTTPS goes through a `CONNECT host:port` tunnel. Every request
 * it gets is logged, so a test can prove which calls went through it. Modes: `forward` (pass everything on),
 * `refuse` (403 for every request, as a proxy whose policy blocks the host), `needs-auth` (407 unless the request
 * carries the login given as `login`: Basic `user:password`). It only reaches loopback addresses: anything else
 * (n8n's own calls home, should one slip through) is answered 403 and logged.
 */
import http from 'node:http';
import net from 'node:net';

export type ProxyMode = 'forward' | 'refuse' | 'needs-auth';

export interface ProxyLogEntry {
	/** `CONNECT` for a tunnel, else the request's method. */
	method: string;
	/** `host:port` of a tunnel; the absolute URL of a plain request. */
	target: string;
	/** What the proxy answered (200 for an established tunnel). */
	status: number;
	/** Whether the request carried a Proxy-Authorization header. */
	authorized: boolean;
}

export interface LocalProxy {
	/** `http://127.0.0.1:<port>`: what HTTP_PROXY / HTTPS_PROXY are set to. */
	url: string;
	/** The same URL with the login in it (`http://user:password@127.0.0.1:<port>`), for `needs-auth`. */
	urlWithLogin: string;
	port: number;
	mode: ProxyMode;
	readonly log: ProxyLogEntry[];
	/** The log entries whose target is on this host:port (a tunnel to it, or a plain request to a URL on it). */
	to(hostPort: string): ProxyLogEntry[];
	/**
	 * The requests to this host:port as "METHOD /path?query" below /api/v1, in the form of the sandbox's own request
	 * log; a tunnel as "CONNECT host:port" (what goes through it is encrypted: the proxy sees only that).
	 */
	requestLines(hostPort: string): string[];
	close(): Promise<void>;
}

export interface ProxyOptions {
	mode?: ProxyMode;
	/** The login `needs-auth` accepts (default `proxyuser:proxy-pass-1`). */
	login?: { user: string; password: string };
	/** Port to listen on (default: any free one). */
	port?: number;
}

/** The words a refusing proxy answers with, as Squid-like proxies do: a page of its own, not the service's JSON. */
const REFUSED_PAGE =
	'<html><head><title>Access denied</title></head><body><h1>Access denied</h1><p>The proxy policy does not allow this request.</p></body></html>';
const LOGIN_PAGE =
	'<html><head><title>Proxy login required</title></head><body><h1>Proxy Authentication Required</h1></body></html>';

function isLoopback(host: string): boolean {
	const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
	return (
		bare === 'localhost' ||
		bare.endsWith('.localhost') ||
		bare === '::1' ||
		(net.isIPv4(bare) && bare.startsWith('127.'))
	);
}

/**
 * The address the proxy connects to for a loopback host: `localhost` and every `*.localhost` name are 127.0.0.1
 * (RFC 6761; the sandbox listens there). Such names resolve nowhere else on a plain Linux machine, so a request to
 * one can only have gone through this proxy.
 */
function addressOf(host: string): string {
	const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
	return bare === 'localhost' || bare.endsWith('.localhost') ? '127.0.0.1' : bare;
}

/** host and port of a CONNECT target (`host:port`, `[::1]:port`). */
function splitHostPort(target: string): { host: string; port: number } {
	const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(target);
	return m ? { host: m[1], port: Number(m[2]) } : { host: target, port: 443 };
}

/**
 * The credentials' Base URL host behind a proxy: a loopback name by RFC 6761 that this machine's resolver does not
 * know and the proxy resolves to 127.0.0.1, so whatever reached the sandbox under it went through the proxy.
 */
export const PROXIED_HOST = 'api.deliverability.localhost';

/** `host:port` of a server (the sandbox) as named through the proxy: what `to` and `requestLines` take. */
export function proxiedAt(server: { baseUrl: string }): string {
	return `${PROXIED_HOST}:${new URL(server.baseUrl).port}`;
}

/** The sandbox's API Base URL as a credential names it behind the proxy (plain HTTP). */
export function proxiedApiBaseUrl(server: { baseUrl: string }): string {
	return `http://${proxiedAt(server)}/api/v1`;
}

/** n8n's environment behind this proxy, as docs/install.md sets it: everything through it but n8n's own address. */
export function proxyEnv(proxy: LocalProxy): Record<string, string> {
	return { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '127.0.0.1' };
}

export async function startProxy(options: ProxyOptions = {}): Promise<LocalProxy> {
	const login = options.login ?? { user: 'proxyuser', password: 'proxy-pass-1' };
	const expected = `Basic ${Buffer.from(`${login.user}:${login.password}`).toString('base64')}`;
	const log: ProxyLogEntry[] = [];
	const sockets = new Set<net.Socket>();

	/** The status the mode answers with before anything is passed on; undefined: pass it on. */
	const verdict = (headers: http.IncomingHttpHeaders, host: string): number | undefined => {
		if (proxy.mode === 'refuse') return 403;
		if (proxy.mode === 'needs-auth' && headers['proxy-authorization'] !== expected) return 407;
		return isLoopback(host) ? undefined : 403;
	};
	const record = (req: http.IncomingMessage, target: string, status: number) =>
		log.push({
			method: req.method ?? '',
			target,
			status,
			authorized: req.headers['proxy-authorization'] !== undefined,
		});

	const server = http.createServer((req, res) => {
		let target: URL;
		try {
			target = new URL(req.url ?? '');
		} catch {
			// Not a proxy request (a relative path): a proxy answers 400.
			record(req, req.url ?? '', 400);
			res.writeHead(400, { 'content-type': 'text/plain' }).end('Not a proxy request');
			return;
		}
		const refused = verdict(req.headers, target.hostname);
		if (refused !== undefined) {
			record(req, target.href, refused);
			res.writeHead(refused, {
				'content-type': 'text/html',
				...(refused === 407 ? { 'proxy-authenticate': 'Basic realm="local proxy"' } : {}),
			});
			res.end(refused === 407 ? LOGIN_PAGE : REFUSED_PAGE);
			return;
		}
		const headers = { ...req.headers };
		delete headers['proxy-authorization'];
		delete headers['proxy-connection'];
		const upstream = http.request(
			{
				host: addressOf(target.hostname),
				port: target.port || 80,
				method: req.method,
				path: `${target.pathname}${target.search}`,
				headers,
			},
			(answer) => {
				record(req, target.href, answer.statusCode ?? 0);
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		upstream.on('error', () => {
			record(req, target.href, 502);
			if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/html' });
			res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
		});
		req.pipe(upstream);
	});

	server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
		const target = req.url ?? '';
		const { host, port } = splitHostPort(target);
		const refused = verdict(req.headers, host);
		if (refused !== undefined) {
			record(req, target, refused);
			const page = refused === 407 ? LOGIN_PAGE : REFUSED_PAGE;
			client.end(
				`HTTP/1.1 ${refused} ${refused === 407 ? 'Proxy Authentication Required' : 'Forbidden'}\r\n` +
					(refused === 407 ? 'Proxy-Authenticate: Basic realm="local proxy"\r\n' : '') +
					`Content-Type: text/html\r\nContent-Length: ${Buffer.byteLength(page)}\r\nConnection: close\r\n\r\n${page}`,
			);
			return;
		}
		const upstream = net.connect(port, addressOf(host), () => {
			record(req, target, 200);
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			if (head.length) upstream.write(head);
			upstream.pipe(client);
			client.pipe(upstream);
		});
		sockets.add(upstream);
		upstream.on('close', () => sockets.delete(upstream));
		upstream.on('error', () => {
			if (!client.writableEnded) {
				record(req, target, 502);
				client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
			}
		});
		client.on('error', () => upstream.destroy());
	});
	server.on('connection', (socket: net.Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
	});
	const { port } = server.address() as net.AddressInfo;
	const proxy: LocalProxy = {
		url: `http://127.0.0.1:${port}`,
		urlWithLogin: `http://${encodeURIComponent(login.user)}:${encodeURIComponent(login.password)}@127.0.0.1:${port}`,
		port,
		mode: options.mode ?? 'forward',
		log,
		to(hostPort) {
			return log.filter((entry) => {
				if (entry.method === 'CONNECT') return entry.target === hostPort;
				try {
					return new URL(entry.target).host === hostPort;
				} catch {
					return false;
				}
			});
		},
		requestLines(hostPort) {
			return this.to(hostPort).map((entry) => {
				if (entry.method === 'CONNECT') return `CONNECT ${entry.target}`;
				const url = new URL(entry.target);
				return `${entry.method} ${url.pathname.replace('/api/v1', '')}${url.search}`;
			});
		},
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
	return proxy;
}
