/**
 * n8n's "Allowed HTTP Request Domains" setting, which n8n adds to every credential that sends a
 * secret (this package's four included): All (the default), Specific Domains (a list in "Allowed
 * Domains") or None. n8n enforces it in its HTTP Request and GraphQL nodes and in declarative
 * nodes, not on a programmatic node's requests, so the transport honours it itself:
 * - Specific Domains: the key goes only to the hosts listed (n8n's matching: exact host, `*.x`
 *   for the subdomains of x, not x itself); a Base URL elsewhere is refused before any request,
 *   and the list goes with every request, so that n8n 2.x also refuses a redirect away from it.
 *   An empty list lets the key go nowhere.
 * - None: n8n's words are "Block all requests when used in the HTTP Request or GraphQL node": the
 *   credential is kept out of the generic nodes, where a workflow could send its key to any URL,
 *   and keeps working in the nodes it belongs to (n8n's own declarative nodes do the same).
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The host of a URL as n8n compares it (lowercase, no trailing dot; brackets kept for IPv6). */
function hostnameOf(url: string): string | undefined {
	try {
		return new URL(url).hostname.toLowerCase().replace(/\.$/, '') || undefined;
	} catch {
		return undefined;
	}
}

/** Whether `host` is one of `list` (comma-separated; `*.example.com` matches subdomains only). */
export function hostAllowed(host: string, list: string): boolean {
	return list
		.split(',')
		.map((entry) => entry.trim().toLowerCase().replace(/\.$/, ''))
		.filter(Boolean)
		.some((entry) =>
			entry.startsWith('*.') ? entry.length > 2 && host.endsWith(entry.slice(1)) : host === entry,
		);
}

/**
 * The domains the credential's key may go to, when its setting is Specific Domains (the list as
 * typed, trimmed); undefined for All and None. Throws, naming the setting, when the Base URL's host
 * is not among them or the list is empty: nothing has been sent then.
 */
export function allowedDomainsFor(
	node: INode,
	credentials: IDataObject,
	baseUrl: string,
	itemIndex: number | undefined,
): string | undefined {
	if (credentials.allowedHttpRequestDomains !== 'domains') return undefined;
	const list =
		typeof credentials.allowedDomains === 'string' ? credentials.allowedDomains.trim() : '';
	const host = hostnameOf(baseUrl) ?? baseUrl;
	if (list === '' || list.split(',').every((entry) => entry.trim() === '')) {
		throw new NodeOperationError(
			node,
			'The credential\'s "Allowed HTTP Request Domains" is Specific Domains, but its "Allowed Domains" is empty',
			{
				description: `This lets the credential send its API key nowhere. Add the service's host (${host}) to Allowed Domains in the credential, or set Allowed HTTP Request Domains to All. Nothing was sent.`,
				itemIndex,
			},
		);
	}
	if (!hostAllowed(host, list)) {
		throw new NodeOperationError(
			node,
			`The credential may not send its API key to ${host}: it is not in the credential's "Allowed Domains" (${list})`,
			{
				description: `The credential's "Allowed HTTP Request Domains" is Specific Domains, so its key goes only to ${list}, and the Base URL ${baseUrl} is elsewhere. Correct the Base URL, or, if ${host} is the service, add it to Allowed Domains. Nothing was sent.`,
				itemIndex,
			},
		);
	}
	return list;
}
