/** The sandbox's public API as the service's client sees it, for tests and scripts that prepare or read state. */
import * as http from 'node:http';
import * as https from 'node:https';

/**
 * Anything that knows where its sandbox's API is and project A's key (a started sandbox). `ca`: the CA certificate
 * (PEM) an HTTPS sandbox's certificate comes from (support/tls-ca.ts), trusted for these calls only.
 */
interface HasApi {
	baseUrl: string;
	apiKeys: { A: string };
	ca?: string;
}

/** One request with node's own client (fetch cannot be given a CA to trust), answering the status and text. */
function call(
	url: string,
	init: { method: string; headers: Record<string, string>; body?: string; ca?: string },
): Promise<{ status: number; text: string }> {
	const target = new URL(url);
	const client = target.protocol === 'https:' ? https : http;
	return new Promise((resolve, reject) => {
		const req = client.request(
			target,
			{ method: init.method, headers: init.headers, ...(init.ca ? { ca: init.ca } : {}) },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (c: Buffer) => chunks.push(c));
				res.on('end', () =>
					resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
				);
				res.on('error', reject);
			},
		);
		req.on('error', reject);
		req.end(init.body);
	});
}

/** JSON from the sandbox's public API with project A's key; throws on a 4xx/5xx, naming the call. */
export async function service<T = unknown>(
	sandbox: HasApi,
	method: string,
	route: string,
	body?: unknown,
): Promise<T> {
	const { status, text } = await call(`${sandbox.baseUrl}${route}`, {
		method,
		headers: { 'content-type': 'application/json', 'X-Api-Key': `Bearer ${sandbox.apiKeys.A}` },
		body: body === undefined ? undefined : JSON.stringify(body),
		ca: sandbox.ca,
	});
	if (status >= 400) throw new Error(`service ${method} ${route}: ${status} ${text}`);
	return JSON.parse(text) as T;
}
