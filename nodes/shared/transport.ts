/**
 * The only module that talks HTTP. Every operation of both nodes goes through `apiRequest` (one call) or
 * `apiRequestAllItems` (page-numbered lists), so auth, retries, error mapping and pagination live here once.
 *
 * Retry policy (spec §7 + service facts):
 * - 429 is always retried: the service refused the request before doing anything. Retry-After (seconds or an
 *   HTTP date) is honoured, else exponential backoff 1, 2, 4, 8 s with jitter.
 * - 5xx, timeouts and connection resets are retried only for `read` and `update` requests (GET, update by id,
 *   DELETE by id): repeating them cannot create anything twice.
 * - `create` requests (the service has no idempotency keys; POST /spam_tests even costs a credit) are retried on
 *   429 and on errors that prove the request never reached the service (connection refused, DNS failure). When a
 *   create's answer is lost (reset, timeout, 5xx), the error's headline says it may have been created and where to
 *   look; no headline of ours advises repeating a create.
 * - A refused connection or an unknown host is tried once more after a moment, then remembered for a few seconds
 *   (per key and base URL, see pacer.ts): the requests of later items fail at once instead of each waiting through
 *   its own retries, so a stopped service or a mistyped URL costs seconds, not 15 s per item.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IPollFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { createTurn } from './itemGate';
import { DEFAULT_REQUESTS_PER_SECOND, pacerFor, pacerPolicy, type Pacer } from './pacer';
import { redact, redactDeep } from './redact';
import { throwIfInvalid } from './validation';
import { USER_AGENT } from './version';

export const CREDENTIAL_NAME = 'deliverabilityApi';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions | IPollFunctions;

/** How safe a request is to repeat; decides which failures are retried. */
export type RequestKind = 'read' | 'update' | 'create';

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, e.g. `/accounts/12`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** Defaults: GET → read, DELETE → update, POST → create (the safe assumption). */
	kind?: RequestKind;
	/** Item the request belongs to, so errors point at it. */
	itemIndex?: number;
}

/** Timing knobs. Mutable only so tests can shorten the waits; nodes never change them. */
export const retryPolicy = {
	maxRetries: 4,
	baseDelayMs: 1000,
	/** Longest Retry-After we are willing to sit through; longer answers fail with the 429. */
	maxRetryAfterMs: 60_000,
	timeoutMs: 60_000,
};

const NEVER_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
/** Never reached, and not going to change within seconds: one quick retry, then remembered (fail fast). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND']);
const TIMEOUTS = new Set(['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT', 'ERR_SOCKET_CONNECTION_TIMEOUT']);
const MAYBE_PROCESSED = new Set([
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'ESOCKETTIMEDOUT',
	'EPIPE',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
]);

const STATUS_GUIDANCE: Record<number, string> = {
	400: 'The service could not read the request: a required field is missing or a value is malformed.',
	401: 'The API key was refused. Check the key in the credential, and try the other "Header Form" (Bearer prefix or raw key).',
	403: "The API key's project has no access to this resource. Use a key of the project that owns it.",
	404: 'Nothing exists at this ID. Check the ID (and that it belongs to the project of the API key).',
	422: 'The service understood the request but cannot act on it. The details say which field or state is the problem.',
	429: 'Too many requests: the service asked us to slow down and retries ran out. Lower the request rate or try again later.',
};

interface RawResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

export function baseUrlOf(credentials: IDataObject): string {
	return String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
}

function secretsOf(credentials: IDataObject): string[] {
	const raw = String(credentials.apiKey ?? '').trim();
	const bare = raw.replace(/^bearer\s+/i, '');
	return [raw, bare].filter((s) => s.length >= 4);
}

/**
 * A successful answer with every trace of the API key removed. The service has no reason to echo the key, but if
 * it did, the key would land in output items that anyone with access to the workflow's executions can read.
 */
function withoutKey(body: unknown, secrets: string[]): unknown {
	if (secrets.length === 0 || body === null || body === undefined) return body;
	const text = typeof body === 'string' ? body : JSON.stringify(body);
	// In JSON text a key with quotes or backslashes appears escaped.
	const found = secrets.some((secret) => text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1)));
	return found ? redactDeep(body, secrets) : body;
}

