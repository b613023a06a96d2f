/**
 * n8n's public API (`/api/v1`, an API key) for an n8n this project did not start: the user's own instance, any
 * version. Only what the public API offers on 1.x and 2.x alike: workflows (create, activate, deactivate, delete),
 * credentials (create, delete) and executions (list, read).
 */
export interface PublicApi {
	/** The instance's address as given (no trailing slash), e.g. http://127.0.0.1:5678. */
	readonly url: string;
	call<T = unknown>(
		method: string,
		route: string,
		body?: unknown,
	): Promise<{ status: number; data: T }>;
	/** Like `call`, but throws on anything but a 2xx, naming the call and n8n's answer. */
	ok<T = unknown>(method: string, route: string, body?: unknown): Promise<T>;
}

export function publicApi(url: string, apiKey: string): PublicApi {
	const base = url.replace(/\/+$/, '');
	const api: PublicApi = {
		url: base,
		async call<T>(method: string, route: string, body?: unknown) {
			const res = await fetch(`${base}/api/v1${route}`, {
				method,
				headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': apiKey },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await res.text();
			let data: unknown = text;
			try {
				data = JSON.parse(text);
			} catch {
				// not JSON: keep the text
			}
			return { status: res.status, data: data as T };
		},
		async ok<T>(method: string, route: string, body?: unknown) {
			const { status, data } = await api.call<T>(method, route, body);
			if (status < 200 || status > 299)
				throw new Error(
					`n8n ${method} /api/v1${route} answered ${status}: ${JSON.stringify(data).slice(0, 300)}`,
				);
			return data;
		},
	};
	return api;
}
