/**
 * Secrets in successful answers: what the transport takes out of every answer before an operation
 * sees it, so no operation has to remember to.
 */
import { redactDeep } from '../redact';

/**
 * A successful answer with every trace of the API key removed. The service has no reason to echo
 * the key, but if it did, the key would land in output items that anyone with access to the
 * workflow's executions can read.
 */
export function withoutKey(body: unknown, secrets: string[]): unknown {
	if (secrets.length === 0 || body === null || body === undefined) return body;
	const text = typeof body === 'string' ? body : JSON.stringify(body);
	// In JSON text a key with quotes or backslashes appears escaped.
	const found = secrets.some(
		(secret) => text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1)),
	);
	return found ? redactDeep(body, secrets) : body;
}