/** The network error code of a failed request, looked up through wrapped causes. */
export function networkCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
		const message = (current as { message?: unknown }).message;
		if (typeof message === 'string' && /socket hang up/i.test(message)) return 'ECONNRESET';
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/** Milliseconds asked for by a Retry-After header (delta-seconds or HTTP date), if any. */
export function parseRetryAfter(header: unknown, now = Date.now()): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const trimmed = value.trim();
	if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
	const date = Date.parse(trimmed);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - now);
}

function backoffMs(retry: number): number {
	const base = retryPolicy.baseDelayMs * 2 ** retry;
	// Full jitter on the upper quarter keeps clients from retrying in lockstep.
	return Math.round(base * (0.75 + Math.random() * 0.25));
}

function headerValue(headers: RawResponse['headers'], name: string): string | undefined {
	const found = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name);
	const value = found?.[1];
	return Array.isArray(value) ? value[0] : value;
}

function serviceMessage(body: unknown): string | undefined {
	if (body && typeof body === 'object' && !Array.isArray(body)) {
		const message = (body as IDataObject).message ?? (body as IDataObject).error;
		if (typeof message === 'string' && message.trim()) return message.trim();
	}
	if (typeof body === 'string' && body.trim() && body.length < 500) return body.trim();
	return undefined;
}

/** What a create of this path makes, and where the user can see whether it was made. */
function createdThing(path: string): { what: string; where: string } {
	if (/^\/spam_tests\/?$/.test(path)) return { what: 'The spam test may have been created (and a credit spent)', where: 'Spam Test → Get Many' };
	if (/^\/automated_tests\/?$/.test(path)) return { what: 'The automated test may have been created', where: 'Automated Test → Get Many' };
	if (/^\/alerts\/?$/.test(path)) return { what: 'The alert may have been created', where: 'Alert → Get Many' };
	if (/^\/accounts\/batch\/?$/.test(path)) return { what: 'The batch task may have been started', where: 'Account → Get Many (whether the accounts changed)' };
	if (/^\/imap_auth\/?$/.test(path)) return { what: 'The mailbox may have been connected', where: 'Account → Get Many (search for its address)' };
	if (/^\/email_workspaces\/?$/.test(path)) return { what: 'The email workspace may have been created', where: "the service's email workspaces" };
	return { what: 'It may have been created', where: 'the service' };
}

/** The headline of a create whose answer was lost: what may exist now, why we do not know, what to check. */
function createHeadline(request: ApiRequest, cause: string): string {
	const { what, where } = createdThing(request.path);
	return `${what}: ${cause}. Check ${where} before running this again`;
}

/**
 * n8n's NodeApiError replaces a message that contains a known network code (ECONNRESET, ETIMEDOUT, …) with its own
 * canned text ("You can retry the request immediately…"). Our headlines are final: set after construction, so
 * neither that replacement nor the status-code texts can turn a create's warning into advice to repeat it.
 */
function withHeadline(error: NodeApiError, headline: string): NodeApiError {
	error.message = headline;
	return error;
}

function apiError(
	ctx: ApiContext,
	request: ApiRequest,
	response: RawResponse,
	secrets: string[],
): NodeApiError {
	const status = response.statusCode;
	const message = redact(serviceMessage(response.body) ?? `The service answered with HTTP ${status}`, secrets);
	const details: IDataObject = {};
	if (response.body && typeof response.body === 'object' && !Array.isArray(response.body)) {
		for (const [k, v] of Object.entries(response.body as IDataObject)) {
			if (k !== 'message') details[k] = redactDeep(v, secrets) as IDataObject;
		}
	}
	const lostCreate = status >= 500 && kindOf(request) === 'create';
	const guidance =
		STATUS_GUIDANCE[status] ??
		(lostCreate
			? 'The service had an internal problem after the request reached it. Creates are never repeated automatically, since the service may have processed it.'
			: status >= 500
				? 'The service had an internal problem and retries ran out.'
				: 'The service refused the request.');
	const detailText = Object.keys(details).length ? ` Details: ${JSON.stringify(details)}` : '';
	const headline = lostCreate
		? createHeadline(request, `the service answered HTTP ${status} ("${message}")`)
		: `${message} [HTTP ${status}]`;
	const error = new NodeApiError(
		ctx.getNode(),
		{ message, httpCode: String(status), ...details } as JsonObject,
		{
			message: headline,
			description: `${guidance}${detailText} (${request.method} ${request.path})`,
			httpCode: String(status),
			itemIndex: request.itemIndex,
		},
	);
	error.context.details = details;
	return withHeadline(error, headline);
}

