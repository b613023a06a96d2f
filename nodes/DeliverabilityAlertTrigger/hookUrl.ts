/**
 * The trigger's webhook URL as an alert carries it: n8n's URL for the node's webhook, which the
 * service calls only when it is HTTPS (or plain http to a local test server), with the random
 * secret deliveries are verified with in its query (`?secret=…`, secret.ts). An alert is the node's
 * own when its hook URL, query string ignored, is this URL.
 */
import type { IDataObject } from 'n8n-workflow';

/** The name of the node's one webhook, for n8n's URL of it (`getNodeWebhookUrl`). */
export const WEBHOOK_NAME = 'default';
/** The query parameter of the hook URL that carries the secret. */
export const SECRET_PARAM = 'secret';

/**
 * Whether the service will call this URL: HTTPS, or plain http to a loopback host (a local test
 * server).
 */
export function servable(hookUrl: string): boolean {
	try {
		const url = new URL(hookUrl);
		return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
	} catch {
		return false;
	}
}

/** Hosts the service's rule lets use plain http (a local test server). */
function isLoopback(hostname: string): boolean {
	const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
	return (
		host === 'localhost' ||
		host.endsWith('.localhost') ||
		host === '::1' ||
		/^127(\.\d{1,3}){3}$/.test(host)
	);
}

/**
 * A URL without its query string, fragment and trailing slashes: how an alert's hook URL is
 * compared with ours.
 */
export function withoutQuery(url: string): string {
	return url.split('?')[0].split('#')[0].replace(/\/+$/, '');
}

/** The value of one query parameter of a URL (undefined when absent or empty). */
export function queryParam(url: string, name: string): string | undefined {
	const query = url.split('#')[0].split('?')[1];
	if (!query) return undefined;
	for (const pair of query.split('&')) {
		const [key, value = ''] = pair.split('=');
		if (safeDecode(key) === name && value !== '') return safeDecode(value);
	}
	return undefined;
}

/**
 * Percent-decoding that leaves text with a stray `%` as written (decodeURIComponent would throw on
 * it).
 */
function safeDecode(text: string): string {
	const plus = text.replace(/\+/g, ' ');
	return /%(?![0-9a-fA-F]{2})/.test(plus) ? plus : decodeURIComponent(plus);
}

/**
 * The hook URL an alert is registered with: ours, carrying the secret deliveries are verified with.
 */
export function hookUrlWithSecret(hookUrl: string, secret: string): string {
	return `${hookUrl}${hookUrl.includes('?') ? '&' : '?'}${SECRET_PARAM}=${encodeURIComponent(secret)}`;
}

/** The hook URL an alert delivers to (empty when it has none). */
export function hookUrlOf(alert: IDataObject): string {
	return typeof alert.hook_url === 'string' ? alert.hook_url : '';
}
