/**
 * A NodeApiError whose headline n8n shows as written. n8n's NodeApiError replaces a message that
 * contains a known network code (ECONNRESET, ETIMEDOUT, …) with its own canned text ("You can retry
 * the request immediately…"), and a status code with its stock text. Our headlines say what the
 * service answered and what may exist now, so that no replacement can turn a create's warning into
 * advice to repeat it: the message is set again after construction.
 */
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

interface HeadlineOptions {
	description?: string;
	httpCode?: string;
	itemIndex?: number;
	/** What the error keeps as the service's answer (default: the headline as its message). */
	response?: JsonObject;
}

export function headlineError(
	node: INode,
	headline: string,
	options: HeadlineOptions = {},
): NodeApiError {
	const { response, ...shown } = options;
	const error = new NodeApiError(node, response ?? ({ message: headline } as JsonObject), {
		message: headline,
		...shown,
	});
	error.message = headline;
	return error;
}
