/**
 * A proxy between n8n and the service. Each n8n process sends its requests through the proxy its
 * HTTP_PROXY / HTTPS_PROXY / ALL_PROXY names (NO_PROXY hosts excepted); a node cannot read those
 * variables (n8n's rules keep `process` out of community nodes), so a proxy's failure is told from
 * the service's by what came back, and the error then names the proxy, not the service:
 * - HTTP 407 Proxy Authentication Required: only a proxy asks for a login of its own.
 * - A connection refused, or a host name not found, at another address than the Base URL's: the
 *   proxy's address (the service itself was never asked).
 * - A 403 that is not the service's error (the service answers every error with a JSON `message`):
 *   a page from something on the way, a proxy or firewall whose policy refuses the host. The
 *   answer says nothing of where it was sent, so the proxy is named as it names itself in its Via
 *   header (Squid does: `1.1 proxy.corp.example (squid/6.13)`).
 */
import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { headlineError } from '../headlineError';
import { headerOf, type ApiContext, type ApiRequest, type RawResponse } from './types';

/** Where the variables go, said once for every proxy error. */
const WHERE_SET =
	'the proxy variables of every n8n process (HTTP_PROXY for http://, HTTPS_PROXY for https://, or ALL_PROXY; in queue mode on the main process, each worker and each webhook processor)';

/** The host name and port a Base URL connects to (default ports filled in). */
function endpointOf(baseUrl: string): { host: string; port: number } | undefined {
	try {
		const url = new URL(baseUrl);
		const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
		return { host: url.hostname.replace(/^\[|\]$/g, '').toLowerCase(), port };
	} catch {
		return undefined;
	}
}

const isIp = (host: string) => /^[\d.]+$/.test(host) || host.includes(':');

/**
 * The address a failed connection went to when it is not the Base URL's: the proxy's
 * (`127.0.0.1:3128`, or the host name that could not be found). Undefined when it was the Base
 * URL's, or cannot be told (a host name whose address is unknown here, on the same port).
 */
export function proxyAddressOf(error: unknown, baseUrl: string): string | undefined {
	const target = endpointOf(baseUrl);
	if (!target) return undefined;
	let current: unknown = error;
	for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
		const { address, port, hostname } = current as {
			address?: unknown;
			port?: unknown;
			hostname?: unknown;
		};
		if (typeof hostname === 'string' && hostname !== '') {
			return hostname.toLowerCase() === target.host ? undefined : hostname;
		}
		if (typeof address === 'string' && typeof port === 'number') {
			if (port !== target.port) return `${address}:${port}`;
			if (isIp(target.host) && address !== target.host) return `${address}:${port}`;
			return undefined;
		}
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/** The advice for a connection cut before any answer (ECONNRESET): the service's, or a proxy's. */
export const CUT_ON_THE_WAY = `The other end cut the connection: the service, or a proxy or firewall between n8n and the service that drops connections to hosts it does not allow (a proxy set for n8n in HTTP_PROXY / HTTPS_PROXY, or one on the network). Check that the service is running, then the proxy's log.`;

/** An address as it may be shown: without a login (`user:password@`), whatever its form. */
export function withoutLogin(address: string): string {
	return address.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^@/\s]*@/i, '$1');
}

/**
 * The proxy as it names itself in an answer's Via header (RFC 9110 § 7.6.3: each hop appends
 * `protocol received-by [comment]`, so the last is the one nearest n8n): its address or name.
 */
export function proxyNamedIn(via: string | undefined): string | undefined {
	const nearest = via?.split(',').pop()?.trim();
	const name = nearest && /^\S+\s+([^\s(]+)/.exec(nearest)?.[1];
	return name ? withoutLogin(name) : undefined;
}

/** What a page's markup holds as text: tags, comments, styles and scripts gone, spaces folded. */
function textOf(html: string): string {
	return html
		.replace(/<!--[\s\S]*?-->|<(style|script)\b[\s\S]*?<\/\1>/gi, ' ')
		.replace(/<[^>]*>/g, ' ')
		.replace(/&nbsp;/g, ' ')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#39;/g, "'")
		.replace(/&amp;/g, '&')
		.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '')
		.replace(/\s+([.,:;])(?=\s|$)/g, '$1')
		.replace(/\s+/g, ' ')
		.trim();
}

/** A page's title, headings and bold words: what a reader of the page looks at first. */
const HEADLINES = /<(title|h[1-3]|b|strong)\b[^>]*>([\s\S]*?)<\/\1>/gi;

