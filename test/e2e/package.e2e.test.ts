/**
 * The package as users get it: installed from the `npm pack` tarball into n8n's community-nodes folder. n8n must
 * load both node types and the credential without errors, and the credential test must pass against the sandbox.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NODE_TYPES, PACKAGE_NAME } from '../../support/package';
import { runtimePaths } from '../../support/runtime';
import { startSandbox, type Sandbox } from '../../sandbox';
import { admin } from '../../support/sandbox-admin';
import { CREDENTIAL_IDS, nodeOutput, startStack, type Stack } from './support';

interface NodeTypeDescription {
	name: string;
	displayName: string;
	version: number | number[];
	polling?: boolean;
	credentials?: Array<{ name: string; testedBy?: string }>;
}

const POLL_TRIGGER = `${PACKAGE_NAME}.deliverabilityNotificationTrigger`;

/** The credentials of the operations that send a secret: the API key's fields and the secret. */
const SECRET_CREDENTIALS = [
	'deliverabilityGoogleWorkspaceKeyApi',
	'deliverabilityOutlookAppApi',
	'deliverabilityMailboxApi',
];

let stack: Stack;

/**
 * Sandboxes whose certificate n8n refuses although it trusts the run CA: one issued by that CA for another host
 * name, one self-signed. The credential "Deliverability, wrong host" and a workflow reading an account with it.
 */
const refused: Record<'wrongHost' | 'selfSigned', Sandbox | undefined> = {
	wrongHost: undefined,
	selfSigned: undefined,
};
const WRONG_HOST = { id: 'DlvWrongHostCert', name: 'Deliverability, wrong host' };
const WRONG_HOST_WORKFLOW = 'DlvWrongHostRead';

beforeAll(async () => {
	stack = await startStack({
		beforeStart: async (n8n, _sandbox, ca) => {
			refused.wrongHost = await startSandbox({
				tls: ca.issue('elsewhere', { hosts: ['api.other.example'] }),
			});
			refused.selfSigned = await startSandbox({ tls: ca.selfSigned('self-signed') });
			await n8n.importCredentials([
				{
					...WRONG_HOST,
					type: 'deliverabilityApi',
					data: {
						apiKey: refused.wrongHost.apiKeys.A,
						baseUrl: refused.wrongHost.baseUrl,
						headerForm: 'bearer',
					},
				},
			]);
			await n8n.importWorkflows([readAccountWith(WRONG_HOST)]);
		},
	});
});

afterAll(async () => {
	await stack?.close();
	await Promise.all(Object.values(refused).map((s) => s?.close()));
});

/** Manual Trigger → Mailbox → Get (account 1) with the given credential. */
function readAccountWith(credential: { id: string; name: string }) {
	return {
		id: WRONG_HOST_WORKFLOW,
		name: 'Read an account (wrong host)',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'manual',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'read',
				name: 'Get account',
				type: NODE_TYPES.action,
				typeVersion: 1,
				position: [200, 0],
				// The error becomes the item (Continue On Fail), so the run ends and shows it.
				onError: 'continueRegularOutput',
				parameters: {
					resource: 'account',
					operation: 'get',
					accountId: { __rl: true, mode: 'id', value: '1' },
				},
				credentials: { deliverabilityApi: credential },
			},
		],
		connections: { Start: { main: [[{ node: 'Get account', type: 'main', index: 0 }]] } },
	};
}

