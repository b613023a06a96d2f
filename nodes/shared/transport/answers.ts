/** Reading successful answers: what of a 2xx body may become output, and the list inside a list answer. */
import type { IDataObject } from 'n8n-workflow';

import { redactDeep } from '../redact';

/**
 * A successful answer with every trace of the API key removed. The service has no reason to echo the key, but if
 * it did, the key would land in output items that anyone with access to the workflow's executions can read.
 */
export function withoutKey(body: unknown, secrets: string[]): unknown {
	if (secrets.length === 0 || body === null || body === undefined) return body;
	const text = typeof body === 'string' ? body : JSON.stringify(body);
	// In JSON text a key with quotes or backslashes appears escaped.
	const found = secrets.some((secret) => text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1)));
	return found ? redactDeep(body, secrets) : body;
}

/** The array inside a list answer. Lists are bare arrays; an object wrapping one array is tolerated. */
export function listFrom(body: unknown): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	if (body && typeof body === 'object') {
		const arrays = Object.values(body as IDataObject).filter(Array.isArray);
		if (arrays.length === 1) return arrays[0] as IDataObject[];
	}
	return [];
}
