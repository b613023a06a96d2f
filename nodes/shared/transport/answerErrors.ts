/**
 * The error of a 2xx answer that is not what the operation expects (answers.ts checks it), in words
 * that say what it means for the request.
 */
import type { JsonObject, NodeApiError } from 'n8n-workflow';

import { headlineError } from '../headlineError';
import { redact } from '../redact';
import type { AnswerProblem } from './answers';
import { createHeadline, WEB_PAGE_HINT, type Where } from './errors';
import { kindOf } from './retries';
import { headerOf, type ApiContext, type ApiRequest, type RawResponse } from './types';

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