/**
 * One line of a proxy's page, its headlines first, then the rest of its words, at most `max`
 * characters. A proxy's page may open with a generic title and the URL it refused and say why
 * further down (Squid: "ERROR: The requested URL could not be retrieved", the URL, then "Access
 * Denied." in bold), where a line cut by length would lose it. URLs are left out: the refused URL
 * says nothing new and may carry a query.
 */
export function proxyPageLine(page: string, max = 120): string {
	const headlines: string[] = [];
	for (const match of page.matchAll(HEADLINES)) {
		const text = textOf(match[2]);
		const lower = text.toLowerCase();
		if (text === '' || headlines.some((h) => h.toLowerCase().includes(lower))) continue;
		headlines.push(text);
	}
	const rest = textOf(page.replace(/<head\b[\s\S]*?<\/head>/i, ' ').replace(HEADLINES, ' '));
	const line = [...headlines, rest].filter((part) => part !== '').join(' · ');
	return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The error of a request that never got past the proxy: refused, or its host name unknown. */
export function proxyNetworkError(
	ctx: ApiContext,
	request: ApiRequest,
	where: { baseUrl: string; proxy?: string },
	code: string | undefined,
	attempts: string,
): NodeApiError {
	const { baseUrl, proxy } = where;
	const through = `which n8n sends requests to ${baseUrl} through`;
	let headline: string;
	let advice = `Check that the proxy is running, and its address in ${WHERE_SET}.`;
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
		headline = `The proxy ${proxy}, ${through}, cannot be found (its host name does not resolve)`;
		advice = `Check the proxy's address in ${WHERE_SET}.`;
	} else if (code === 'ECONNREFUSED') {
		headline = `The proxy at ${proxy}, ${through}, refused the connection`;
	} else {
		headline = `The connection to the proxy at ${proxy}, ${through}, failed (${code ?? 'network error'})`;
	}
	return headlineError(ctx.getNode(), headline, {
		response: { message: headline, networkCode: code ?? 'UNKNOWN' } as JsonObject,
		description: `${advice} If n8n should reach the service directly, add its host to NO_PROXY. The request did not reach the service. Network error: ${code ?? 'network error'}. ${attempts} (${request.method} ${request.path})`,
		itemIndex: request.itemIndex,
	});
}

/**
 * The error of an answer that came from a proxy rather than the service (see above), with the
 * proxy's own words (`page`, the body as text; `clean` takes the run's secrets out of what is
 * shown) and the name the answer's Via header gives it; undefined when the answer may be the
 * service's. `serviceAnswered`: the body is the service's JSON error (it has a `message`).
 */
export function proxyAnswerError(
	ctx: ApiContext,
	request: ApiRequest,
	baseUrl: string,
	response: RawResponse,
	answer: { serviceAnswered: boolean; page?: string; clean: (text: string) => string },
): NodeApiError | undefined {
	const { serviceAnswered, page, clean } = answer;
	const status = response.statusCode;
	const excerpt = page === undefined ? '' : clean(proxyPageLine(page));
	const named = proxyNamedIn(headerOf(response, 'via'));
	const proxy = named ? clean(named) : undefined;
	const host = endpointOf(baseUrl)?.host ?? baseUrl;
	let headline: string;
	let guidance: string;
	if (status === 407) {
		headline =
			'The proxy between n8n and the service asks for a login (HTTP 407 Proxy Authentication Required)';
		guidance = `The request stopped at the proxy and did not reach the service. Put the proxy's user and password into ${WHERE_SET}: http://user:password@proxy-host:port (an @ or : in the password percent-encoded).`;
	} else if (status === 403 && !serviceAnswered) {
		headline = `${proxy ? `The proxy ${proxy}` : 'A proxy or firewall'} between n8n and the service refused the request to ${host} (HTTP 403${excerpt ? `: "${excerpt}"` : ''})`;
		const which = proxy
			? `the proxy ${proxy} (as its Via header names it; its address is the one set in ${WHERE_SET})`
			: `something on the way, usually the proxy set in ${WHERE_SET}`;
		guidance = `The answer is a page, not the service's JSON error, so it came from ${which}. Ask its admin to let this n8n reach ${host}, or add ${host} to NO_PROXY if n8n should reach it directly. The request did not reach the service.`;
	} else {
		return undefined;
	}
	return headlineError(ctx.getNode(), headline, {
		response: { message: headline, httpCode: String(status) } as JsonObject,
		description: `${guidance} (${request.method} ${request.path})`,
		httpCode: String(status),
		itemIndex: request.itemIndex,
	});
}