function networkError(
	ctx: ApiContext,
	request: ApiRequest,
	code: string | undefined,
	attempts: number,
	remembered?: Pacer,
): NodeApiError {
	const shown = code ?? 'network error';
	let headline: string;
	let advice = 'Check the Base URL in the credential and that the service is up.';
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
		headline = "The Base URL's host name could not be found: check the Base URL in the credential";
	} else if (code === 'ECONNREFUSED') {
		headline = 'The service refused the connection: check the Base URL in the credential and that the service is running';
	} else if (kindOf(request) === 'create') {
		const cause = code && TIMEOUTS.has(code) ? `no answer came within ${Math.round(retryPolicy.timeoutMs / 1000)} s` : 'the connection broke before the answer came';
		headline = createHeadline(request, cause);
		advice = 'Creates are never repeated automatically after the request may have reached the service.';
	} else {
		headline = code && TIMEOUTS.has(code) ? `The service did not answer within ${Math.round(retryPolicy.timeoutMs / 1000)} s` : 'The connection to the service broke before the answer came';
	}
	const memory = remembered
		? ` Not tried again: a connection to this Base URL was refused ${((Date.now() - remembered.refusedAt) / 1000).toFixed(1)} s ago (remembered for ${pacerPolicy.refusedMemoryMs / 1000} s).`
		: '';
	const error = new NodeApiError(
		ctx.getNode(),
		{ message: headline, networkCode: code ?? 'UNKNOWN' } as JsonObject,
		{
			message: headline,
			description: `${advice} Network error: ${shown}. Attempts: ${attempts}.${memory} (${request.method} ${request.path})`,
			itemIndex: request.itemIndex,
		},
	);
	return withHeadline(error, headline);
}

function kindOf(request: ApiRequest): RequestKind {
	if (request.kind) return request.kind;
	if (request.method === 'GET') return 'read';
	if (request.method === 'DELETE') return 'update';
	return 'create';
}

/** What every request of one node run needs from the credential, read and decrypted once per run. */
interface Session {
	decrypted: ICredentialsDecrypted;
	secrets: string[];
	baseUrl: string;
	pacer: Pacer;
}

const sessions = new WeakMap<object, Promise<Session>>();

/**
 * The credential of this execution context, read once: n8n reads it from the database and decrypts it on every
 * getCredentials call (twice per request when httpRequestWithAuthentication reads it again), so the decrypted data is
 * kept with the context (a WeakMap: it goes when the run's context goes) and handed to n8n's request helper.
 */
async function sessionOf(ctx: ApiContext, itemIndex: number | undefined): Promise<Session> {
	let session = sessions.get(ctx);
	if (!session) {
		session = (async () => {
			const credentials = (await ctx.getCredentials(CREDENTIAL_NAME)) as ICredentialDataDecryptedObject;
			const baseUrl = baseUrlOf(credentials);
			const bareKey = String(credentials.apiKey ?? '').trim().replace(/^bearer\s+/i, '');
			const rate = credentials.maxRequestsPerSecond;
			const perSecond = typeof rate === 'number' && Number.isFinite(rate) ? rate : DEFAULT_REQUESTS_PER_SECOND;
			const reference = ctx.getNode().credentials?.[CREDENTIAL_NAME];
			return {
				decrypted: { id: reference?.id ?? '', name: reference?.name ?? '', type: CREDENTIAL_NAME, data: credentials },
				secrets: secretsOf(credentials),
				baseUrl,
				pacer: pacerFor(baseUrl, bareKey, perSecond),
			};
		})();
		sessions.set(ctx, session);
		// A failed read is not kept: the next request reads again.
		session.catch(() => sessions.delete(ctx));
	}
	const resolved = await session;
	if (!/^https?:\/\/[^/]+/i.test(resolved.baseUrl)) {
		throw new NodeOperationError(ctx.getNode(), 'The Base URL in the credential is not an http(s) URL', {
			description: 'Set it to the service address ending in /api/v1, e.g. https://api.example.com/api/v1',
			itemIndex,
		});
	}
	return resolved;
}

