/**
 * The operations' answer facts themselves (types.ts `AnswerFact`): what a request without one
 * accepts, and whether one is declared as the reader (answers.ts) can use it. A fact declared
 * wrongly is a mistake in the node's code: it is refused before anything is sent, in words that
 * point at the fact, so it never reads as the service's mistake.
 */
import { NodeOperationError } from 'n8n-workflow';

import type { AnswerFact, ApiContext, ApiRequest } from './types';

/** What a request without a fact of its own accepts: any JSON object or list of objects. */
export const ANY_ANSWER: AnswerFact = { shape: 'any', what: 'a JSON object or list' };

/** The fact of an answer that is one object: what it is in words, the fields that make it so. */
export function objectAnswer(what: string, ...keys: string[]): AnswerFact {
	return { shape: 'object', what, keys };
}

/**
 * What is wrong with an answer fact as declared (a mistake in the operation's code, not in the
 * service's answer), or undefined. Checked before the request is sent, so such a mistake is never
 * reported as the service's.
 */
export function factMistake(fact: AnswerFact): string | undefined {
	const listOnly = (['wrapper', 'itemsMayBeText'] as const).filter((k) => fact[k] !== undefined);
	if (fact.shape !== 'list' && listOnly.length)
		return `${listOnly.join(' and ')} ${listOnly.length > 1 ? 'apply' : 'applies'} to lists only, and its shape is '${fact.shape}': set shape 'list' or remove ${listOnly.join(' and ')}`;
	if (fact.shape === 'list' && fact.keys !== undefined)
		return "keys apply to objects only, and its shape is 'list': remove keys (a list's entries are checked as objects)";
	if (fact.wrapper !== undefined && !/^[A-Za-z0-9_]+$/.test(fact.wrapper))
		return `its wrapper "${fact.wrapper}" is not a field name: name the key the list comes under, e.g. 'accounts'`;
	if (!fact.what.trim())
		return "its what is empty: say what the answer is, e.g. 'a list of mailboxes'";
	return undefined;
}

/**
 * The error of an answer fact declared wrongly (answers.ts `factMistake`): a mistake in the node's
 * code, raised before anything is sent, so it is never read as the service's.
 */
export function factError(
	ctx: ApiContext,
	request: ApiRequest,
	mistake: string,
): NodeOperationError {
	const of = request.answer?.operation ? ` of ${request.answer.operation}` : '';
	return new NodeOperationError(
		ctx.getNode(),
		`The answer fact${of} is declared wrongly: ${mistake}`,
		{
			description: `A mistake in the node's code (the \`answer\` fact its operation file passes with ${request.method} ${request.path}), not in the service's answer or your workflow. Nothing was sent.`,
			itemIndex: request.itemIndex,
		},
	);
}
