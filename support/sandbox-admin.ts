/**
 * The one client of the sandbox's admin API (`/__admin`: reset, faults, request log, events, settings …) for tests
 * and scripts. Two forms over the same request: `adminCall` answers the status and body and never throws (for tests
 * of the admin API itself), `admin` answers the body and throws on a 4xx/5xx naming the call (for everyone who only
 * prepares or reads state, so a wrong admin call cannot pass unnoticed).
 */

/** Anything that knows where its sandbox's admin API is (a started sandbox, `npm run sandbox`'s printed info). */
interface HasAdminUrl {
	adminUrl: string;
}

export type AdminMethod = 'GET' | 'POST' | 'DELETE';

export interface AdminAnswer<T> {
	status: number;
	/** The parsed JSON body; undefined for an empty body. */
	data: T;
}

export async function adminCall<T = unknown>(
	sandbox: HasAdminUrl,
	method: AdminMethod,
	path: string,
	body?: unknown,
): Promise<AdminAnswer<T>> {
	const res = await fetch(`${sandbox.adminUrl}${path}`, {
		method,
		headers: body === undefined ? undefined : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T };
}

export async function admin<T = unknown>(
	sandbox: HasAdminUrl,
	method: AdminMethod,
	path: string,
	body?: unknown,
): Promise<T> {
	const { status, data } = await adminCall<T>(sandbox, method, path, body);
	if (status >= 400) throw new Error(`admin ${method} ${path} → ${status} ${JSON.stringify(data)}`);
	return data;
}

/** The sandbox's request log, one line a request: "METHOD /path?query" below /api/v1, in the order received. */
export async function requestLines(sandbox: HasAdminUrl): Promise<string[]> {
	const log = await admin<Array<{ method: string; path: string; query: Record<string, string> }>>(
		sandbox,
		'GET',
		'/requests',
	);
	return log.map((r) => {
		const query = new URLSearchParams(r.query).toString();
		return `${r.method} ${r.path}${query ? `?${query}` : ''}`;
	});
}