/** One API call with auth, pacing, retries and error mapping. Returns the parsed JSON body (for lists: see listFrom). */
export async function apiRequest(this: ApiContext, request: ApiRequest): Promise<IDataObject> {
	// Nothing leaves for an item with invalid fields: their collected errors are thrown here, all at once.
	throwIfInvalid(this, request.itemIndex);
	const { decrypted, secrets, baseUrl, pacer } = await sessionOf(this, request.itemIndex);
	const kind = kindOf(request);
	// A create waits until every earlier item of the run has finished (itemGate.ts): creates stay one at a time.
	if (kind === 'create') await createTurn(this, request.itemIndex);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
		qs: request.qs,
		body: request.body,
		json: true,
		headers: { 'User-Agent': USER_AGENT, Accept: 'application/json' },
		timeout: retryPolicy.timeoutMs,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (request.body === undefined) delete options.body;
	let refusedOnce = false;

	for (let attempt = 0; ; attempt++) {
		// A refusal remembered from another request (earlier item, other page): fail without a new attempt. A
		// request's own quick retry after its first refusal is exempt, so the memory never blocks the probe.
		if (pacer.isRefused() && !(attempt === 1 && refusedOnce)) throw networkError(this, request, 'ECONNREFUSED', attempt, pacer);
		let response: RawResponse;
		const release = await pacer.acquire();
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_NAME, options, {
				credentialsDecrypted: decrypted,
			})) as RawResponse;
		} catch (error) {
			release();
			const code = networkCode(error);
			if (code === 'ERR_CANCELED') {
				throw new NodeApiError(this.getNode(), { message: 'Request cancelled' } as JsonObject, {
					message: 'The request was cancelled because the execution stopped',
					itemIndex: request.itemIndex,
				});
			}
			if (code && UNREACHABLE.has(code)) {
				pacer.refused();
				if (attempt === 0) {
					refusedOnce = true;
					await sleep(pacerPolicy.refusedRetryMs);
					continue;
				}
				throw networkError(this, request, code, attempt + 1);
			}
			const retryable = (code && NEVER_REACHED.has(code)) || (kind !== 'create' && code !== undefined && MAYBE_PROCESSED.has(code));
			if (retryable && attempt < retryPolicy.maxRetries) {
				await sleep(backoffMs(attempt));
				continue;
			}
			throw networkError(this, request, code, attempt + 1);
		}
		release();
		const status = response.statusCode;
		if (status === 429) {
			// The whole pacer waits out Retry-After and slows down, not just this request: the others would be refused too.
			const asked = parseRetryAfter(headerValue(response.headers, 'retry-after'));
			pacer.throttled(Math.min(asked ?? backoffMs(attempt), retryPolicy.maxRetryAfterMs));
		} else {
			pacer.succeeded();
		}
		if (status < 400) return withoutKey(response.body, secrets) as IDataObject;

		if (attempt < retryPolicy.maxRetries) {
			if (status === 429) {
				const asked = parseRetryAfter(headerValue(response.headers, 'retry-after'));
				// The pacer holds this request (and every other) until the wait is over.
				if (asked === undefined || asked <= retryPolicy.maxRetryAfterMs) continue;
			} else if (status >= 500 && kind !== 'create') {
				await sleep(backoffMs(attempt));
				continue;
			}
		}
		throw apiError(this, request, response, secrets);
	}
}

/** The array inside a list answer. Lists are bare arrays; an object wrapping one array is tolerated. */
export function listFrom(body: unknown): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	if (body && typeof body === 'object') {
		const arrays = Object.values(body as IDataObject).filter(Array.isArray);
		if (arrays.length === 1) return arrays[0] as IDataObject[];
	}
	return [];
}

function identity(item: IDataObject): string | undefined {
	const id = item.id ?? item.public_id;
	return id === undefined || id === null ? undefined : String(id);
}

