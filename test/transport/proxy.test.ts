// n8n's proxy variables (HTTP_PROXY, HTTPS_PROXY, NO_PROXY), through n8n's real engine and request helper against
// the sandbox behind a local proxy (support/proxy.ts). The Base URL's host, api.deliverability.localhost, resolves
// only at the proxy (RFC 6761 loopback name; this machine's resolver does not know it), so a request that reached the
// sandbox went through the proxy. A proxy that refuses, asks for a login, is down or cannot be found gives an
// error naming the proxy, not the service, and nothing reaches the service. Real n8n processes:
// test/e2e/proxy.e2e.test.ts and the queue suite.
import type { IDataObject } from 'n8n-workflow';

import { resetPacers } from '../../nodes/shared/pacer';
import { startProxy, type LocalProxy } from '../../support/proxy';
import { useSandbox } from '../nodes/context';
import { runAction } from '../support/run-action';

const t = useSandbox({ accounts: 120 });
const HOST = 'api.deliverability.localhost';
let proxy: LocalProxy;

beforeAll(async () => {
	proxy = await startProxy();
});
afterAll(async () => {
	await proxy?.close();
});
beforeEach(() => {
	resetPacers();
	proxy.mode = 'forward';
	proxy.log.length = 0;
});

const PROXY_VARIABLES = [
	'HTTP_PROXY',
	'HTTPS_PROXY',
	'NO_PROXY',
	'http_proxy',
	'https_proxy',
	'no_proxy',
];

/** Runs the node with these proxy variables set for the run only (the test's own calls go direct). */
async function run(
	env: Record<string, string>,
	parameters: IDataObject,
	options: { baseUrl?: string; input?: IDataObject[]; continueOnFail?: boolean } = {},
) {
	const saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
	for (const name of PROXY_VARIABLES) Reflect.deleteProperty(process.env, name);
	Object.assign(process.env, env);
	try {
		return await runAction(
			parameters,
			{
				apiKey: t.sandbox.apiKeys.A,
				baseUrl: options.baseUrl ?? `http://${HOST}:${sandboxPort()}/api/v1`,
			},
			options,
		);
	} finally {
		for (const name of PROXY_VARIABLES) {
			if (saved[name] === undefined) Reflect.deleteProperty(process.env, name);
			else process.env[name] = saved[name];
		}
	}
}

const ALL_ACCOUNTS = { resource: 'account', operation: 'getAll', returnAll: true };
const GET_ACCOUNT = {
	resource: 'account',
	operation: 'get',
	accountId: { __rl: true, mode: 'id', value: '1' },
};
const sandboxPort = () => new URL(t.sandbox.baseUrl).port;
const sandboxAt = () => `${HOST}:${sandboxPort()}`;

/**
 * The two ways through a proxy, as it.each rows (the way, its variable, the method the proxy sees): plain http, where
 * it sees the request itself (`method`), and https, where it sees the tunnel's CONNECT.
 */
const bothWays = (method: string) => [
	['http', 'HTTP_PROXY', method],
	['https (CONNECT)', 'HTTPS_PROXY', 'CONNECT'],
];
/** The service's Base URL at HOST for the way's scheme. */
const baseUrlFor = (way: string) =>
	`${way.startsWith('https') ? 'https' : 'http'}://${sandboxAt()}/api/v1`;

describe('through the proxy of HTTP_PROXY', () => {
	it('every page of a list goes through the proxy, in absolute form, and nothing else reaches the service', async () => {
		const result = await run({ HTTP_PROXY: proxy.url }, ALL_ACCOUNTS);
		expect(result.error).toBeUndefined();
		// More than one page (the accounts' page size is 50).
		expect(result.items.length).toBeGreaterThan(50);
		const received = await t.calls();
		expect(received.length).toBeGreaterThan(1);
		expect(
			proxy
				.to(sandboxAt())
				.map(
					(e) =>
						`${e.method} ${new URL(e.target).pathname.replace('/api/v1', '')}${new URL(e.target).search}`,
				),
		).toEqual(received);
		expect(proxy.log.every((e) => e.status === 200)).toBe(true);
	});

	it('lowercase http_proxy wins over HTTP_PROXY, as n8n documents', async () => {
		const result = await run(
			{ http_proxy: proxy.url, HTTP_PROXY: 'http://127.0.0.1:9' },
			GET_ACCOUNT,
		);
		expect(result.error).toBeUndefined();
		expect(proxy.to(sandboxAt())).toHaveLength(1);
	});

	it('a proxy that needs a login: its login in the variable is sent, and the request goes through', async () => {
		proxy.mode = 'needs-auth';
		const result = await run({ HTTP_PROXY: proxy.urlWithLogin }, GET_ACCOUNT);
		expect(result.error).toBeUndefined();
		expect(proxy.log).toEqual([expect.objectContaining({ status: 200, authorized: true })]);
	});
});

