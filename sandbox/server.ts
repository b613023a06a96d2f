/**
 * The HTTP side: one node:http server for /api/v1 (auth, faults, rate limit, latency, request log, routing, JSON
 * errors) and /__admin (loopback only). Order for an API request: log → injected fault → latency → auth (401) →
 * rate limit (429) → misbehaving-answer rule → route (404/405) → malformed body (400) → handler → optional
 * "processed then 500" → the rule's answer in place of the route's.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { Ctx, Reply, Route } from './api';
import { ApiError, matchRoute } from './api';
import type { AdminCtx } from './admin';
import { handleAdmin } from './admin';
import { takeFault } from './faults';
import { LOGIN_PATH, loginPage, misanswer, sendMisanswer, takeAnswerRule } from './misbehave';
import type { RequestLogEntry, Settings } from './admin-state';
import { accountRoutes } from './routes/accounts';
import { alertRoutes } from './routes/alerts';
import { automatedTestRoutes } from './routes/automated-tests';
import { domainRoutes } from './routes/domains';
import { emailWorkspaceRoutes } from './routes/email-workspaces';
import { accountActionRoutes } from './routes/account-actions';
import { imapAuthRoutes } from './routes/imap-auth';
import { notificationRoutes } from './routes/notifications';
import { pingRoutes } from './routes/ping';
import { spamTestRoutes } from './routes/spam-tests';
import { tagRoutes } from './routes/tags';
import { taskRoutes } from './routes/tasks';

export const API_PREFIX = '/api/v1';
export const ADMIN_PREFIX = '/__admin';

/** Batch before `/accounts/:id`: the first matching route wins. */
export const ROUTES: Route[] = [
	...taskRoutes,
	...accountRoutes,
	...imapAuthRoutes,
	...accountActionRoutes,
	...spamTestRoutes,
	...automatedTestRoutes,
	...domainRoutes,
	...emailWorkspaceRoutes,
	...alertRoutes,
	...notificationRoutes,
	...tagRoutes,
	...pingRoutes,
];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function send(res: http.ServerResponse, reply: Reply, headers: Record<string, string> = {}): void {
	if (reply.body === undefined) {
		res.writeHead(reply.status, headers);
		res.end();
		return;
	}
	const text = JSON.stringify(reply.body);
	res.writeHead(reply.status, {
		'content-type': 'application/json; charset=utf-8',
		'content-length': Buffer.byteLength(text),
		...headers,
	});
	res.end(text);
}

function errorReply(err: ApiError): Reply {
	return { status: err.status, body: { message: err.message, ...err.extra } };
}

