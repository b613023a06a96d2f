/**
 * What the user reads when a request fails: the service's own words, what the status usually means,
 * and for a create whose answer was lost, that it may exist now and where to look. No headline of
 * ours advises repeating a create.
 */
import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { headlineError } from '../headlineError';
import { pacerPolicy, type Pacer } from '../pacer';
import { redact, redactDeep } from '../redact';
import {
	excerptOf,
	flattenMessage,
	looksLikeHtml,
	stripPrefixes,
	type AnswerProblem,
} from './answers';
import { withSecretFieldsRedacted } from './answerSecrets';
import { proxyAnswerError, proxyNetworkError } from './proxies';
import { kindOf, TIMEOUTS } from './retries';
import { headerOf, type ApiContext, type ApiRequest, type RawResponse } from './types';

/**
 * Where the request went, for its error: the credential's Base URL and time limit per answer, and
 * the proxy's address when a connection failed there instead (proxies.ts).
 */
export interface Where {
	baseUrl: string;
	timeoutMs: number;
	proxy?: string;
}

/** The hint for an answer that looks like a web page: usually a Base URL that misses /api/v1. */
const WEB_PAGE_HINT =
	'This looks like a web page, not the API: the Base URL in the credential must be the service address ending in /api/v1 (e.g. https://api.example.com/api/v1).';

/** Reason phrases of the statuses gateways and web servers answer with (the answer's own wins). */
const REASONS: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	405: 'Method Not Allowed',
	408: 'Request Timeout',
	413: 'Payload Too Large',
	422: 'Unprocessable Entity',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
};

