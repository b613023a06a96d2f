/**
 * A real n8n behind a proxy, set up as users do: HTTP_PROXY and HTTPS_PROXY name a local proxy (support/proxy.ts),
 * NO_PROXY holds n8n's own address (127.0.0.1), NODE_EXTRA_CA_CERTS the CA of the HTTPS sandbox. The credentials'
 * Base URL host, api.deliverability.localhost, resolves only at the proxy (a loopback name by RFC 6761 that this
 * machine's resolver does not know), so whatever reached the sandbox went through the proxy; over plain HTTP the proxy
 * logs each request in absolute form, over HTTPS each CONNECT tunnel. Proven here: every operation, pagination, a
 * wait (the pre-send gate example), the credential test and the trigger's registration over HTTPS; NO_PROXY; a proxy
 * that refuses or asks for a login named in the error and the test, not the service.
 */
import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';
import { startSandbox } from '../../sandbox';
import { CREDENTIAL_IDS, loadExample } from '../../support/examples';
import { NODE_TYPES } from '../../support/package';
import { runtimePaths } from '../../support/runtime';
import { operationsOf, parametersFor, sampleIds, SAMPLES } from '../../support/output-schemas';
import {
	behindProxy,
	PROXIED_HOST,
	proxiedAt,
	startProxy,
	type LocalProxy,
} from '../../support/proxy';
import { admin, requestLines } from '../../support/sandbox-admin';
import { makeRunCa, type RunCa } from '../../support/tls-ca';
import { MANUAL_START, nodeOutput, startStack, waitFor, type Sandbox, type Stack } from './support';

const portOf = (url: string) => new URL(url).port;
const CREDENTIAL_OF_TYPE: Record<string, string> = {
	deliverabilityApi: CREDENTIAL_IDS.deliverability,
	deliverabilityMailboxApi: CREDENTIAL_IDS.mailbox,
	deliverabilityGoogleWorkspaceKeyApi: CREDENTIAL_IDS.googleWorkspace,
	deliverabilityOutlookAppApi: CREDENTIAL_IDS.outlookApp,
};
const HTTPS_CREDENTIAL = 'DlvProxyHttpsApi';
const DIRECT_CREDENTIAL = 'DlvProxyDirectAp';
const EVERY_OPERATION = 'DlvProxyEveryOpr';
const TWO_WAYS = 'DlvProxyTwoWays0';
const TRIGGER = 'DlvProxyTrigger0';

let proxy: LocalProxy;
let ca: RunCa;
let tls: Sandbox;
let stack: Stack;
const operations = operationsOf(new Deliverability().description);

const node = (name: string, credentialId: string, parameters: object, y: number) => ({
	id: name,
	name,
	type: NODE_TYPES.action,
	typeVersion: 1,
	position: [300, y * 100],
	parameters,
	credentials: { deliverabilityApi: { id: credentialId, name: credentialId } },
	onError: 'continueRegularOutput',
});

/** A manual trigger feeding every node side by side. */
function workflow(id: string, nodes: Array<Record<string, unknown>>) {
	return {
		id,
		name: id,
		active: false,
		nodes: [MANUAL_START, ...nodes],
		connections: {
			Start: { main: [nodes.map((n) => ({ node: n.name, type: 'main', index: 0 }))] },
		},
		settings: { executionOrder: 'v1' },
	};
}

