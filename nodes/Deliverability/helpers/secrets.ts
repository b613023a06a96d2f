/**
 * Keeping user secrets (mailbox passwords, OAuth client secrets, key files) out of error text. The
 * transport already takes every secret out of answers (transport/answerSecrets.ts); this helper
 * covers the errors of requests whose bodies carry secrets.
 */
import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { redact, redactDeep } from '../../shared/redact';

/**
 * Runs a request whose body carries secrets; if it fails, every trace of those secrets is removed
 * from the error (message, description, details) before it reaches the user, a log or a Continue On
 * Fail item.
 */
export async function withSecretsScrubbed<T>(
	ctx: IExecuteFunctions,
	secretValues: unknown[],
	request: () => Promise<T>,
): Promise<T> {
	const secrets = secretValues.filter((s): s is string => typeof s === 'string' && s.length >= 3);
	try {
		return await request();
	} catch (error) {
		if (secrets.length && (error instanceof NodeApiError || error instanceof NodeOperationError)) {
			error.message = redact(error.message, secrets);
			if (error.description) error.description = redact(error.description, secrets);
			error.context = redactDeep(error.context, secrets) as IDataObject;
			error.messages = error.messages.map((m) => redact(m, secrets));
			if (error.errorResponse)
				error.errorResponse = redactDeep(
					error.errorResponse,
					secrets,
				) as typeof error.errorResponse;
		}
		// Both constructors hand back the same instance when given one of their own kind.
		if (error instanceof NodeApiError)
			throw new NodeApiError(ctx.getNode(), error as unknown as JsonObject);
		throw new NodeOperationError(ctx.getNode(), error as Error);
	}
}
