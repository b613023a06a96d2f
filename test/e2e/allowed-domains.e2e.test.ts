/**
 * n8n's "Allowed HTTP Request Domains" (All / Specific Domains / None), which n8n adds to each of the package's four
 * credentials, in a real n8n with the packed package: for each value on each credential, the credential test (the
 * editor's Test button) and an operation run in a workflow; and n8n's HTTP Request node with the API key's
 * credential, for what None promises ("Block all requests when used in the HTTP Request or GraphQL node").
 */
import { NODE_TYPES } from '../../support/package';
import { runtimePaths } from '../../support/runtime';
import { KEY_FILE, NEW_CUSTOM_MAILBOX } from '../../support/output-schemas';
import { nodeOutput, startStack, type Stack } from './support';

/** The settings tried; `outside` lists hosts other than the sandbox's (127.0.0.1). */
const SETTINGS = {
	all: { allowedHttpRequestDomains: 'all' },
	host: { allowedHttpRequestDomains: 'domains', allowedDomains: 'api.example.com, 127.0.0.1' },
	outside: { allowedHttpRequestDomains: 'domains', allowedDomains: 'api.example.com' },
	empty: { allowedHttpRequestDomains: 'domains', allowedDomains: '' },
	none: { allowedHttpRequestDomains: 'none' },
} as const;
type Setting = keyof typeof SETTINGS;

/** Each credential, its secret, and an operation that uses it (values made unique per node by `n`). */
const CREDENTIALS: Array<{
	type: string;
	secret: Record<string, string>;
	parameters: (n: number) => Record<string, unknown>;
}> = [
	{
		type: 'deliverabilityApi',
		secret: {},
		parameters: () => ({ resource: 'account', operation: 'getAll', limit: 2 }),
	},
	{
		type: 'deliverabilityMailboxApi',
		secret: { password: 'dummy-mailbox-pass-both' },
		parameters: (n) => ({
			resource: 'account',
			operation: 'connectImap',
			...NEW_CUSTOM_MAILBOX,
			email: `box${n}@example-mail.com`,
		}),
	},
	{
		type: 'deliverabilityGoogleWorkspaceKeyApi',
		secret: { privateKeyFile: JSON.stringify(KEY_FILE) },
		parameters: (n) => ({
			resource: 'emailWorkspace',
			operation: 'create',
			name: `Sales ${n}`,
			provider: 'google',
		}),
	},
	{
		type: 'deliverabilityOutlookAppApi',
		secret: {
			clientId: '11111111-2222-3333-4444-555555555555',
			tenantId: '66666666-7777-8888-9999-000000000000',
			clientSecretId: 'dummy-secret-id-abc',
			clientSecretValue: 'dummy-secret-value-xyz',
		},
		parameters: (n) => ({
			resource: 'emailWorkspace',
			operation: 'create',
			name: `M365 ${n}`,
			provider: 'outlook',
		}),
	},
];

const credentialId = (setting: Setting, index: number) =>
	`DlvDom${setting}${index}`.padEnd(16, '0').slice(0, 16);
const nodeName = (setting: Setting, type: string) => `${type} ${setting}`;
const httpNodeName = (setting: Setting) => `HTTP Request ${setting}`;
const WORKFLOW_ID = 'DlvAllowedDomain';
const RUN: Setting[] = ['all', 'host', 'outside', 'none'];

let stack: Stack;
let output: (node: string) => Array<Record<string, unknown>>;

