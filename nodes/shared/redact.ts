/**
 * Removing secrets (the API key, mailbox passwords, OAuth client secrets, key files) from anything
 * that may reach the user, an output item or a log. One implementation for the transport and the
 * operations that send secrets.
 */
import type { IDataObject } from 'n8n-workflow';

/** Text with every occurrence of each secret replaced by `[redacted]`. */
export function redact(text: string, secrets: string[]): string {
	let out = text;
	for (const secret of secrets) out = out.split(secret).join('[redacted]');
	return out;
}

/**
 * A copy of a JSON-like value with every string redacted; an object met again (a cycle) is left
 * out, not followed.
 */
export function redactDeep(
	value: unknown,
	secrets: string[],
	seen = new WeakSet<object>(),
): unknown {
	if (typeof value === 'string') return redact(value, secrets);
	if (!value || typeof value !== 'object') return value;
	if (seen.has(value)) return undefined;
	seen.add(value);
	if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets, seen));
	const out: IDataObject = {};
	for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, secrets, seen) as IDataObject;
	return out;
}
