/**
 * What the user reads when a request fails: the service's own words, what the status usually means, and for a
 * create whose answer was lost, that it may exist now and where to look. No headline of ours advises repeating a
 * create.
 */
import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { pacerPolicy, type Pacer } from '../pacer';
import { redact, redactDeep } from '../redact';
import { kindOf, retryPolicy, TIMEOUTS } from './retries';
import type { ApiContext, ApiRequest, RawResponse } from './types';

const STATUS_GUIDANCE: Record<number, string> = {
	400: 'The service could not read the request: a required field is missing or a value is malformed.',
	401: 'The API key was refused. Check the key in the credential, and try the other "Header Form" (Bearer prefix or raw key).',
	403: "The API key's project has no access to this resource. Use a key of the project that owns it.",
	404: 'Nothing exists at this ID. Check the ID (and that it belongs to the project of the API key).',
	422: 'The service understood the request but cannot act on it. The details say which field or state is the problem.',
	429: 'Too many requests: the service asked us to slow down and retries ran out. Lower the request rate or try again later.',
};

function serviceMessage(body: unknown): string | undefined {
	if (body && typeof body === 'object' && !Array.isArray(body)) {
		const message = (body as IDataObject).message ?? (body as IDataObject).error;
		if (typeof message === 'string' && message.trim()) return message.trim();
	}
	if (typeof body === 'string' && body.trim() && body.length < 500) return body.trim();
	return undefined;
}

/** The headline of a create whose answer was lost: what may exist now, why we do not know, what to check. */
function createHeadline(request: ApiRequest, cause: string): string {
	const { what, where } = request.creates ?? { what: 'It may have been created', where: 'the service' };
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

/** The error of an answer with a 4xx/5xx status (after retries), in the service's words. */
export function apiError(
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

/** The error of a request that got no answer (after retries): unreachable, timed out, or broken off. */
export function networkError(
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

/** A request stopped because the execution was stopped. */
export function cancelledError(ctx: ApiContext, request: ApiRequest): NodeApiError {
	return new NodeApiError(ctx.getNode(), { message: 'Request cancelled' } as JsonObject, {
		message: 'The request was cancelled because the execution stopped',
		itemIndex: request.itemIndex,
	});
}