/** `per_page` asked of lists: the sandbox accepts up to 100; the service's maximum is not documented. */
export const MAX_PER_PAGE = 100;

/** Pages of one list asked for ahead of the one being read (all within the pacer). */
export const LOOKAHEAD_PAGES = 4;

/**
 * Page-numbered list (`page` = 0, 1, 2 …), asking for `per_page` = 100 (or the limit, when smaller) with pages in
 * flight ahead of the one being read (all within the pacer). The server may honour `per_page`, ignore it (its own
 * page size: `pageSize` for ours) or cap it lower; the walk learns the page size it really uses from the answers:
 * - a first page as full as asked (or fuller): that is the page size;
 * - a first page shorter than the endpoint's own page size: the whole list (a server never serves a page smaller
 *   than its default unless the list ended);
 * - a first page in between is the whole list or a capped page: the next page decides (empty: the end; otherwise
 *   the first page's length is the page size). Pages are numbered in the server's page size whatever it is, so
 *   pages already asked for stay valid;
 * - a page shorter than the page size, or one that brings nothing new (a server that ignores `page`), ends the walk;
 *   items seen on an earlier page (the list shifted while we read) are skipped.
 * Pages ahead start at one and double with every full page up to LOOKAHEAD_PAGES (a short list costs one or two
 * requests, a long one keeps the pacer busy). With a limit, a page is asked for only if the items before it, at the
 * largest page size still possible, fall short of the limit. So the walk never asks for a page it cannot need beyond
 * one look-ahead window.
 */
export async function apiRequestAllItems(
	this: ApiContext,
	request: Omit<ApiRequest, 'method'> & { pageSize: number },
	limit?: number,
): Promise<IDataObject[]> {
	const { pageSize: endpointPageSize, ...rest } = request;
	const perPage = limit === undefined ? MAX_PER_PAGE : Math.max(1, Math.min(MAX_PER_PAGE, limit));
	const collected: IDataObject[] = [];
	const seen = new Set<string>();
	const inFlight = new Map<number, Promise<IDataObject[]>>();
	/** The server's page size once known; until then the largest it can be (what page 0 gave, or per_page). */
	let size: number | undefined;
	let upperSize = perPage;
	let fullPages = 0;
	let nextPage = 0;
	let ended = false;

	const fetchPage = async (page: number): Promise<IDataObject[]> =>
		listFrom(
			await apiRequest.call(this, {
				...rest,
				method: 'GET',
				kind: 'read',
				qs: { ...(rest.qs ?? {}), page, per_page: perPage },
			}),
		);
	const mayNeed = (page: number): boolean => limit === undefined || page * (size ?? upperSize) < limit;
	const launch = (): void => {
		const window = size === undefined ? 1 : Math.min(LOOKAHEAD_PAGES, 2 ** fullPages);
		while (!ended && inFlight.size < window && mayNeed(nextPage)) {
			const pending = fetchPage(nextPage);
			// Answers of pages past the end are never read: keep their failures from going unhandled.
			pending.catch(() => undefined);
			inFlight.set(nextPage, pending);
			nextPage++;
		}
	};

	try {
		for (let page = 0; ; page++) {
			launch();
			const pending = inFlight.get(page);
			if (!pending) return collected;
			const items = await pending;
			inFlight.delete(page);
			if (page === 0) {
				if (items.length >= perPage) size = items.length;
				else if (items.length < Math.min(perPage, endpointPageSize)) size = Math.min(perPage, endpointPageSize);
				else upperSize = items.length;
			} else if (size === undefined) {
				size = upperSize;
			}
			let fresh = 0;
			for (const item of items) {
				const id = identity(item);
				if (id !== undefined) {
					if (seen.has(id)) continue;
					seen.add(id);
				}
				fresh++;
				collected.push(item);
				if (limit !== undefined && collected.length >= limit) return collected;
			}
			if (items.length === 0 || fresh === 0 || (size !== undefined && items.length < size)) return collected;
			if (size !== undefined && page > 0) fullPages++;
			else if (size !== undefined) fullPages = 1;
		}
	} finally {
		ended = true;
		// Look-ahead pages past the end are still answered; wait for them so nothing of this run outlives it.
		await Promise.allSettled(inFlight.values());
	}
}