beforeAll(async () => {
	proxy = await startProxy();
	ca = makeRunCa();
	const cert = ca.issue('sandbox', { hosts: [PROXIED_HOST, '127.0.0.1'] });
	tls = await startSandbox({ port: 0, smtpPort: 0, tls: { cert: cert.cert, key: cert.key } });
	stack = await startStack({
		plainHttp: true,
		...behindProxy(proxy, { NODE_EXTRA_CA_CERTS: ca.caFile }),
		beforeStart: async (n8n, sandbox) => {
			const ids = await sampleIds(sandbox);
			await n8n.importCredentials([
				{
					id: HTTPS_CREDENTIAL,
					name: 'Deliverability over HTTPS',
					type: 'deliverabilityApi',
					data: { apiKey: tls.apiKeys.A, baseUrl: `https://${proxiedAt(tls)}/api/v1` },
				},
				{
					id: DIRECT_CREDENTIAL,
					name: 'Deliverability direct (NO_PROXY)',
					type: 'deliverabilityApi',
					data: { apiKey: sandbox.apiKeys.A, baseUrl: sandbox.baseUrl },
				},
			]);
			const description = new Deliverability().description;
			const everyOperation = operations.map(({ resource, operation }, y) => {
				const types = Object.keys(SAMPLES[`${resource}.${operation}`]?.credentials ?? {});
				const type = types[0] ?? 'deliverabilityApi';
				return {
					...node(
						`${resource} ${operation}`,
						CREDENTIAL_OF_TYPE[type],
						parametersFor(description, resource, operation, ids),
						y,
					),
					credentials: { [type]: { id: CREDENTIAL_OF_TYPE[type], name: type } },
				};
			});
			const trigger = loadExample('auto-pause-on-disconnect.json').workflow as {
				nodes: Array<{ type: string; credentials?: Record<string, { id: string; name: string }> }>;
			};
			for (const n of trigger.nodes)
				if (n.credentials?.deliverabilityApi)
					n.credentials.deliverabilityApi = {
						id: HTTPS_CREDENTIAL,
						name: 'Deliverability over HTTPS',
					};
			await n8n.importWorkflows([
				workflow(EVERY_OPERATION, [
					...everyOperation,
					node(
						'All accounts',
						CREDENTIAL_IDS.deliverability,
						{ resource: 'account', operation: 'getAll', returnAll: true },
						-1,
					),
				]),
				workflow(TWO_WAYS, [
					node(
						'Over HTTP',
						CREDENTIAL_IDS.deliverability,
						{ resource: 'account', operation: 'getAll', limit: 1 },
						0,
					),
					node(
						'Over HTTPS',
						HTTPS_CREDENTIAL,
						{ resource: 'account', operation: 'getAll', limit: 1 },
						1,
					),
				]),
				{ ...trigger, id: TRIGGER, name: 'Auto-pause over HTTPS' },
				loadExample('pre-send-gate.json').workflow,
			]);
		},
	});
});

afterAll(async () => {
	await stack?.close();
	await tls?.close();
	await proxy?.close();
	ca?.remove();
});

beforeEach(() => {
	proxy.mode = 'forward';
	proxy.log.length = 0;
});

const plainAt = () => proxiedAt(stack.sandbox);
const tlsAt = () => proxiedAt(tls);
const toSandboxes = () => [...proxy.to(plainAt()), ...proxy.to(tlsAt())];
/** The proxy's plain-HTTP log as "METHOD /path?query" below /api/v1, as the sandbox logs its requests. */
const proxied = () => proxy.requestLines(plainAt());
const received = () => requestLines(stack.sandbox);

async function testCredential(id: string) {
	const stored = await stack.n8n.rest<object>('GET', `/credentials/${id}?includeData=true`);
	const res = await stack.n8n.rest<{ status: string; message: string }>(
		'POST',
		'/credentials/test',
		{ credentials: stored.data },
	);
	expect(res.status).toBe(200);
	return res.data;
}

