/**
 * The error of an answer with a 4xx/5xx status: the service's own words, what the status usually
 * means, and for a create whose answer was lost, that it may exist now and where to look.
 */
import type { IDataObject, JsonObject, NodeApiError } from 'n8n-workflow';

import { headlineError } from '../headlineError';
import { redact, redactDeep } from '../redact';
import { excerptOf, flattenMessage, looksLikeHtml, stripPrefixes } from './answerText';
import { withSecretFieldsRedacted } from './answerSecrets';
import { createHeadline, hostOf, WEB_PAGE_HINT, type Where } from './errors';
import { proxyAnswerError } from './proxies';
import { kindOf } from './retries';
import type { ApiContext, ApiRequest, RawResponse } from './types';

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
	const proxied = proxyAnswerError(ctx, request, where.baseUrl, response, {
		serviceAnswered: serviceMessage(body) !== undefined,
		page: text,
		clean: (shown) => redact(shown, secrets),
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