export function hostOf(baseUrl: string): string {
	return /^https?:\/\/([^/?#]+)/i.exec(baseUrl)?.[1] ?? baseUrl;
}

/** An error body as the service (or whatever answered) sent it: parsed JSON, else the text. */
function errorBody(body: unknown): unknown {
	if (typeof body !== 'string') return body;
	const text = stripPrefixes(body);
	if (text.trim() === '') return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return body;
	}
}

/** A page's words without its head (title, styles): "502 Bad Gateway nginx/1.24.0". */
function pageExcerpt(text: string): string {
	return excerptOf(text.replace(/<head[\s\S]*?<\/head>/i, ''));
}

const STATUS_GUIDANCE: Record<number, string> = {
	400: 'The service could not read the request: a required field is missing or a value is malformed.',
	401: 'The API key was refused. Check the key in the credential, and try the other "Header Form" (Bearer prefix or raw key).',
	403: "The API key's project has no access to this resource. Use a key of the project that owns it.",
	404: 'Nothing exists at this ID. Check the ID (and that it belongs to the project of the API key).',
	422: 'The service understood the request but cannot act on it. The details say which field or state is the problem.',
	429: 'Too many requests: the service asked us to slow down and retries ran out. Lower the request rate or try again later.',
};

/**
 * The service's words in an error body: `message` (or `error`) as text, a list or an object of
 * field → reasons.
 */
function serviceMessage(body: unknown): string | undefined {
	if (body && typeof body === 'object' && !Array.isArray(body)) {
		return (
			flattenMessage((body as IDataObject).message) ?? flattenMessage((body as IDataObject).error)
		);
	}
	return undefined;
}

/** A lost create's headline: what may exist now, why we do not know, what to check. */
function createHeadline(request: ApiRequest, cause: string): string {
	const { what, where } = request.creates ?? {
		what: 'It may have been created',
		where: 'the service',
	};
	return `${what}: ${cause}. Check ${where} before running this again`;
}

/** The error of an answer with a 4xx/5xx status (after retries), in the service's words. */
export function apiError(
	ctx: ApiContext,
	request: ApiRequest,
	where: Where,
	response: RawResponse,
	secrets: string[],
): NodeApiError {
	const status = response.statusCode;
	const body = withSecretFieldsRedacted(errorBody(response.body));
	const text = typeof body === 'string' ? body : undefined;
	// A page or text instead of the API's JSON (a gateway, a proxy, a web server): its status and
	// host, one line of it.
	const page =
		text !== undefined
			? `HTTP ${status} ${response.statusMessage || REASONS[status] || ''}`.trim() +
				` from ${hostOf(where.baseUrl)}`
			: undefined;
	const pageLine =
		text !== undefined ? (looksLikeHtml(text) ? pageExcerpt(text) : excerptOf(text)) : undefined;
	const proxied = proxyAnswerError(ctx, request, where.baseUrl, {
		status,
		serviceAnswered: serviceMessage(body) !== undefined,
		excerpt: pageLine && redact(pageLine, secrets),
	});
	if (proxied) return proxied;
	const message = redact(
		serviceMessage(body) ??
			(page
				? `${page}${pageLine ? `: "${pageLine}"` : ''}`
				: `The service answered with HTTP ${status}`),
		secrets,
	);
	const details: IDataObject = {};
	if (body && typeof body === 'object' && !Array.isArray(body)) {
		for (const [k, v] of Object.entries(body as IDataObject)) {
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
	const hint =
		text !== undefined && looksLikeHtml(text) && status === 404 ? ` ${WEB_PAGE_HINT}` : '';
	const detailText = Object.keys(details).length ? ` Details: ${JSON.stringify(details)}` : '';
	const headline = lostCreate
		? createHeadline(
				request,
				page
					? `the service answered ${message}`
					: `the service answered HTTP ${status} ("${message}")`,
			)
		: page && !serviceMessage(body)
			? message
			: `${message} [HTTP ${status}]`;
	const error = headlineError(ctx.getNode(), headline, {
		response: { message, httpCode: String(status), ...details } as JsonObject,
		description: `${guidance}${hint}${detailText} (${request.method} ${request.path})`,
		httpCode: String(status),
		itemIndex: request.itemIndex,
	});
	error.context.details = details;
	return error;
}

/**
 * The error of a 2xx answer that is not what the operation expects (answers.ts): what came, where
 * the operation expects what, and what that means for the request: a read changed nothing; a change
 * may have been made; a create may have created (the lost-create headline).
 */
export function answerError(
	ctx: ApiContext,
	request: ApiRequest,
	where: Where,
	response: RawResponse,
	problem: AnswerProblem,
	secrets: string[],
): NodeApiError {
	const fact = request.answer;
	const expects = fact?.operation
		? `where ${fact.operation} expects ${fact.what}`
		: `where ${fact?.what ?? 'a JSON object or list'} was expected`;
	const said = problem.serviceMessage ? ` ("${redact(problem.serviceMessage, secrets)}")` : '';
	const sent = `the service answered ${problem.sent}${said} ${expects}`;
	const kind = kindOf(request);
	const headline =
		kind === 'create'
			? createHeadline(request, sent)
			: `${sent.charAt(0).toUpperCase()}${sent.slice(1)}${kind === 'update' ? ': the change may have been made' : ''}`;
	const contentType = headerOf(response, 'content-type');
	const excerpt = problem.excerpt
		? ` The answer begins: "${redact(problem.excerpt, secrets)}".`
		: '';
	const consequence =
		kind === 'read'
			? ' This was a read: nothing was changed.'
			: kind === 'update'
				? ' The change may have been made although the answer does not confirm it: check before running this again.'
				: ' Creates are never repeated automatically after the request may have reached the service.';
	const answered = `HTTP ${response.statusCode}, content type ${String(contentType ?? 'none')}.${excerpt}`;
	const webPage = problem.webPage ? ` ${WEB_PAGE_HINT}` : '';
	const description = `${answered}${webPage}${consequence} (${request.method} ${request.path})`;
	return headlineError(ctx.getNode(), headline, {
		response: { message: headline, httpCode: String(response.statusCode) } as JsonObject,
		description,
		httpCode: String(response.statusCode),
		itemIndex: request.itemIndex,
	});
}

/**
 * The error of a request that got no answer (after retries): unreachable, timed out, or broken off.
 */
export function networkError(
	ctx: ApiContext,
	request: ApiRequest,
	where: Where,
	code: string | undefined,
	attempts: number,
	remembered?: Pacer,
): NodeApiError {
	const memory = remembered
		? ` Not tried again: a connection to this Base URL was refused ${((Date.now() - remembered.refusedAt) / 1000).toFixed(1)} s ago (remembered for ${pacerPolicy.refusedMemoryMs / 1000} s).`
		: '';
	if (where.proxy)
		return proxyNetworkError(ctx, request, where, code, `Attempts: ${attempts}.${memory}`);
	const shown = code ?? 'network error';
	const service = `The service at ${where.baseUrl}`;
	const seconds = Math.round(where.timeoutMs / 1000);
	let headline: string;
	let advice =
		'Check that the service is running and that the Base URL in the credential is right (the service address ending in /api/v1).';
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
		headline = `${service} cannot be reached (its host name ${hostOf(where.baseUrl)} could not be found)`;
		advice =
			'Check the Base URL in the credential for a typo, and that this n8n can resolve the host name (DNS, VPN, network).';
	} else if (code === 'ECONNREFUSED') {
		headline = `${service} cannot be reached (connection refused)`;
		advice =
			'Nothing accepts connections at that address: check that the service is running, and the host and port of the Base URL in the credential.';
	} else if (kindOf(request) === 'create') {
		const cause =
			code && TIMEOUTS.has(code)
				? `no complete answer came within ${seconds} s`
				: 'the connection broke before the answer came';
		headline = createHeadline(request, cause);
		advice =
			'Creates are never repeated automatically after the request may have reached the service.';
	} else if (code && TIMEOUTS.has(code)) {
		headline = `${service} did not send a complete answer within ${seconds} s (timed out)`;
		advice = `Check that the service is running and reachable from this n8n; if its answers are just slow, raise "Timeout (Seconds)" in the credential.`;
	} else {
		headline = `The connection to ${where.baseUrl} broke before the answer came`;
	}
	return headlineError(ctx.getNode(), headline, {
		response: { message: headline, networkCode: code ?? 'UNKNOWN' } as JsonObject,
		description: `${advice} Network error: ${shown}. Attempts: ${attempts}.${memory} (${request.method} ${request.path})`,
		itemIndex: request.itemIndex,
	});
}

/**
 * A request that could not end within its session's time limit (a poll's budget, session.ts): what
 * it was waiting for when the time ran out, and that nothing came of it. `last`: the last problem,
 * in words.
 */
export function outOfTimeError(
	ctx: ApiContext,
	request: ApiRequest,
	where: Where,
	budgetMs: number,
	last: string,
	attempts: number,
): NodeApiError {
	const seconds = Math.round(budgetMs / 1000);
	const headline = `The service at ${where.baseUrl} did not answer ${request.method} ${request.path} within the ${seconds} s this poll may take`;
	return headlineError(ctx.getNode(), headline, {
		response: { message: headline, networkCode: 'ETIMEDOUT' } as JsonObject,
		description: `n8n gives each poll ${seconds} s (its poll time limit, N8N_SCHEDULER_POLL_TIMEOUT, less a safety margin) and drops a poll that runs longer without reporting it, so the trigger stops first and reports it here. Last problem: ${last}. Attempts: ${attempts}. Nothing was emitted or remembered from this poll: the next poll asks again. If the service is just slow, poll less often or raise N8N_SCHEDULER_POLL_TIMEOUT.`,
	});
}

/** A request stopped because the execution was stopped. */
export function cancelledError(ctx: ApiContext, request: ApiRequest): NodeApiError {
	return new NodeApiError(ctx.getNode(), { message: 'Request cancelled' } as JsonObject, {
		message: 'The request was cancelled because the execution stopped',
		itemIndex: request.itemIndex,
	});
}
