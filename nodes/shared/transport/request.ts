/**
 * One API call: pacing, the attempts the retry policy allows, and the error of the last one, with
 * the credential of the session its caller opened (session.ts). Every request of the three nodes
 * goes through `apiRequest` (or `apiRequestAllItems`, pagination.ts, which calls it per page). When
 * a create's answer is lost (reset, timeout, 5xx) it is not repeated (retries.ts) and its error
 * says it may have been created and where to look (errors.ts).
 */
import type { IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { pacerPolicy } from '../pacerPolicy';
import { USER_AGENT } from '../version';
import { checkAnswer } from './answers';
import { withoutSecrets } from './answerSecrets';
import { certificateError, tlsFailureOf } from './certificates';
import { answerError } from './answerErrors';
import type { Where } from './errors';
import { cancelledError, networkError, outOfTimeError } from './networkErrors';
import { apiError } from './statusErrors';
import { ANY_ANSWER, factError, factMistake } from './facts';
import {
	backoffMs,
	kindOf,
	MAYBE_PROCESSED,
	NEVER_REACHED,
	networkCode,
	retryAfterOf,
	retryPolicy,
	TIMEOUTS,
	UNREACHABLE,
} from './retries';
import { proxyAddressOf } from './proxies';
import type { Session } from './session';
import {
	headerOf,
	type ApiContext,
	type ApiRequest,
	type CreateGate,
	type RawResponse,
} from './types';

/**
 * Puts the answer's deadline on the request's abort signal. n8n's request helper overwrites
 * `abortSignal` with the execution's stop signal on every request, so a plain value would be lost:
 * the property keeps the signal n8n sets and hands out one that fires at whichever comes first, the
 * stop or the deadline.
 */
function withDeadline(
	options: IHttpRequestOptions,
	deadline: AbortSignal,
	initial: AbortSignal | undefined,
): void {
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
 * One API call with auth, pacing, retries and error mapping, made with the caller's session
 * (session.ts); `gate`, from a caller that runs items side by side, orders its creates. Returns the
 * answer checked against `request.answer` (answers.ts): the object, the list (unwrapped), or `{}`
 * for a documented empty answer.
 */
export async function apiRequest(
	session: Session,
	request: ApiRequest,
	gate?: CreateGate,
): Promise<IDataObject> {
	const ctx = session.ctx;
	const mistake = request.answer && factMistake(request.answer);
	if (mistake) throw factError(ctx, request, mistake);
	const { decrypted, secrets, baseUrl, pacer, timeoutMs, allowedDomains } =
		await session.credential(request.itemIndex);
	const where: Where = { baseUrl, timeoutMs };
	const kind = kindOf(request);
	// A create waits for its turn when its caller runs items side by side (shared/itemGate.ts):
	// creates stay one at a time, in input order.
	if (kind === 'create' && gate && request.itemIndex !== undefined)
		await gate.turn(request.itemIndex);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
		qs: request.qs,
		body: request.body,
		json: true,
		// The body as sent, as text: answers.ts reads it (a web page or a cut-off body is described,
		// not guessed at).
		encoding: 'text',
		headers: { 'User-Agent': USER_AGENT, Accept: 'application/json' },
		timeout: Math.min(retryPolicy.timeoutMs, timeoutMs),
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Specific Domains: n8n 2.x refuses a redirect to a host outside the list (1.x ignores this).
		...(allowedDomains === undefined ? {} : { allowedDomains }),
	};
	if (request.body === undefined) delete options.body;
	let refusedOnce = false;
	// The session's time limit (a poll's budget): no attempt and no wait runs past it; running out is
	// its own error.
	const { deadline } = session;
	const left = () => (deadline ? deadline.at - Date.now() : Infinity);
	let last = 'no answer yet';
	const outOfTime = (attempts: number) =>
		outOfTimeError(ctx, request, where, deadline?.ms ?? 0, last, attempts);
	/** Waits before the next attempt, unless the wait would end past the deadline. */
	const pause = async (ms: number, attempts: number) => {
		if (ms >= left()) throw outOfTime(attempts);
		await sleep(ms);
	};

	for (let attempt = 0; ; attempt++) {
		if (left() <= 0) throw outOfTime(attempt);
		// A refusal remembered from another request (earlier item, other page): fail without a new
		// attempt. A request's own quick retry after its first refusal is exempt, so the memory never
		// blocks the probe.
		if (pacer.isRefused() && !(attempt === 1 && refusedOnce))
			throw networkError(
				ctx,
				request,
				{ ...where, proxy: pacer.refusedBy },
				'ECONNREFUSED',
				attempt,
				pacer,
			);
		let response: RawResponse;
		const release = await pacer.acquire();
		// A total limit per answer: n8n's timeout is an idle limit, so a body that trickles in would
		// hold the item for as long as it drips. The timer is the platform's own (AbortSignal.timeout),
		// not one the node keeps.
		const limit = Math.min(timeoutMs, left());
		const answerBy = AbortSignal.timeout(limit);
		withDeadline(options, answerBy, cancelSignalOf(ctx));
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				decrypted.type,
				options,
				{
					credentialsDecrypted: decrypted,
				},
			)) as RawResponse;
		} catch (error) {
			release('failed');
			// Our own limit ran out: a timeout like any other (reads and updates retried, creates not).
			const code = answerBy.aborted ? 'ETIMEDOUT' : networkCode(error);
			if (code === 'ERR_CANCELED') {
				throw cancelledError(ctx, request);
			}
			// A certificate n8n refused, or no TLS at all: nothing was sent, and asking again changes
			// nothing (not an outage: no retry, no refusal memory).
			const tls = answerBy.aborted ? undefined : tlsFailureOf(error);
			if (tls) throw certificateError(ctx, request, where, tls);
			last =
				code && TIMEOUTS.has(code)
					? `no complete answer within ${Math.round(limit / 1000)} s`
					: `network error ${code ?? 'without a code'}`;
			// The session's time was what ran out, not the credential's limit per answer.
			if (answerBy.aborted && limit < timeoutMs) throw outOfTime(attempt + 1);
			// A connection that failed at the proxy, not at the service: its error names the proxy.
			where.proxy = code ? proxyAddressOf(error, baseUrl) : undefined;
			if (code && UNREACHABLE.has(code)) {
				pacer.refused(where.proxy);
				if (attempt === 0) {
					refusedOnce = true;
					await pause(pacerPolicy.refusedRetryMs, attempt + 1);
					continue;
				}
				throw networkError(ctx, request, where, code, attempt + 1);
			}
			const retryable =
				(code && NEVER_REACHED.has(code)) ||
				(kind !== 'create' && code !== undefined && MAYBE_PROCESSED.has(code));
			if (retryable && attempt < retryPolicy.maxRetries) {
				await pause(backoffMs(attempt), attempt + 1);
				continue;
			}
			throw networkError(ctx, request, where, code, attempt + 1);
		}
		release();
		const status = response.statusCode;
		if (status === 429) {
			// The whole pacer waits out Retry-After and slows down, not just this request: the others
			// would be refused too.
			const asked = retryAfterOf(response);
			pacer.throttled(Math.min(asked ?? backoffMs(attempt), retryPolicy.maxRetryAfterMs));
		} else {
			pacer.succeeded();
		}
		if (status < 400) {
			const fact = request.answer ?? ANY_ANSWER;
			const reading = checkAnswer(
				{ status, contentType: headerOf(response, 'content-type'), body: response.body },
				fact,
			);
			// A documented empty answer is an empty object; an unchecked one goes back exactly as it came
			// (even null).
			if ('answer' in reading)
				return withoutSecrets(
					fact.shape === 'unchecked' ? reading.answer : (reading.answer ?? {}),
					secrets,
				) as IDataObject;
			// A body cut off on the way is a broken connection: a read or an update is asked again.
			if (reading.problem.cutOff && kind !== 'create' && attempt < retryPolicy.maxRetries) {
				last = 'an answer cut off on the way';
				await pause(backoffMs(attempt), attempt + 1);
				continue;
			}
			throw answerError(ctx, request, where, response, reading.problem, secrets);
		}

		if (attempt < retryPolicy.maxRetries) {
			last = `HTTP ${status}`;
			if (status === 429) {
				const asked = retryAfterOf(response);
				// The pacer holds this request (and every other) until the wait is over.
				if (asked === undefined || asked <= retryPolicy.maxRetryAfterMs) {
					if ((asked ?? 0) >= left()) throw outOfTime(attempt + 1);
					continue;
				}
			} else if (status >= 500 && kind !== 'create') {
				await pause(backoffMs(attempt), attempt + 1);
				continue;
			}
		}
		throw apiError(ctx, request, where, response, secrets);
	}
}
