/**
 * Which failures are retried and how long to wait (spec §7 + service facts):
 * - 429 is always retried: the service refused the request before doing anything. Retry-After
 *   (seconds or an HTTP date) is honoured, else exponential backoff 1, 2, 4, 8 s with jitter.
 * - 5xx, timeouts and connection resets are retried only for `read` and `update` requests (GET,
 *   update by id, DELETE by id): repeating them cannot create anything twice.
 * - `create` requests (the service has no idempotency keys; POST /spam_tests even costs a credit)
 *   are retried on 429 and on errors that prove the request never reached the service (connection
 *   refused, DNS failure).
 * - A refused connection or an unknown host is tried once more after a moment, then remembered for
 *   a few seconds (per key and base URL, see pacer.ts): the requests of later items fail at once
 *   instead of each waiting through its own retries, so a stopped service or a mistyped URL costs
 *   seconds, not 15 s per item.
 */
import { headerOf, type ApiRequest, type RawResponse, type RequestKind } from './types';

/** Timing knobs. Mutable only so tests can shorten the waits; nodes never change them. */
export const retryPolicy = {
	maxRetries: 4,
	baseDelayMs: 1000,
	/** Longest Retry-After we are willing to sit through; longer answers fail with the 429. */
	maxRetryAfterMs: 60_000,
	timeoutMs: 60_000,
};

export const NEVER_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * Never reached, and not going to change within seconds: one quick retry, then remembered (fail
 * fast).
 */
export const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND']);
export const TIMEOUTS = new Set([
	'ETIMEDOUT',
	'ECONNABORTED',
	'ESOCKETTIMEDOUT',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
]);
export const MAYBE_PROCESSED = new Set([
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'ESOCKETTIMEDOUT',
	'EPIPE',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
]);

export function kindOf(request: ApiRequest): RequestKind {
	if (request.kind) return request.kind;
	if (request.method === 'GET') return 'read';
	if (request.method === 'DELETE') return 'update';
	return 'create';
}

/**
 * A link's error code. n8n 1.x's NodeApiError keeps no cause: the code of the error it wraps
 * (ECONNREFUSED, ERR_TLS_CERT_ALTNAME_INVALID) survives only as its `httpCode`, where an HTTP
 * failure has its status ("404"), which no caller takes for a code.
 */
export function codeOf(link: object): unknown {
	const { code, httpCode } = link as { code?: unknown; httpCode?: unknown };
	return code ?? httpCode;
}

/** The network error code of a failed request, looked up through wrapped causes. */
export function networkCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		const code = codeOf(current);
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

export function backoffMs(retry: number): number {
	const base = retryPolicy.baseDelayMs * 2 ** retry;
	// Full jitter on the upper quarter keeps clients from retrying in lockstep.
	return Math.round(base * (0.75 + Math.random() * 0.25));
}

/** The Retry-After of an answer, in milliseconds, if it sent one. */
export function retryAfterOf(response: RawResponse): number | undefined {
	return parseRetryAfter(headerOf(response, 'retry-after'));
}