describe('NO_PROXY', () => {
	it.each([
		['the host itself', '127.0.0.1'],
		['the host and its port', `127.0.0.1:PORT`],
		['a list with spaces', 'example.com, 127.0.0.1'],
		['*', '*'],
	])('%s: the service is reached directly, the proxy sees nothing', async (_name, noProxy) => {
		const result = await run(
			{ HTTP_PROXY: proxy.url, NO_PROXY: noProxy.replace('PORT', String(sandboxPort())) },
			GET_ACCOUNT,
			{ baseUrl: t.sandbox.baseUrl },
		);
		expect(result.error).toBeUndefined();
		expect(proxy.log).toEqual([]);
		expect(await t.calls()).toHaveLength(1);
	});

	it.each([
		['another host', 'localhost'],
		['the host at another port', '127.0.0.1:1'],
	])('%s: still through the proxy', async (_name, noProxy) => {
		const result = await run({ HTTP_PROXY: proxy.url, NO_PROXY: noProxy }, GET_ACCOUNT, {
			baseUrl: t.sandbox.baseUrl,
		});
		expect(result.error).toBeUndefined();
		expect(proxy.to(`127.0.0.1:${sandboxPort()}`)).toHaveLength(1);
	});

	it('a domain suffix (.deliverability.localhost) bypasses the proxy for its subdomains: n8n then looks the name up itself', async () => {
		const result = await run(
			{ HTTP_PROXY: proxy.url, NO_PROXY: '.deliverability.localhost' },
			GET_ACCOUNT,
		);
		expect(proxy.log).toEqual([]);
		// Not through the proxy: this machine's resolver does not know the name, so the service's host is unknown.
		expect(result.error?.message).toMatch(
			/its host name api\.deliverability\.localhost:\d+ could not be found/,
		);
	});
});

describe('a proxy that fails is named in the error, not the service', () => {
	it.each(bothWays('GET'))(
		'%s: a proxy that refuses (HTTP 403 page): its words, sent once, nothing reaches the service',
		async (scheme, variable, method) => {
			proxy.mode = 'refuse';
			const baseUrl = baseUrlFor(scheme);
			const result = await run({ [variable]: proxy.url }, GET_ACCOUNT, { baseUrl });
			// A page laid out as Squid's: a generic title, the refused URL, then why, in bold. The line keeps the why, and
			// names the proxy by the address its Via header gives.
			expect(result.error?.message).toMatch(
				new RegExp(
					`^The proxy 127\\.0\\.0\\.1:${proxy.port} between n8n and the service refused the request to ${HOST} \\(HTTP 403: "ERROR: The requested URL could not be retrieved · Access Denied\\. · `,
				),
			);
			expect(result.error?.description).toMatch(
				/not the service's JSON error.*the proxy 127\.0\.0\.1:\d+ \(as its Via header names it.*HTTPS_PROXY.*add api\.deliverability\.localhost to NO_PROXY.*did not reach the service/,
			);
			expect(result.error?.description).not.toMatch(/project/);
			expect(proxy.log).toEqual([expect.objectContaining({ method, status: 403 })]);
			expect(await t.calls()).toEqual([]);
		},
	);

	it("the service's own 403 (JSON) is still the service's", async () => {
		// Through the proxy, a key of project B asks for an account of project A.
		const [account] = (await t.api<Array<{ id: number }>>('GET', '/accounts')).data;
		const result = await t.run(
			{ ...GET_ACCOUNT, accountId: { __rl: true, mode: 'id', value: String(account.id) } },
			{ apiKey: t.sandbox.apiKeys.B },
		);
		expect(result.error?.message ?? '').not.toMatch(/proxy/);
	});

	it.each(bothWays('POST'))(
		'%s: a proxy that needs a login (HTTP 407) says so and where the login goes',
		async (scheme, variable, method) => {
			proxy.mode = 'needs-auth';
			const baseUrl = baseUrlFor(scheme);
			const result = await run(
				{ [variable]: proxy.url },
				{ resource: 'spamTest', operation: 'create' },
				{ baseUrl },
			);
			expect(result.error?.message).toBe(
				'The proxy between n8n and the service asks for a login (HTTP 407 Proxy Authentication Required)',
			);
			expect(result.error?.description).toMatch(
				/did not reach the service.*http:\/\/user:password@proxy-host:port/,
			);
			expect(proxy.log).toEqual([
				expect.objectContaining({ method, status: 407, authorized: false }),
			]);
			expect(await t.calls()).toEqual([]);
		},
	);

	it('a proxy that is down: named with its address, for every item (the refusal remembered)', async () => {
		const result = await run({ HTTP_PROXY: 'http://127.0.0.1:9' }, GET_ACCOUNT, {
			input: [{}, {}, {}],
			continueOnFail: true,
		});
		const headline = `The proxy at 127.0.0.1:9, which n8n sends requests to http://${HOST}:${sandboxPort()}/api/v1 through, refused the connection`;
		expect(result.items.map((item) => item.json.error)).toEqual([headline, headline, headline]);
		expect(result.items[2].json.description).toMatch(
			/Check that the proxy is running.*HTTP_PROXY.*NO_PROXY.*ECONNREFUSED/,
		);
		expect(await t.calls()).toEqual([]);
	});

	it('a proxy whose host name does not resolve', async () => {
		const result = await run({ HTTP_PROXY: 'http://proxy.corp.invalid:3128' }, GET_ACCOUNT);
		expect(result.error?.message).toBe(
			`The proxy proxy.corp.invalid, which n8n sends requests to http://${HOST}:${sandboxPort()}/api/v1 through, cannot be found (its host name does not resolve)`,
		);
	});

	it('without a proxy, a stopped service is still the service', async () => {
		const result = await run({}, GET_ACCOUNT, { baseUrl: 'http://127.0.0.1:9/api/v1' });
		expect(result.error?.message).toMatch(
			/^The service at http:\/\/127\.0\.0\.1:9\/api\/v1 cannot be reached/,
		);
	});
});