beforeAll(async () => {
	stack = await startStack({
		beforeStart: async (n8n, sandbox) => {
			const apiKey = { apiKey: sandbox.apiKeys.A, baseUrl: sandbox.baseUrl, headerForm: 'bearer' };
			const settings = Object.keys(SETTINGS) as Setting[];
			await n8n.importCredentials(
				settings.flatMap((setting) =>
					CREDENTIALS.map(({ type, secret }, index) => ({
						id: credentialId(setting, index),
						name: nodeName(setting, type),
						type,
						data: { ...apiKey, ...secret, ...SETTINGS[setting] },
					})),
				),
			);
			// One workflow: each credential's operation, and the HTTP Request node with the API key's credential, side
			// by side after the manual trigger; an error is the node's output item, so every node runs.
			const nodes: Array<Record<string, unknown>> = [
				{
					id: 'trigger',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
			];
			RUN.forEach((setting, row) => {
				CREDENTIALS.forEach(({ type, parameters }, index) =>
					nodes.push({
						id: `${setting}-${index}`,
						name: nodeName(setting, type),
						type: NODE_TYPES.action,
						typeVersion: 1,
						position: [300 + index * 200, row * 200],
						parameters: parameters(row * 10 + index),
						credentials: {
							[type]: { id: credentialId(setting, index), name: nodeName(setting, type) },
						},
						onError: 'continueRegularOutput',
					}),
				);
				nodes.push({
					id: `http-${setting}`,
					name: httpNodeName(setting),
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					position: [1200, row * 200],
					parameters: {
						url: `${sandbox.baseUrl}/ping`,
						authentication: 'predefinedCredentialType',
						nodeCredentialType: 'deliverabilityApi',
						options: {},
					},
					credentials: {
						deliverabilityApi: {
							id: credentialId(setting, 0),
							name: nodeName(setting, 'deliverabilityApi'),
						},
					},
					onError: 'continueRegularOutput',
				});
			});
			const targets = nodes.slice(1).map((n) => ({ node: n.name, type: 'main', index: 0 }));
			await n8n.importWorkflows({
				id: WORKFLOW_ID,
				name: 'Allowed HTTP Request Domains',
				active: false,
				nodes,
				connections: { Start: { main: [targets] } },
				settings: { executionOrder: 'v1' },
			});
		},
	});
	const result = await stack.n8n.execute(WORKFLOW_ID);
	output = (node) => nodeOutput(result, node);
});

afterAll(async () => {
	await stack?.close();
});

/** The editor's Test button on a stored credential. */
async function testCredential(setting: Setting, index: number) {
	const stored = await stack.n8n.rest<{ id: string; name: string; type: string; data: object }>(
		'GET',
		`/credentials/${credentialId(setting, index)}?includeData=true`,
	);
	expect(stored.status).toBe(200);
	const res = await stack.n8n.rest<{ status: string; message: string }>(
		'POST',
		'/credentials/test',
		{
			credentials: stored.data,
		},
	);
	expect(res.status).toBe(200);
	return res.data;
}

const current = runtimePaths().name === 'current';

describe.each(CREDENTIALS.map(({ type }, index) => [type, index] as const))(
	'Allowed HTTP Request Domains on %s',
	(type, index) => {
		it.each([['all'], ['host'], ['none']] as Array<[Setting]>)(
			'%s: the operation runs and the credential test passes',
			async (setting) => {
				const [item] = output(nodeName(setting, type));
				expect(item).toBeDefined();
				expect(item.error).toBeUndefined();
				expect(await testCredential(setting, index)).toMatchObject({ status: 'OK' });
			},
		);

		it('Specific Domains without the Base URL host: the operation is refused in words naming the setting, the test fails', async () => {
			const [item] = output(nodeName('outside', type));
			expect(String(item.error)).toMatch(
				/may not send its API key to 127\.0\.0\.1: it is not in the credential's "Allowed Domains" \(api\.example\.com\)/,
			);
			const test = await testCredential('outside', index);
			if (current) expect(test).toMatchObject({ status: 'Error' });
			if (current)
				expect(test.message).toMatch(/^Domain not allowed: .*127\.0\.0\.1.*api\.example\.com/);
		});

		it('Specific Domains with an empty list: the credential test fails', async () => {
			const test = await testCredential('empty', index);
			if (current)
				expect(test).toEqual({
					status: 'Error',
					message: expect.stringMatching(/No allowed domains specified/),
				});
		});
	},
);

/** An error item's message: the action node's error is text, the HTTP Request node's an object. */
const errorOf = (item: Record<string, unknown> | undefined) => {
	const error = item?.error as string | { message?: string } | undefined;
	return typeof error === 'object' ? String(error.message) : String(error);
};

describe("n8n's HTTP Request node with the API key's credential", () => {
	it('None blocks it, as n8n promises; All lets it through; Specific Domains holds it to the list', () => {
		expect(output(httpNodeName('all'))[0]).toMatchObject({ message: 'pong' });
		expect(errorOf(output(httpNodeName('host'))[0])).toBe('undefined');
		expect(errorOf(output(httpNodeName('none'))[0])).toBe(
			'This credential is configured to prevent use within an HTTP Request or GraphQL node',
		);
		expect(errorOf(output(httpNodeName('outside'))[0])).toMatch(
			/^Domain not allowed: This credential is restricted from accessing 127\.0\.0\.1:\d+\. Only the following domains are allowed: api\.example\.com$/,
		);
	});
});
