/**
 * One API call: the credential's session, pacing, the attempts the retry policy allows, and the error of the last
 * one. Every operation of both nodes goes through `apiRequest` (or `apiRequestAllItems`, pagination.ts, which calls
 * it per page). When a create's answer is lost (reset, timeout, 5xx) it is not repeated (retries.ts) and its error
 * says it may have been created and where to look (errors.ts).
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { createTurn } from '../itemGate';
import { DEFAULT_REQUESTS_PER_SECOND, pacerFor, pacerPolicy, type Pacer } from '../pacer';
import { throwIfInvalid } from '../validation';
import { USER_AGENT } from '../version';
import { ANY_ANSWER, checkAnswer, withoutKey } from './answers';
import { answerError, apiError, cancelledError, networkError, type Where } from './errors';
import { backoffMs, kindOf, MAYBE_PROCESSED, NEVER_REACHED, networkCode, retryAfterOf, retryPolicy, UNREACHABLE } from './retries';
import { CREDENTIAL_NAME, type ApiContext, type ApiRequest, type RawResponse } from './types';

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
 * Default of the credential's "Timeout (Seconds)": the longest one answer may take, from sending the request to its
 * last byte. 60 s is what the idle limit was before (a workflow that worked keeps working), well above what the
 * service needs for any documented call, and short enough that a stalled read is retried within minutes.
 */
export const DEFAULT_TIMEOUT_SECONDS = 60;

/** The credential's time limit per answer, in milliseconds (1 s to 10 min; anything else: the default). */
export function timeoutMsOf(credentials: IDataObject): number {
	const raw = credentials.timeout;
	const seconds = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
	return Number.isFinite(seconds) && seconds >= 1 && seconds <= 600 ? Math.round(seconds * 1000) : DEFAULT_TIMEOUT_SECONDS * 1000;
}

