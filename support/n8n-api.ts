/**
 * n8n's HTTP APIs as the owner: the internal REST API the editor uses (logged in with the owner's session cookie),
 * the public API (`/api/v1`, with an API key made once), and on n8n 1.x the owner's first set-up the way the setup
 * screen does it. support/n8n-process.ts's N8n is one of these, for the process it runs.
 */
import { publicApi } from './n8n-public-api';

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const DEFAULT_OWNER: Owner = {
	email: 'owner@example.com',
	password: 'Deliverability-sandbox-1',
	firstName: 'Sandbox',
	lastName: 'Owner',
};

export const BROWSER_ID = 'n8n-nodes-deliverability-e2e';

export abstract class N8nApi {
	abstract readonly owner: Owner;

	abstract get baseUrl(): string;

	/** The owner's session; emptied when n8n starts again. */
	protected cookie = '';

	private apiKey = '';

	/** Workflows imported through the 1.x CLI and not yet saved through its REST API (see finishStart1x). */
	protected readonly unsaved1x: string[] = [];

	/**
	 * n8n 1.x answers /healthz/readiness before it mounts its REST API (its editor line comes later), and it has no
	 * owner-from-environment: wait for /rest/settings, then set the owner up the way the setup screen does.
	 */
	protected async finishStart1x(t0: number, timeoutMs: number): Promise<void> {
		let settings: { userManagement?: { showSetupOnFirstLoad?: boolean } } | undefined;
		while (!settings) {
			if (Date.now() - t0 > timeoutMs)
				throw new Error(`n8n's REST API not up after ${timeoutMs} ms`);
			try {
				const res = await fetch(`${this.baseUrl}/rest/settings`);
				if (res.status === 200)
					settings = ((await res.json()) as { data: typeof settings }).data ?? {};
			} catch {
				// not mounted yet
			}
			if (!settings) await new Promise((r) => setTimeout(r, 250));
		}
		if (settings.userManagement?.showSetupOnFirstLoad) await this.setUpOwner1x();
		// Its CLI import writes no workflow history either, and activating such a workflow then fails on a foreign
		// key (activeVersionId): save each imported workflow once through the REST API, as the editor would.
		for (const id of this.unsaved1x.splice(0)) {
			const got = await this.rest<Record<string, unknown>>('GET', `/workflows/${id}`);
			if (got.status !== 200) throw new Error(`GET workflow ${id}: ${got.status}`);
			const saved = await this.rest('PATCH', `/workflows/${id}`, got.data);
			if (saved.status !== 200)
				throw new Error(
					`saving workflow ${id}: ${saved.status} ${JSON.stringify(saved.data).slice(0, 300)}`,
				);
		}
	}

	private async setUpOwner1x(): Promise<void> {
		const res = await fetch(`${this.baseUrl}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
			body: JSON.stringify({ ...this.owner }),
		});
		if (res.status !== 200) throw new Error(`owner setup: ${res.status} ${await res.text()}`);
	}

	/** Internal REST API (what the editor uses), logged in as the owner. */
	async rest<T = unknown>(
		method: string,
		route: string,
		body?: unknown,
	): Promise<{ status: number; data: T }> {
		return this.session<T>(method, `/rest${route}`, body);
	}

	/** Any path of the editor's server with the owner's session (e.g. `/types/nodes.json`); unwraps `{ data }`. */
	async session<T = unknown>(
		method: string,
		urlPath: string,
		body?: unknown,
	): Promise<{ status: number; data: T }> {
		if (!this.cookie) await this.login();
		const res = await fetch(`${this.baseUrl}${urlPath}`, {
			method,
			headers: {
				'content-type': 'application/json',
				cookie: this.cookie,
				'browser-id': BROWSER_ID,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		let json: { data?: T } | undefined;
		try {
			json = JSON.parse(text) as { data?: T };
		} catch {
			json = undefined;
		}
		return { status: res.status, data: (json && 'data' in json ? json.data : (json ?? text)) as T };
	}

	async login(): Promise<void> {
		const res = await fetch(`${this.baseUrl}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
			body: JSON.stringify({ emailOrLdapLoginId: this.owner.email, password: this.owner.password }),
		});
		if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
		const setCookie = res.headers.getSetCookie?.() ?? [];
		this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
		if (!this.cookie.includes('n8n-auth=')) throw new Error('login returned no n8n-auth cookie');
	}

	/** Creates (once) an API key with every scope the owner may grant; returns it. */
	async getApiKey(): Promise<string> {
		if (this.apiKey) return this.apiKey;
		const scopes = await this.rest<string[]>('GET', '/api-keys/scopes');
		if (scopes.status !== 200) throw new Error(`api-key scopes: ${scopes.status}`);
		const created = await this.rest<{ rawApiKey: string }>('POST', '/api-keys', {
			label: `e2e ${Date.now()}`,
			scopes: scopes.data,
			expiresAt: null,
		});
		if (created.status !== 200 || !created.data?.rawApiKey) {
			throw new Error(`api-key create: ${created.status} ${JSON.stringify(created.data)}`);
		}
		this.apiKey = created.data.rawApiKey;
		return this.apiKey;
	}

	/** Public API (`/api/v1`) with the API key. */
	async api<T = unknown>(
		method: string,
		route: string,
		body?: unknown,
	): Promise<{ status: number; data: T }> {
		return await publicApi(this.baseUrl, await this.getApiKey()).call<T>(method, route, body);
	}
}