describe('through the proxy', () => {
	it('every operation: each request the sandbox got came through the proxy, and no node failed on the way', async () => {
		await admin(stack.sandbox, 'DELETE', '/requests');
		const result = await stack.n8n.execute(EVERY_OPERATION);
		// Every output of a node (an operation whose work finishes later answers on "Completed" or "Not Yet").
		const items = (name: string) =>
			(result.data.resultData.runData[name]?.[0]?.data?.main ?? [])
				.flatMap((output) => output ?? [])
				.map((i) => i.json);
		const networkTrouble = operations
			.map(
				({ resource, operation }) =>
					[`${resource} ${operation}`, items(`${resource} ${operation}`)] as const,
			)
			.filter(
				([, out]) =>
					out.length === 0 ||
					out.some((i) =>
						/proxy|cannot be reached|could not be found|broke before/.test(String(i.error ?? '')),
					),
			);
		expect(networkTrouble).toEqual([]);
		const got = await received();
		expect(got.length).toBeGreaterThanOrEqual(operations.length);
		expect([...proxied()].sort()).toEqual([...got].sort());
		// Pagination: every page of the 120 accounts, each through the proxy.
		expect(nodeOutput(result, 'All accounts').length).toBeGreaterThan(50);
		expect(proxied().filter((r) => r.startsWith('GET /accounts?page=')).length).toBeGreaterThan(2);
	});

	it('a wait: the pre-send gate polls its spam test until done, every poll through the proxy', async () => {
		await admin(stack.sandbox, 'DELETE', '/requests');
		const gate = loadExample('pre-send-gate.json');
		const result = await stack.n8n.execute(gate.id);
		expect(result.data.resultData.error ?? null).toBeNull();
		expect(nodeOutput(result, 'Get results')[0]).toMatchObject({ completed: true });
		const polls = proxied().filter((r) => /^GET \/spam_tests\//.test(r));
		expect(polls.length).toBeGreaterThan(0);
		expect([...proxied()].sort()).toEqual([...(await received())].sort());
	});

	it('the credential test of each credential: over HTTP in absolute form, over HTTPS as a CONNECT tunnel', async () => {
		for (const id of Object.values(CREDENTIAL_OF_TYPE))
			expect(await testCredential(id)).toMatchObject({ status: 'OK' });
		expect(proxied().filter((r) => r === 'GET /ping')).toHaveLength(4);
		expect(await testCredential(HTTPS_CREDENTIAL)).toMatchObject({ status: 'OK' });
		expect(proxy.to(tlsAt())).toEqual([
			expect.objectContaining({ method: 'CONNECT', status: 200 }),
		]);
	});

	it("the trigger's registration and removal over HTTPS go through CONNECT tunnels", async () => {
		expect((await stack.n8n.api('POST', `/workflows/${TRIGGER}/activate`)).status).toBe(200);
		const alerts = () =>
			admin<Array<{ id: number; hook_url: string | null }>>(tls, 'GET', '/alerts?project=A');
		const mine = async () =>
			(await alerts()).filter((a) => (a.hook_url ?? '').startsWith(stack.n8n.baseUrl));
		await waitFor('the alert on the HTTPS sandbox', async () => (await mine()).length === 1, 30000);
		const tunnels = proxy.to(tlsAt()).length;
		expect(tunnels).toBeGreaterThan(0);
		expect((await stack.n8n.api('POST', `/workflows/${TRIGGER}/deactivate`)).status).toBe(200);
		await waitFor('the alert removed', async () => (await mine()).length === 0, 30000);
		expect(toSandboxes().every((e) => e.status === 200)).toBe(true);
	});
});

describe('NO_PROXY', () => {
	it("a Base URL on a NO_PROXY host (n8n's own 127.0.0.1) is reached directly: the proxy sees nothing", async () => {
		expect(await testCredential(DIRECT_CREDENTIAL)).toMatchObject({ status: 'OK' });
		expect(proxy.to(`127.0.0.1:${portOf(stack.sandbox.baseUrl)}`)).toEqual([]);
		expect(proxy.to(plainAt())).toEqual([]);
	});
});

describe('a proxy that refuses or asks for a login is named, not the service', () => {
	// n8n 1.x (the lowest supported runtime) never applies a credential test's responseCode rules, so its test shows
	// n8n's own words for the proxy's 403 and 407 (package.e2e.test.ts); the operations name the proxy on both.
	const guidance = runtimePaths().name === 'current';

	it('refuses (HTTP 403 page): the operation names the proxy and its headline over HTTP and HTTPS; the test says proxy', async () => {
		proxy.mode = 'refuse';
		const result = await stack.n8n.execute(TWO_WAYS);
		for (const name of ['Over HTTP', 'Over HTTPS'])
			expect(String(nodeOutput(result, name)[0]?.error)).toMatch(
				new RegExp(
					`^The proxy 127\\.0\\.0\\.1:${proxy.port} between n8n and the service refused the request to api\\.deliverability\\.localhost \\(HTTP 403: "ERROR: The requested URL could not be retrieved · Access Denied\\.`,
				),
			);
		const test = await testCredential(HTTPS_CREDENTIAL);
		expect(test).toMatchObject({
			status: 'Error',
			message: guidance
				? expect.stringMatching(/HTTP 403.*From a proxy between n8n and the service/)
				: 'Forbidden - perhaps check your credentials?',
		});
		expect(toSandboxes().map((e) => e.status)).toEqual([403, 403, 403]);
	});

	it('asks for a login (HTTP 407): the operation and the test say so and where the login goes', async () => {
		proxy.mode = 'needs-auth';
		const result = await stack.n8n.execute(TWO_WAYS);
		for (const name of ['Over HTTP', 'Over HTTPS'])
			expect(String(nodeOutput(result, name)[0]?.error)).toBe(
				'The proxy between n8n and the service asks for a login (HTTP 407 Proxy Authentication Required)',
			);
		const test = await testCredential(HTTPS_CREDENTIAL);
		expect(test).toMatchObject({
			status: 'Error',
			message: guidance
				? expect.stringMatching(
						/^The proxy between n8n and the service asks for a login \(HTTP 407\)/,
					)
				: 'Your request is invalid or could not be processed by the service',
		});
		expect(toSandboxes().map((e) => e.status)).toEqual([407, 407, 407]);
	});
});