/** What every request of one node run needs from the credential, read and decrypted once per run. */
interface Session {
	decrypted: ICredentialsDecrypted;
	secrets: string[];
	baseUrl: string;
	pacer: Pacer;
	timeoutMs: number;
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
				timeoutMs: timeoutMsOf(credentials),
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

/**
 * Puts the answer's deadline on the request's abort signal. n8n's request helper overwrites `abortSignal` with the
 * execution's stop signal on every request, so a plain value would be lost: the property keeps the signal n8n sets
 * and hands out one that fires at whichever comes first, the stop or the deadline.
 */
function withDeadline(options: IHttpRequestOptions, deadline: AbortSignal, initial: AbortSignal | undefined): void {
	let stop = initial;
	Object.defineProperty(options, 'abortSignal', {
		configurable: true,
		enumerable: true,
		get: () => (stop ? AbortSignal.any([deadline, stop]) : deadline),
		set: (signal: AbortSignal | undefined) => {
			stop = signal;
		},
	});
}

/** The execution's stop signal, where the context has one (an execution; not a hook or a poll). */
function cancelSignalOf(ctx: ApiContext): AbortSignal | undefined {
	const get = (ctx as Partial<IExecuteFunctions>).getExecutionCancelSignal;
	return typeof get === 'function' ? get.call(ctx) : undefined;
}

/**
 * One API call with auth, pacing, retries and error mapping. Returns the answer checked against `request.answer`
 * (answers.ts): the object, the list (unwrapped), or `{}` for a documented empty answer.
 */
export async function apiRequest(this: ApiContext, request: ApiRequest): Promise<IDataObject> {
	// Nothing leaves for an item with invalid fields: their collected errors are thrown here, all at once.
	throwIfInvalid(this, request.itemIndex);
	const { decrypted, secrets, baseUrl, pacer, timeoutMs } = await sessionOf(this, request.itemIndex);
	const where: Where = { baseUrl, timeoutMs };
	const kind = kindOf(request);
	// A create waits until every earlier item of the run has finished (itemGate.ts): creates stay one at a time.
	if (kind === 'create') await createTurn(this, request.itemIndex);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
		qs: request.qs,
		body: request.body,
		json: true,
		// The body as sent, as text: answers.ts reads it (a web page or a cut-off body is described, not guessed at).
		encoding: 'text',
		headers: { 'User-Agent': USER_AGENT, Accept: 'application/json' },
		timeout: Math.min(retryPolicy.timeoutMs, timeoutMs),
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (request.body === undefined) delete options.body;
	let refusedOnce = false;

	for (let attempt = 0; ; attempt++) {
		// A refusal remembered from another request (earlier item, other page): fail without a new attempt. A
		// request's own quick retry after its first refusal is exempt, so the memory never blocks the probe.
		if (pacer.isRefused() && !(attempt === 1 && refusedOnce)) throw networkError(this, request, where, 'ECONNREFUSED', attempt, pacer);
		let response: RawResponse;
		const release = await pacer.acquire();
		// A total limit per answer: n8n's timeout is an idle limit, so a body that trickles in would hold the item
		// for as long as it drips. The timer is the platform's own (AbortSignal.timeout), not one the node keeps.
		const deadline = AbortSignal.timeout(timeoutMs);
		withDeadline(options, deadline, cancelSignalOf(this));
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_NAME, options, {
				credentialsDecrypted: decrypted,
			})) as RawResponse;
		} catch (error) {
			release('failed');
			// Our own limit ran out: a timeout like any other (reads and updates retried, creates not).
			const code = deadline.aborted ? 'ETIMEDOUT' : networkCode(error);
			if (code === 'ERR_CANCELED') {
				throw cancelledError(this, request);
			}
			if (code && UNREACHABLE.has(code)) {
				pacer.refused();
				if (attempt === 0) {
					refusedOnce = true;
					await sleep(pacerPolicy.refusedRetryMs);
					continue;
				}
				throw networkError(this, request, where, code, attempt + 1);
			}
			const retryable = (code && NEVER_REACHED.has(code)) || (kind !== 'create' && code !== undefined && MAYBE_PROCESSED.has(code));
			if (retryable && attempt < retryPolicy.maxRetries) {
				await sleep(backoffMs(attempt));
				continue;
			}
			throw networkError(this, request, where, code, attempt + 1);
		}
		release();
		const status = response.statusCode;
		if (status === 429) {
			// The whole pacer waits out Retry-After and slows down, not just this request: the others would be refused too.
			const asked = retryAfterOf(response);
			pacer.throttled(Math.min(asked ?? backoffMs(attempt), retryPolicy.maxRetryAfterMs));
		} else {
			pacer.succeeded();
		}
		if (status < 400) {
			const fact = request.answer ?? ANY_ANSWER;
			const reading = checkAnswer({ status, contentType: headerOf(response, 'content-type'), body: response.body }, fact);
			// A documented empty answer is an empty object; an unchecked one goes back exactly as it came (even null).
			if ('answer' in reading) return withoutKey(fact.shape === 'unchecked' ? reading.answer : (reading.answer ?? {}), secrets) as IDataObject;
			// A body cut off on the way is a broken connection: a read or an update is asked again.
			if (reading.problem.cutOff && kind !== 'create' && attempt < retryPolicy.maxRetries) {
				await sleep(backoffMs(attempt));
				continue;
			}
			throw answerError(this, request, where, response, reading.problem, secrets);
		}

		if (attempt < retryPolicy.maxRetries) {
			if (status === 429) {
				const asked = retryAfterOf(response);
				// The pacer holds this request (and every other) until the wait is over.
				if (asked === undefined || asked <= retryPolicy.maxRetryAfterMs) continue;
			} else if (status >= 500 && kind !== 'create') {
				await sleep(backoffMs(attempt));
				continue;
			}
		}
		throw apiError(this, request, where, response, secrets);
	}
}

function headerOf(response: RawResponse, name: string): string | undefined {
	const found = Object.entries(response.headers ?? {}).find(([k]) => k.toLowerCase() === name);
	const value = found?.[1];
	return Array.isArray(value) ? value[0] : value;
}
