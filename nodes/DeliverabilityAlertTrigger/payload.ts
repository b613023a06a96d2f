/**
 * Reading a delivery: its body as a JSON object, the event it names and its identifier (the one it
 * carries, else a fingerprint of its content, so that a repeat is still recognised).
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';

import { fingerprint } from './fingerprint';

/**
 * Fields a delivery may name its event identifier with; the sandbox (and the service's notification
 * object) use `id`.
 */
const EVENT_ID_FIELDS = ['id', 'event_id', 'eventId'];
/** Fields a delivery may name its event with; `event` is the documented one. */
const EVENT_FIELDS = ['event', 'event_type'];

/** The event a delivery names (trimmed), or undefined when it names none. */
export function eventOf(payload: IDataObject): string | undefined {
	return firstString(payload, EVENT_FIELDS);
}

/** The identifier of a delivery's event: the one it carries, else its content's fingerprint. */
export function eventIdOf(payload: IDataObject): string {
	return firstString(payload, EVENT_ID_FIELDS) ?? fingerprint(payload);
}

/**
 * The delivery as a JSON object: n8n's parsed body, or the raw text parsed here. n8n parses
 * the body only for the content types it knows (webhook-helpers.js parseRequestBody): a
 * delivery with another content type, or none, arrives unread, and n8n's own reader (its size
 * limit, compression) reads it here.
 */
export async function payloadOf(ctx: IWebhookFunctions): Promise<IDataObject | undefined> {
	let body: unknown = ctx.getBodyData();
	if (body === undefined || body === null || isEmptyObject(body)) {
		const request = ctx.getRequestObject() as unknown as UnreadRequest;
		if (!request.rawBody && typeof request.readRawBody === 'function') {
			// An aborted or unreadable body: answered like an empty one (400).
			await request.readRawBody().catch(() => undefined);
		}
		const raw = request.rawBody;
		if (raw && typeof raw.toString === 'function') body = raw.toString('utf8');
	}
	if (typeof body === 'string') body = jsonParse<unknown>(body, { fallbackValue: null });
	return body && typeof body === 'object' && !Array.isArray(body)
		? (body as IDataObject)
		: undefined;
}

/** What n8n's request offers for a body it did not parse (n8n's rawBodyReader middleware). */
interface UnreadRequest {
	rawBody?: { toString(encoding: string): string };
	readRawBody?: () => Promise<void>;
}

function isEmptyObject(value: unknown): boolean {
	return (
		!!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0
	);
}

/**
 * The first of these fields that holds a non-empty string (numbers are accepted as ids and turned
 * into text).
 */
function firstString(payload: IDataObject, fields: string[]): string | undefined {
	for (const field of fields) {
		const value = payload[field];
		if (typeof value === 'string' && value.trim() !== '') return value.trim();
		if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	}
	return undefined;
}
