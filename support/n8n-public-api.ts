/**
 * n8n's public API (`/api/v1`, an API key) for an n8n this project did not start: the user's own instance, any
 * version. Only what the public API offers on 1.x and 2.x alike: workflows (create, activate, deactivate, delete),
 * credentials (create, delete) and executions (list, read); and, built on them, a workflow run through its webhook
 * and a workflow removed however its n8n unpublishes.
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

/** Asks `fn` every half second until it gives a value; throws naming `what` after `timeoutMs`. */
export async function until<T>(
	what: string,
	fn: () => Promise<T | undefined>,
	timeoutMs: number,
): Promise<T> {
	const t0 = Date.now();
	for (;;) {
		const value = await fn();
		if (value !== undefined) return value;
		if (Date.now() - t0 > timeoutMs) throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
		await new Promise((r) => setTimeout(r, 500));
	}
}

/**
 * Publishes a workflow whose Webhook trigger at `path` answers with its last node's items, calls it once, and gives
 * those items, or the error message of the run that failed.
 */
export async function runByWebhook(
	api: PublicApi,
	id: string,
	path: string,
): Promise<{ items?: Record<string, unknown>[]; error?: string }> {
	await api.ok('POST', `/workflows/${id}/activate`);
	// Right after activation the webhook may not be registered yet (404).
	const res = await until(
		'registered webhook',
		async () => {
			const r = await fetch(`${api.url}/webhook/${path}`, { method: 'POST' });
			return r.status === 404 ? undefined : r;
		},
		30000,
	);
	const text = await res.text();
	if (res.status === 200) return { items: JSON.parse(text) as Record<string, unknown>[] };
	const execution = await until(
		'finished execution',
		async () => {
			const list = await api.ok<{
				data: Array<{
					finished: boolean;
					stoppedAt?: string | null;
					data?: Record<string, unknown>;
				}>;
			}>('GET', `/executions?workflowId=${id}&includeData=true&limit=1`);
			const [latest] = list.data;
			return latest?.stoppedAt ? latest : undefined;
		},
		30000,
	);
	const resultData = (
		execution.data as { resultData?: { error?: { message?: string } } } | undefined
	)?.resultData;
	return {
		error: resultData?.error?.message ?? `n8n answered ${res.status}: ${text.slice(0, 200)}`,
	};
}

/** Unpublishes and deletes a workflow; the status of the delete (200 when it is gone). */
export async function removeWorkflow(api: PublicApi, id: string): Promise<number> {
	await api.call('POST', `/workflows/${id}/deactivate`);
	// n8n 2.x unpublishes in the background: until it is done a delete answers 409.
	let deleted = await api.call('DELETE', `/workflows/${id}`);
	for (let tries = 0; deleted.status === 409 && tries < 60; tries++) {
		await new Promise((r) => setTimeout(r, 500));
		deleted = await api.call('DELETE', `/workflows/${id}`);
	}
	return deleted.status;
}
