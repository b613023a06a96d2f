/**
 * An error about an answer the triggers cannot use, with a headline n8n shows as written. n8n's NodeApiError may
 * replace a message that contains a known network code with its own canned text ("You can retry…"); these headlines
 * say what the service answered and what may exist, so the message is set again after construction.
 */
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

export function headlineError(node: INode, headline: string, description: string): NodeApiError {
	const error = new NodeApiError(node, { message: headline } as JsonObject, { message: headline, description });
	error.message = headline;
	return error;
}
