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
	IHttpRequestOptions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { createTurn } from '../itemGate';
import { DEFAULT_REQUESTS_PER_SECOND, pacerFor, pacerPolicy, type Pacer } from '../pacer';
import { throwIfInvalid } from '../validation';
import { USER_AGENT } from '../version';
import { withoutKey } from './answers';
import { apiError, cancelledError, networkError } from './errors';
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
			release('failed');
			const code = networkCode(error);
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
			const asked = retryAfterOf(response);
			pacer.throttled(Math.min(asked ?? backoffMs(attempt), retryPolicy.maxRetryAfterMs));
		} else {
			pacer.succeeded();
		}
		if (status < 400) return withoutKey(response.body, secrets) as IDataObject;

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
		throw apiError(this, request, response, secrets);
	}
}
