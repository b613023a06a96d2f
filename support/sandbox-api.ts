/** The sandbox's public API as the service's client sees it, for tests and scripts that prepare or read state. */

/** Anything that knows where its sandbox's API is and project A's key (a started sandbox). */
interface HasApi {
	baseUrl: string;
	apiKeys: { A: string };
}

/** JSON from the sandbox's public API with project A's key; throws on a 4xx/5xx, naming the call. */
export async function service<T = unknown>(
	sandbox: HasApi,
	method: string,
	route: string,
	body?: unknown,
): Promise<T> {
	const res = await fetch(`${sandbox.baseUrl}${route}`, {
		method,
		headers: { 'content-type': 'application/json', 'X-Api-Key': `Bearer ${sandbox.apiKeys.A}` },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	if (res.status >= 400) throw new Error(`service ${method} ${route}: ${res.status} ${text}`);
	return JSON.parse(text) as T;
}
