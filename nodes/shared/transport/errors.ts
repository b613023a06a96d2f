/**
 * What every error of a request says alike: where the request went, the service's host, the
 * headline of a create whose answer was lost (what may exist now and where to look; no headline of
 * ours advises repeating a create) and the hint for a web page where the API should be. The errors
 * themselves: statusErrors.ts (a 4xx/5xx answer), answerErrors.ts (a 2xx answer of the wrong
 * shape), networkErrors.ts (no answer).
 */
import type { ApiRequest } from './types';

/**
 * Where the request went, for its error: the credential's Base URL and time limit per answer, and
 * the proxy's address when a connection failed there instead (proxies.ts).
 */
export interface Where {
	baseUrl: string;
	timeoutMs: number;
	proxy?: string;
}

/** The hint for an answer that looks like a web page: usually a Base URL that misses /api/v1. */
export const WEB_PAGE_HINT =
	'This looks like a web page, not the API: the Base URL in the credential must be the service address ending in /api/v1 (e.g. https://api.example.com/api/v1).';

export function hostOf(baseUrl: string): string {
	return /^https?:\/\/([^/?#]+)/i.exec(baseUrl)?.[1] ?? baseUrl;
}

/** A lost create's headline: what may exist now, why we do not know, what to check. */
export function createHeadline(request: ApiRequest, cause: string): string {
	const { what, where } = request.creates ?? {
		what: 'It may have been created',
		where: 'the service',
	};
	return `${what}: ${cause}. Check ${where} before running this again`;
}