function readBody(req: http.IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

/**
 * The query a route sees under the per_page setting (the log keeps what the client sent), so clients can be proven
 * against each reading of the spec's "may take per_page": honoured, ignored, or capped at `perPageCap`.
 */
function perPageApplied(query: Record<string, string>, settings: Settings): Record<string, string> {
	if (query.per_page === undefined || settings.perPageMode === 'honour') return query;
	const { per_page: asked, ...rest } = query;
	if (settings.perPageMode === 'ignore') return rest;
	return /^\d+$/.test(asked.trim())
		? { ...rest, per_page: String(Math.min(Number(asked), settings.perPageCap)) }
		: query;
}

function isLoopback(address: string | undefined): boolean {
	return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** `X-Api-Key: Bearer <key>` or `X-Api-Key: <key>`; the form is logged, the key never. */
function readKey(req: http.IncomingMessage): {
	form: RequestLogEntry['headerForm'];
	key: string | null;
} {
	const header = req.headers['x-api-key'];
	const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
	if (value === '') return { form: 'missing', key: null };
	if (/^bearer\s+/i.test(value))
		return { form: 'bearer', key: value.replace(/^bearer\s+/i, '').trim() };
	return { form: 'raw', key: value };
}

/**
 * How a server of the sandbox listens: `tls` serves everything over HTTPS with this certificate (the service is
 * HTTPS); `adminOnly` serves the admin API alone (the plain-HTTP companion of an HTTPS sandbox, so that tests and
 * scripts prepare state without trusting its CA), and answers any API path with where the API is.
 */
export interface ServerOptions {
	tls?: { key: string; cert: string };
	adminOnly?: { apiUrl: () => string };
}

export function createHttpServer(deps: AdminCtx, options: ServerOptions = {}): http.Server {
	const { store, deliverer, limiter } = deps;
	/** Connections that already carried an API request (counted once each). */
	const seen = new WeakSet<object>();

	async function api(
		req: http.IncomingMessage,
		res: http.ServerResponse,
		url: URL,
		raw: string,
	): Promise<void> {
		const method = req.method ?? 'GET';
		const path = url.pathname.slice(API_PREFIX.length) || '/';
		if (!seen.has(req.socket)) {
			seen.add(req.socket);
			store.connections.opened++;
			if ((req.socket as { isSessionReused?: () => boolean }).isSessionReused?.())
				store.connections.resumed++;
		}
		const query = Object.fromEntries(url.searchParams);
		// undefined = no body at all (a handler reads it as {}); a literal JSON null is a body that is not an object.
		let body: unknown = undefined;
		let malformed = false;
		if (raw.trim() !== '') {
			try {
				body = JSON.parse(raw);
			} catch {
				malformed = true;
			}
		}
		const { form, key } = readKey(req);
		const project = key === null ? undefined : store.projectByApiKey(key);
		const ua = req.headers['user-agent'];
		const entry = store.logRequest({
			at: new Date().toISOString(),
			method,
			path,
			query,
			body: malformed ? raw : (body ?? null), // malformed JSON is logged as the text that was sent
			headerForm: form,
			project: project?.key ?? null,
			userAgent: ua ?? null,
			status: null,
		});
		const reply = (r: Reply, headers: Record<string, string> = {}): void => {
			entry.status = r.status;
			send(res, r, headers);
		};

		const fault = takeFault(store, method, path);
		let processed500 = false;
		if (fault) {
			if (fault.kind === 'reset') {
				req.socket.destroy(); // status stays null in the log
				return;
			}
			if (fault.kind === 'latency') await sleep(fault.latencyMs);
			if (fault.kind === '429')
				return reply(
					{ status: 429, body: { message: 'Too many requests (injected fault)' } },
					{ 'retry-after': fault.retryAfter ?? '1' },
				);
			if (fault.kind === '500')
				return reply({ status: 500, body: { message: 'Internal server error (injected fault)' } });
			if (fault.kind === '503')
				return reply({ status: 503, body: { message: 'Service unavailable (injected fault)' } });
			processed500 = fault.kind === 'processed500';
		}
		if (store.settings.latencyMs > 0) await sleep(store.settings.latencyMs);

		if (!project) {
			return reply({
				status: 401,
				body: {
					message: form === 'missing' ? 'Missing API key (X-Api-Key header)' : 'Invalid API key',
				},
			});
		}
		if (!limiter.allow(store, project.key)) {
			return reply(
				{ status: 429, body: { message: 'Rate limit exceeded; retry after 1 second' } },
				{ 'retry-after': '1' },
			);
		}
		// A misbehaving-answer rule (admin /answers) changes what comes back; unless `perform` is false the request
		// is carried out first, as when a proxy or gateway mangles the service's answer.
		const rule = takeAnswerRule(store, method, path, key);
		if (rule && !rule.perform) {
			const written = misanswer(rule, null, path);
			entry.status = written.status;
			return await sendMisanswer(res, store, rule, written, { method, path });
		}
		let result: Reply;
		try {
			const match = matchRoute(ROUTES, method, path);
			if (match === null) throw new ApiError(404, `No route ${method} ${API_PREFIX}${path}`);
			if (match === 'wrong-method')
				throw new ApiError(405, `Method ${method} not allowed on ${API_PREFIX}${path}`);
			if (malformed) throw new ApiError(400, 'Malformed JSON body');
			const ctx: Ctx = {
				store,
				project,
				params: match.params,
				query: perPageApplied(query, store.settings),
				body,
				effects: deliverer,
			};
			result = match.route.handler(ctx);
		} catch (err) {
			if (!(err instanceof ApiError)) throw err;
			result = errorReply(err);
		}
		if (processed500)
			result = {
				status: 500,
				body: { message: 'Internal server error after processing (injected fault)' },
			};
		if (rule) {
			const written = misanswer(rule, result, path);
			entry.status = written.status;
			return await sendMisanswer(res, store, rule, written, { method, path });
		}
		reply(result);
	}

	const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
		void (async () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			try {
				const raw = await readBody(req);
				if (url.pathname === ADMIN_PREFIX || url.pathname.startsWith(`${ADMIN_PREFIX}/`)) {
					if (!isLoopback(req.socket.remoteAddress))
						return send(res, { status: 403, body: { message: 'Admin API is loopback only' } });
					try {
						return send(
							res,
							handleAdmin(
								deps,
								req.method ?? 'GET',
								url.pathname.slice(ADMIN_PREFIX.length) || '/',
								Object.fromEntries(url.searchParams),
								raw,
							),
						);
					} catch (err) {
						if (err instanceof ApiError) return send(res, errorReply(err));
						throw err;
					}
				}
				const isApi = url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`);
				if (isApi && options.adminOnly)
					return send(res, {
						status: 404,
						body: {
							message: `This port serves the admin API only: the API is at ${options.adminOnly.apiUrl()}`,
						},
					});
				if (isApi) return await api(req, res, url, raw);
				// The web app's sign-in page, where a `login-redirect` answer sends clients.
				if (url.pathname === LOGIN_PATH) return loginPage(res);
				send(res, {
					status: 404,
					body: { message: `Not found: ${url.pathname} (the API lives under ${API_PREFIX})` },
				});
			} catch (err) {
				process.stderr.write(
					`sandbox: ${req.method} ${url.pathname} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
				);
				if (!res.headersSent)
					send(res, { status: 500, body: { message: 'Internal sandbox error' } });
				else res.destroy();
			}
		})();
	};
	const server = options.tls
		? https.createServer({ key: options.tls.key, cert: options.tls.cert }, handle)
		: http.createServer(handle);
	// Idle keep-alive connections stay open well past any client's own idle limit (undici's fetch drops them after
	// about 4 s, n8n's agent later): with Node's default of 5 s, a loaded machine let the server close a socket at the
	// moment a client reused it, and that request failed with ECONNRESET (seen as a failing admin call in the tests).
	server.keepAliveTimeout = 65_000;
	server.headersTimeout = 66_000;
	return server;
}