describe('package in a real n8n', () => {
	it('is installed in the community-nodes folder from the tarball (not linked to the source tree)', () => {
		const dir = path.join(stack.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
		expect(fs.lstatSync(dir).isSymbolicLink()).toBe(false);
		const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
			n8n: { nodes: string[] };
		};
		for (const file of pkg.n8n.nodes) expect(fs.existsSync(path.join(dir, file))).toBe(true);
		expect(fs.existsSync(path.join(dir, 'nodes'))).toBe(false); // only dist/ ships
	});

	it('serves both node types and the credential type to the editor', async () => {
		const res = await stack.n8n.session<NodeTypeDescription[]>('GET', '/types/nodes.json');
		expect(res.status).toBe(200);
		const names = res.data.map((n) => n.name);
		expect(names).toEqual(expect.arrayContaining([NODE_TYPES.action, NODE_TYPES.trigger]));
		const action = res.data.find((n) => n.name === NODE_TYPES.action)!;
		expect(action.displayName).toBe('Deliverability');
		expect(action.credentials?.map((c) => c.name)).toContain('deliverabilityApi');
		const trigger = res.data.find((n) => n.name === NODE_TYPES.trigger)!;
		expect(trigger.displayName).toBe('Deliverability Alert Trigger');

		const creds = await stack.n8n.session<Array<{ name: string }>>(
			'GET',
			'/types/credentials.json',
		);
		expect(creds.status).toBe(200);
		expect(creds.data.map((c) => c.name)).toContain('deliverabilityApi');
	});

	it('serves the polling trigger, and the three credentials with a secret, each extending the API key credential', async () => {
		const res = await stack.n8n.session<NodeTypeDescription[]>('GET', '/types/nodes.json');
		const poller = res.data.find((n) => n.name === POLL_TRIGGER);
		expect(poller).toMatchObject({
			displayName: 'Deliverability Notification Trigger',
			polling: true,
		});
		const action = res.data.find((n) => n.name === NODE_TYPES.action)!;
		expect(action.credentials?.map((c) => c.name)).toEqual([
			'deliverabilityApi',
			...SECRET_CREDENTIALS,
		]);
		const creds = await stack.n8n.session<Array<{ name: string; extends?: string[] }>>(
			'GET',
			'/types/credentials.json',
		);
		for (const name of SECRET_CREDENTIALS)
			expect(creds.data.find((c) => c.name === name)).toMatchObject({
				extends: ['deliverabilityApi'],
			});
	});

	it.each([
		[CREDENTIAL_IDS.googleWorkspace],
		[CREDENTIAL_IDS.outlookApp],
		[CREDENTIAL_IDS.mailbox],
	])(
		'tests the credential with a secret %s by its API key (GET /ping), as the API key credential is tested',
		async (id) => {
			expect(await testCredential({}, id)).toMatchObject({ status: 'OK' });
			const refused = await testCredential({ apiKey: 'dummy-key-nobody-has' }, id);
			expect(refused).toMatchObject({ status: 'Error' });
			if (runtimePaths().name === 'current')
				expect(refused.message).toMatch(/refused the API key \(HTTP 401\)/);
		},
	);

	it("shows n8n's AI builder one required credential, and which one each operation uses", async () => {
		// The type definitions n8n's AI builder reads (its get_node_types tool), made by this n8n's workflow SDK from
		// the description n8n serves. n8n 1.x has no AI builder.
		if (runtimePaths().name !== 'current') return;
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const sdk = require(
			path.join(
				runtimePaths().n8nModules,
				'@n8n/workflow-sdk/dist/generate-types/generate-types.js',
			),
		) as {
			getPropertiesForCombination(node: unknown, combo: Record<string, string>): unknown[];
			generateDiscriminatorFile(
				node: unknown,
				version: number,
				combo: Record<string, string>,
				props: unknown[],
				schema: unknown,
			): string;
		};
		const res = await stack.n8n.session<NodeTypeDescription[]>('GET', '/types/nodes.json');
		const action = res.data.find((n) => n.name === NODE_TYPES.action)!;
		const combo = { resource: 'emailWorkspace', operation: 'create' };
		const types = sdk.generateDiscriminatorFile(
			action,
			1.1,
			combo,
			sdk.getPropertiesForCombination(action, combo),
			undefined,
		);
		const required = /interface Credentials \{([^}]*)\}/
			.exec(types)![1]
			.split('\n')
			.map((line) => line.trim())
			.filter((line) => /^\w+: CredentialReference;$/.test(line));
		expect(required).toEqual(['deliverabilityApi: CredentialReference;']);
		expect(types).toMatch(
			/@displayOptions\.show \{ provider: \["google"\] \}\s*\* @default deliverabilityGoogleWorkspaceKeyApi/,
		);
	});

	it('files all three nodes under Marketing & Content and Communication, with the app nodes of the node panel', async () => {
		const res = await stack.n8n.session<
			Array<NodeTypeDescription & { codex?: { categories?: string[]; subcategories?: unknown } }>
		>('GET', '/types/nodes.json');
		const codexOf = (name: string) => res.data.find((n) => n.name === name)?.codex;
		// n8n 2.41's node panel sets apart only Core Nodes, AI and HITL; a node with other categories is an app node.
		for (const name of Object.values(NODE_TYPES))
			expect({ name, codex: codexOf(name) }).toEqual({
				name,
				codex: expect.objectContaining({ categories: ['Marketing & Content', 'Communication'] }),
			});
	});

	it('offers the action node as an AI tool and both icon themes (what the lowest supported n8n must handle too)', async () => {
		const res = await stack.n8n.session<
			Array<NodeTypeDescription & { icon?: unknown; iconUrl?: unknown }>
		>('GET', '/types/nodes.json');
		const names = res.data.map((n) => n.name);
		// usableAsTool: n8n generates the tool variant `<name>Tool` at load time.
		expect(names).toContain(`${NODE_TYPES.action}Tool`);
		const action = res.data.find((n) => n.name === NODE_TYPES.action)!;
		const iconUrl = action.iconUrl as { light: string; dark: string };
		expect(iconUrl).toEqual({
			light: expect.stringMatching(/\.svg$/),
			dark: expect.stringMatching(/\.svg$/),
		});
		expect(iconUrl.light).not.toBe(iconUrl.dark);
		for (const url of [iconUrl.light, iconUrl.dark]) {
			const icon = await fetch(`${stack.n8n.baseUrl}/${url}`);
			expect(icon.status).toBe(200);
			expect(await icon.text()).toContain('<svg');
		}
	});

	it('serves the output schemas the editor previews before a first run (nodes/Deliverability/__schema__)', async () => {
		const res = await fetch(
			`${stack.n8n.baseUrl}/schemas/${NODE_TYPES.action}/1.0.0/spamTest/get.json`,
		);
		expect(res.status).toBe(200);
		const schema = (await res.json()) as { type: string; properties: Record<string, unknown> };
		const shipped = JSON.parse(
			fs.readFileSync(
				path.join(
					__dirname,
					'..',
					'..',
					'nodes',
					'Deliverability',
					'__schema__',
					'v1.0.0',
					'spamTest',
					'get.json',
				),
				'utf8',
			),
		) as unknown;
		expect(schema).toEqual(shipped);
		expect(
			(
				await fetch(
					`${stack.n8n.baseUrl}/schemas/${NODE_TYPES.action}/1.0.0/spamTest/noSuchOperation.json`,
				)
			).status,
		).toBe(404);
	});

	it('logs no load errors for the package', () => {
		const lines = stack.n8n.output.split('\n');
		const bad = lines.filter(
			(l) =>
				/error|failed|cannot|unknown credential/i.test(l) &&
				/deliverab|community|package|node type/i.test(l),
		);
		expect(bad).toEqual([]);
	});

	/** What the editor's "Test" button does: load the stored credential (redacted), post it back to /credentials/test. */
	async function testCredential(
		overrides: Record<string, unknown> = {},
		credentialId: string = CREDENTIAL_IDS.deliverability,
	) {
		const stored = await stack.n8n.rest<{
			id: string;
			name: string;
			type: string;
			data: Record<string, unknown>;
		}>('GET', `/credentials/${credentialId}?includeData=true`);
		expect(stored.status).toBe(200);
		const { id, name, type, data } = stored.data;
		const res = await stack.n8n.rest<{ status: string; message: string }>(
			'POST',
			'/credentials/test',
			{
				credentials: { id, name, type, data: { ...data, ...overrides } },
			},
		);
		expect(res.status).toBe(200);
		return res.data;
	}

	it('passes the credential test against the sandbox (the editor\'s "Test" button)', async () => {
		expect(await testCredential()).toMatchObject({ status: 'OK' });
	});

	it('passes with the raw header form too', async () => {
		expect(await testCredential({ headerForm: 'raw' })).toMatchObject({ status: 'OK' });
	});

	// n8n 1.x (the lowest supported runtime) never applies a credential test's responseCode rules: its routing node's
	// error carries no `cause.response`, so it shows its own text. The test still fails, which is what must hold there.
	const guidance = runtimePaths().name === 'current';

	/** The GET /ping requests the sandbox received while `fn` ran. */
	async function pings(fn: () => Promise<unknown>): Promise<number> {
		await admin(stack.sandbox, 'DELETE', '/requests');
		await fn();
		const log = await admin<Array<{ method: string; path: string }>>(
			stack.sandbox,
			'GET',
			'/requests',
		);
		return log.filter((r) => r.method === 'GET' && r.path.endsWith('/ping')).length;
	}

	it('sends GET /ping once for a working key, and twice for a refused one: n8n repeats a 401', async () => {
		// n8n-core's httpRequestWithAuthentication (request-helpers/authentication.ts in 2.x, request-helper-functions
		// in 1.x) answers a 401 by refreshing the credential and sending the request again whenever its credentials
		// helper has a preAuthentication method, which n8n's always has; for a credential without an expirable
		// property that refresh does nothing, so the same request goes out twice. The credential test is declarative:
		// the request is n8n's, and nothing in the package can make it once (docs/credentials.md).
		expect(await pings(() => testCredential())).toBe(1);
		expect(await pings(() => testCredential({ apiKey: 'dummy-key-nobody-has' }))).toBe(2);
	});

	it('fails with a wrong key, and says what to check', async () => {
		const result = await testCredential({ apiKey: 'dummy-key-nobody-has' });
		expect(result).toMatchObject({ status: 'Error' });
		if (guidance) expect(result.message).toMatch(/refused the API key \(HTTP 401\).*Header Form/);
		else expect(result.message).toBe('Authorization failed - please check your credentials');
		expect(result.message).not.toContain('dummy-key-nobody-has');
	});

	it('names a base URL without the /api/v1 version segment', async () => {
		const stored = await stack.n8n.rest<{ data: { baseUrl: string } }>(
			'GET',
			`/credentials/${CREDENTIAL_IDS.deliverability}?includeData=true`,
		);
		const bare = String(stored.data.data.baseUrl).replace(/\/api\/v1\/?$/, '');
		const result = await testCredential({ baseUrl: bare });
		expect(result).toMatchObject({ status: 'Error' });
		if (guidance)
			expect(result.message).toMatch(/HTTP 404.*ending in the version segment \/api\/v1/);
		else expect(result.message).toBe('The resource you are requesting could not be found');
	});

	it('fails with an unreachable base URL (n8n shows the network code: declarative tests have no rule for it)', async () => {
		const result = await testCredential({ baseUrl: 'http://127.0.0.1:9/api/v1' });
		expect(result).toMatchObject({ status: 'Error' });
		expect(result.message).toMatch(guidance ? /ECONNREFUSED/ : /refused the connection/);
	});

	it('passes over HTTPS: the Base URL is https://, its certificate from the CA n8n trusts (NODE_EXTRA_CA_CERTS)', async () => {
		expect(stack.sandbox.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
		expect(stack.n8n.env().NODE_EXTRA_CA_CERTS).toBe(stack.ca.caFile);
		expect(await testCredential()).toMatchObject({ status: 'OK' });
	});

	it.each([
		['issued for another host name', 'wrongHost' as const, 'ERR_TLS_CERT_ALTNAME_INVALID'],
		['self-signed', 'selfSigned' as const, 'DEPTH_ZERO_SELF_SIGNED_CERT'],
	])(
		"a certificate %s fails the test with the code the Base URL's description explains; nothing is sent",
		async (_what, which, code) => {
			const bad = refused[which]!;
			await admin(bad, 'DELETE', '/requests');
			const result = await testCredential({ baseUrl: bad.baseUrl, apiKey: bad.apiKeys.A });
			expect(result).toMatchObject({ status: 'Error' });
			process.stdout.write(`[e2e] credential test, certificate ${which}: "${result.message}"\n`);
			const types = await stack.n8n.session<
				Array<{ name: string; properties: Array<{ name: string; description?: string }> }>
			>('GET', '/types/credentials.json');
			const explained = types.data
				.find((t) => t.name === 'deliverabilityApi')!
				.properties.find((p) => p.name === 'baseUrl')!.description;
			if (guidance) {
				expect(result.message).toBe(code);
				expect(explained).toContain(code);
			}
			expect(await admin<unknown[]>(bad, 'GET', '/requests')).toEqual([]);
		},
	);

	it('a workflow against a host its certificate is not for says so in words, and sends nothing', async () => {
		const bad = refused.wrongHost!;
		await admin(bad, 'DELETE', '/requests');
		const [error] = nodeOutput(
			await stack.n8n.execute(WRONG_HOST_WORKFLOW),
			'Get account',
		) as Array<{
			error?: string;
			description?: string;
		}>;
		expect(await admin<unknown[]>(bad, 'GET', '/requests')).toEqual([]);
		expect(error.error).toBe(
			`The certificate of ${new URL(bad.baseUrl).host} is for another host name`,
		);
		// n8n 1.x hands the node the TLS code without the certificate, so the names it is for cannot be listed there.
		expect(error.description).toMatch(
			guidance
				? /^Set the Base URL in the credential to a host name the certificate was issued for: it is for api\.other\.example\./
				: /^Set the Base URL in the credential to a host name the certificate was issued for \(the service's name rather than an IP address or an alias\)\./,
		);
		expect(error.description).toContain('Nothing was sent');
		expect(await admin<unknown[]>(bad, 'GET', '/requests')).toEqual([]);
	});
});
