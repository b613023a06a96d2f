/**
 * n8n's own workflow builder, reached as an AI assistant reaches it: n8n 2.41's instance-level MCP server
 * (`/mcp-server/http`), switched on as the settings screen does (the owner's PATCH /rest/mcp/settings), with the
 * token the screen shows (GET /rest/mcp/api-key) sent as a Bearer token by the official MCP client. Its tools read the
 * node catalog that n8n's editor AI builder reads too (`@n8n/ai-utilities` node-catalog).
 *
 * Found by the words people use: `search_nodes` (word by word, top 5 per word; display name, type name and codex
 * aliases scored, the description only to fill) ranks the right node of this package in its top 3 for each phrase
 * below, in both of its modes (`workflow` and `agentTool`, where the action node is offered as its Tool variant).
 *
 * Understood: `get_node_types` (for a community node n8n writes the type definition from the node's description with
 * `@n8n/workflow-sdk`) carries the node's builder hints: what the service is for, the spam-test recipe, each
 * operation's output fields and outputs, which id is which, what costs a credit, the version-1-only fields.
 * `explore_node_resources` lists real ids through the node's own list searches.
 *
 * Built right: two workflows written in n8n's workflow SDK code as `get_workflow_sdk_reference` teaches and as the
 * definition describes them (the pre-send gate, and auto-pause on disconnect) pass `validate_workflow`, are created
 * with `create_workflow_from_code`, and run against the sandbox with the results they promise.
 */
import fs from 'node:fs';
import path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { CREDENTIAL_IDS, CREDENTIAL_NAMES } from '../../support/examples';
import { admin } from '../../support/sandbox-admin';
import { executionRunData, n8nAlerts, service, startStack, waitFor, type Stack } from './support';

const PACKAGE = 'n8n-nodes-deliverability';
const ACTION = `${PACKAGE}.deliverability`;
const TOOL = `${PACKAGE}.deliverabilityTool`;
const TRIGGER = `${PACKAGE}.deliverabilityAlertTrigger`;
const NOTIFICATION_TRIGGER = `${PACKAGE}.deliverabilityNotificationTrigger`;

/**
 * What a person asks an assistant for, in the assistant's search words: the service's domain words, each operation's
 * action as people say it, the trigger's events. An action phrase must find the action node (its Tool variant when
 * the search is for agent tools); a trigger phrase the trigger.
 */
const ACTION_PHRASES = [
	'deliverability',
	'email deliverability',
	'deliverability test',
	'deliverability report',
	'spam test',
	'spam test results',
	'spam check',
	'spam score',
	'spam folder',
	'inbox placement',
	'inbox placement test',
	'email placement test',
	'seedlist',
	'pre-send check',
	'automated spam test',
	'scheduled spam test',
	'email warmup',
	'email warm-up',
	'warm-up',
	'warm up mailbox',
	'mailbox warmup',
	'pause warmup',
	'resume warmup',
	'warmup statistics',
	'warming graph',
	'sending accounts',
	'list mailboxes',
	'mailbox reputation',
	'sender reputation',
	'domain reputation',
	'reconnect mailbox',
	'disconnected mailbox',
	'bulk reconnect accounts',
	'delete mailbox',
	'connect imap smtp mailbox',
	'send-as aliases',
	'account statistics',
	'link tag account',
	'SPF DKIM DMARC',
	'DMARC',
	'SPF record',
	'blacklist check',
	'blocklist',
	'domain health',
	'sending domains',
	'deliverability alert',
	'create alert webhook',
	'deliverability notifications',
	'automated test run days',
	'email workspace',
	'import accounts workspace',
];
const TRIGGER_PHRASES: Array<[string, string]> = [
	['spam test completed', TRIGGER],
	['account disconnected', TRIGGER],
	['mailbox disconnected trigger', TRIGGER],
	['deliverability trigger', TRIGGER],
	['deliverability alert trigger', TRIGGER],
	['deliverability notification trigger', NOTIFICATION_TRIGGER],
];

interface ToolResult {
	isError?: boolean;
	content: Array<{ type: string; text?: string }>;
}

let stack: Stack;
let client: Client;
let token: string;

beforeAll(async () => {
	stack = await startStack({ startTimeoutMs: 300_000 });
	// The settings screen's switch: the owner turns MCP access on, then the screen shows the owner's token.
	const enabled = await stack.n8n.rest<{ mcpAccessEnabled: boolean }>('PATCH', '/mcp/settings', {
		mcpAccessEnabled: true,
	});
	expect(enabled).toEqual({
		status: 200,
		data: expect.objectContaining({ mcpAccessEnabled: true }),
	});
	const key = await stack.n8n.rest<{ apiKey: string }>('GET', '/mcp/api-key');
	expect(key.status).toBe(200);
	token = key.data.apiKey;
	client = await connect(token);
}, 600_000);

afterAll(async () => {
	await client?.close();
	await stack?.close();
});

async function connect(bearer: string): Promise<Client> {
	const mcp = new Client({ name: 'deliverability-e2e-builder', version: '1.0.0' });
	await mcp.connect(
		new StreamableHTTPClientTransport(new URL(`${stack.n8n.baseUrl}/mcp-server/http`), {
			requestInit: { headers: { Authorization: `Bearer ${bearer}` } },
		}),
	);
	return mcp;
}

async function call(name: string, args: Record<string, unknown>): Promise<string> {
	const result = (await client.callTool({ name, arguments: args }, undefined, {
		timeout: 120_000,
	})) as ToolResult;
	const text = result.content.map((c) => c.text ?? '').join('\n');
	if (result.isError) throw new Error(`${name} answered an error: ${text}`);
	return text;
}

/** search_nodes' answer as the node ids it shows per query, in its order (related nodes it adds left out). */
async function search(
	queries: string[],
	usage: 'workflow' | 'agentTool',
): Promise<Record<string, string[]>> {
	const text = await call('search_nodes', { queries, usage });
	const ranked: Record<string, string[]> = {};
	for (const section of text.split('\n\n---\n\n')) {
		const query = /^## "(.*)"/.exec(section)?.[1];
		if (query === undefined) continue;
		ranked[query] = [...section.matchAll(/^- (\S+)( \[TRIGGER\])?( \[RELATED\])?$/gm)]
			.filter((m) => !m[3])
			.map((m) => m[1]);
	}
	return ranked;
}

/** Each phrase whose node is not in the top 3, with what was shown instead. */
function misses(
	ranked: Record<string, string[]>,
	expected: Array<[string, string]>,
): Array<{ phrase: string; shown: string[] }> {
	return expected
		.filter(([phrase, node]) => !(ranked[phrase] ?? []).slice(0, 3).includes(node))
		.map(([phrase]) => ({ phrase, shown: ranked[phrase] ?? [] }));
}

describe("n8n's instance MCP server", () => {
	it('answers only with the token the settings screen shows', async () => {
		await expect(connect('not-the-token')).rejects.toThrow(/401|Unauthorized/i);
		const tools = (await client.listTools()).tools.map((t) => t.name);
		expect(tools).toEqual(
			expect.arrayContaining([
				'search_nodes',
				'get_node_types',
				'explore_node_resources',
				'get_workflow_sdk_reference',
				'validate_workflow',
				'create_workflow_from_code',
				'execute_workflow',
			]),
		);
	});

	it('search_nodes (workflow) ranks the right node of this package in the top 3 for each phrase', async () => {
		const phrases: Array<[string, string]> = [
			...ACTION_PHRASES.map((p): [string, string] => [p, ACTION]),
			...TRIGGER_PHRASES,
		];
		const ranked = await search(
			phrases.map(([p]) => p),
			'workflow',
		);
		expect(Object.keys(ranked)).toHaveLength(phrases.length);
		expect(misses(ranked, phrases)).toEqual([]);
	});

	it('search_nodes (agentTool) ranks the Deliverability tool in the top 3 for each action phrase', async () => {
		const ranked = await search(ACTION_PHRASES, 'agentTool');
		expect(Object.keys(ranked)).toHaveLength(ACTION_PHRASES.length);
		expect(
			misses(
				ranked,
				ACTION_PHRASES.map((p): [string, string] => [p, TOOL]),
			),
		).toEqual([]);
		// Agent tools only: no trigger is offered there.
		expect(Object.values(ranked).flat()).not.toContain(TRIGGER);
	});
});

/** The names a TypeScript definition declares, and those it uses (comments left out). */
function typeNames(definition: string): { declared: Set<string>; used: Set<string> } {
	const code = definition.replace(/\/\*[\s\S]*?\*\//g, '');
	const declared = new Set([...code.matchAll(/\b(?:type|interface)\s+(\w+)/g)].map((m) => m[1]));
	const used = new Set([...code.matchAll(/\b(Deliverability\w*)\b/g)].map((m) => m[1]));
	return { declared, used };
}

describe('get_node_types for the Deliverability node', () => {
	let definition: string;

	beforeAll(async () => {
		// As search_nodes tells a model to ask, with the discriminators of the operation it wants, and in the call
		// shape docs/ai-agents.md gives people (its JSON block after "call `get_node_types`").
		const doc = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'ai-agents.md'), 'utf8');
		const shape = /call `get_node_types`[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)?.[1];
		if (!shape) throw new Error('docs/ai-agents.md gives no JSON call shape for get_node_types');
		const args = JSON.parse(shape) as { nodeIds: Array<Record<string, string>> };
		expect(args).toEqual({
			nodeIds: [{ nodeId: ACTION, resource: 'spamTest', operation: 'create' }],
		});
		definition = await call('get_node_types', args);
		process.stdout.write(
			`[e2e] get_node_types ${ACTION}: ${Buffer.byteLength(definition)} bytes (n8n writes the whole node for a community node, whatever the discriminators)\n`,
		);
	});

	it('refuses the node id as a bare string, as docs/ai-agents.md says', async () => {
		await expect(call('get_node_types', { nodeIds: [ACTION] })).rejects.toThrow();
	});

	it('heads it with what the service is for and the spam-test recipe', () => {
		const head = definition.slice(0, definition.indexOf('*/'));
		expect(head).toMatch(/@builderHint Email deliverability service/);
		expect(head).toMatch(
			/spamTest create \(costs one credit[^)]*\) returns seed_emails[^;]*and public_full_id; send the message to every seed address with public_full_id in its body/,
		);
		expect(head).toMatch(
			/spamTest get with publicId = public_id \(not public_full_id\) and waitForCompletion true; read final_score \(0-10\) and verdict/,
		);
		expect(head).toMatch(/IDs: mailboxes, alerts, [^.]*numeric ids/);
		expect(head).toMatch(/Credits: spamTest create spends one spam check credit per test/);
	});

	it("gives each spam-test operation's type its output fields, and Get its two outputs", () => {
		const typeOf = (name: string) =>
			definition.slice(definition.indexOf(`export type ${name} = {`)).split('\n};')[0];
		const create = typeOf('DeliverabilityV11SpamTestCreateParams');
		expect(create).toMatch(
			/Returns one item, the new test: public_id \([^)]*\), public_full_id \([^)]*\), seed_emails/,
		);
		expect(create).toMatch(/Costs one credit per call/);
		const get = typeOf('DeliverabilityV11SpamTestGetParams');
		expect(get).toMatch(
			/final_score \(0 to 10, the score to gate on\), verdict \(pass, warn, fail or pending\)/,
		);
		expect(get).toMatch(/Outputs: output\(0\) Completed, output\(1\) Not Yet/);
		expect(get).toMatch(/n8n Wait node back to this node/);
		expect(typeOf('DeliverabilityV11DomainGetAllParams')).toMatch(
			/Returns one item per sending domain: id/,
		);
	});

	it('says simplify is for version 1 only and which id a parameter takes', () => {
		// Every simplify (version 1's switch) says so in the comment above it.
		const simplify = [...definition.matchAll(/^\s*simplify\?:/gm)].map((m) => {
			const before = definition.slice(0, m.index);
			return before.slice(before.lastIndexOf('/**'));
		});
		expect(simplify.length).toBeGreaterThan(0);
		for (const doc of simplify)
			expect(doc).toMatch(/@builderHint Version 1 only \(version 1\.1 has output instead\)/);
		expect(definition).toMatch(
			/@builderHint Give the public_id of a spam test \(e\.g\. \w+\), not its public_full_id/,
		);
		expect(definition).toMatch(/@builderHint Give the numeric id of the mailbox/);
	});

	it('defines every type it uses but the config union n8n leaves unwritten, which its head explains', () => {
		const { declared, used } = typeNames(definition);
		expect([...used].filter((name) => !declared.has(name))).toEqual(['DeliverabilityV11Params']);
		expect(definition.slice(0, definition.indexOf('*/'))).toMatch(
			/DeliverabilityV11Params \(in DeliverabilityV11Node\) stands for the one that the resource and operation select/,
		);
	});

	it('says which credential each operation uses, one each', () => {
		const head = definition.slice(0, definition.indexOf('*/'));
		expect(head).toMatch(/Credentials: each operation uses exactly one/);
		expect(head).toMatch(/explore_node_resources needs it in currentNodeParameters/);
		expect(definition).toMatch(
			/Create an email workspace\. Credential: deliverabilityGoogleWorkspaceKeyApi when provider is google; deliverabilityOutlookAppApi when provider is outlook/,
		);
		expect(definition).toMatch(
			/Connect an IMAP\/SMTP mailbox\. Credential: deliverabilityMailboxApi when passwordSource is credential; deliverabilityApi when passwordSource is inputFields/,
		);
		// Only the API key is required of the node; the three others are optional, each for its cases.
		expect(definition).toMatch(
			/interface DeliverabilityV11Credentials \{\s*deliverabilityApi: CredentialReference;\s*deliverabilityGoogleWorkspaceKeyApi\?: CredentialReference;\s*deliverabilityOutlookAppApi\?: CredentialReference;\s*deliverabilityMailboxApi\?: CredentialReference;\s*\}/,
		);
	});

	it('tells of the trigger what it does alone and what its items hold', async () => {
		const trigger = await call('get_node_types', { nodeIds: [{ nodeId: TRIGGER }] });
		expect(trigger).toMatch(
			/@builderHint Webhook trigger: publishing the workflow registers an alert/,
		);
		expect(trigger).toMatch(
			/event \(e\.g\. ACCOUNT_DISCONNECTED, SPAMCHECK_COMPLETED\), event_id, account_id/,
		);
	});
});

describe('explore_node_resources', () => {
	it("lists real ids through the node's list searches, with the API key credential", async () => {
		const listed = await call('list_credentials', {});
		expect(listed).toContain(CREDENTIAL_IDS.deliverability);
		const explore = async (methodName: string) =>
			JSON.parse(
				await call('explore_node_resources', {
					nodeType: ACTION,
					version: 1.1,
					methodName,
					methodType: 'listSearch',
					credentialType: 'deliverabilityApi',
					credentialId: CREDENTIAL_IDS.deliverability,
					// As the definition's head says: the hidden parameter that selects the credential.
					currentNodeParameters: { usesCredential: 'deliverabilityApi' },
				}),
			) as { results: Array<{ name: string; value: string | number }> };
		const tests = await explore('searchSpamTests');
		const real = await service<Array<{ public_id: string }>>(
			stack.sandbox,
			'GET',
			'/spam_tests?page=0',
		);
		expect(tests.results.length).toBeGreaterThan(0);
		for (const t of tests.results) expect(real.map((r) => r.public_id)).toContain(String(t.value));
		const accounts = await explore('searchAccounts');
		const firstPage = await service<Array<{ id: number }>>(
			stack.sandbox,
			'GET',
			'/accounts?page=0',
		);
		expect(accounts.results.length).toBeGreaterThan(0);
		expect(firstPage.map((a) => String(a.id))).toContain(String(accounts.results[0].value));
	});
});

const API_CREDENTIAL = `{ id: '${CREDENTIAL_IDS.deliverability}', name: '${CREDENTIAL_NAMES.deliverability}' }`;

/** The pre-send gate as a model writes it from the definition: create, send to the seeds, get with the wait, gate. */
const PRE_SEND_GATE = `import { workflow, node, trigger, ifElse, expr } from '@n8n/workflow-sdk';

const start = trigger({ type: 'n8n-nodes-base.manualTrigger', version: 1, config: { name: 'Run the gate' } });

const createTest = node({
  type: '${ACTION}',
  version: 1.1,
  config: {
    name: 'Create spam test',
    parameters: { resource: 'spamTest', operation: 'create' },
    credentials: { deliverabilityApi: ${API_CREDENTIAL} },
    output: [{ public_id: 'oxxjt6gqir', public_full_id: 'mlrch-oxxjt6gqir', seed_emails: 'seed1@example.com,seed2@example.com', seed_count: 2 }]
  }
});

const sendToSeeds = node({
  type: 'n8n-nodes-base.emailSend',
  version: 2.1,
  config: {
    name: 'Send to seeds',
    parameters: {
      fromEmail: 'newsletter@clean-campaign.example',
      toEmail: expr('{{ $json.seed_emails }}'),
      subject: 'Our spring offer is here',
      emailFormat: 'text',
      text: expr('Hello,\\n\\nour spring collection is out: 20% off until Sunday.\\n\\n{{ $json.public_full_id }}'),
      options: {}
    },
    credentials: { smtp: { id: '${CREDENTIAL_IDS.smtp}', name: '${CREDENTIAL_NAMES.smtp}' } },
    output: [{ accepted: ['seed1@example.com', 'seed2@example.com'] }]
  }
});

const getResults = node({
  type: '${ACTION}',
  version: 1.1,
  config: {
    name: 'Get results',
    parameters: {
      resource: 'spamTest',
      operation: 'get',
      publicId: { __rl: true, mode: 'id', value: expr("{{ $('Create spam test').item.json.public_id }}") },
      waitForCompletion: true,
      pollInterval: 2,
      timeoutMinutes: 5
    },
    credentials: { deliverabilityApi: ${API_CREDENTIAL} },
    output: [{ public_id: 'oxxjt6gqir', completed: true, final_score: 9, verdict: 'pass' }]
  }
});

const scoreGate = ifElse({
  version: 2.2,
  config: {
    name: 'Score at least 7?',
    parameters: {
      conditions: {
        options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' },
        conditions: [{ leftValue: expr('{{ $json.final_score }}'), operator: { type: 'number', operation: 'gte' }, rightValue: 7 }],
        combinator: 'and'
      }
    }
  }
});

const sendCampaign = node({
  type: 'n8n-nodes-base.set',
  version: 3.4,
  config: {
    name: 'Send the campaign',
    parameters: { mode: 'manual', assignments: { assignments: [
      { id: 'decision', name: 'decision', value: 'send the campaign', type: 'string' },
      { id: 'score', name: 'final_score', value: expr('{{ $json.final_score }}'), type: 'number' }
    ] } },
    output: [{ decision: 'send the campaign', final_score: 9 }]
  }
});

const holdIt = node({
  type: 'n8n-nodes-base.set',
  version: 3.4,
  config: {
    name: 'Hold it',
    parameters: { mode: 'manual', assignments: { assignments: [
      { id: 'decision', name: 'decision', value: 'hold the campaign', type: 'string' },
      { id: 'score', name: 'final_score', value: expr('{{ $json.final_score }}'), type: 'number' }
    ] } },
    output: [{ decision: 'hold the campaign', final_score: 4 }]
  }
});

export default workflow('pre-send-gate-sdk', 'Pre-send gate (SDK)')
  .add(start)
  .to(createTest)
  .to(sendToSeeds)
  .to(getResults)
  .to(scoreGate.onTrue(sendCampaign).onFalse(holdIt));
`;

/** Auto-pause on disconnect: the trigger's alert item gives the account to pause. */
const AUTO_PAUSE = `import { workflow, node, trigger, expr } from '@n8n/workflow-sdk';

const onDisconnect = trigger({
  type: '${TRIGGER}',
  version: 1,
  config: {
    name: 'On mailbox disconnected',
    parameters: { events: ['ACCOUNT_DISCONNECTED'], options: {} },
    credentials: { deliverabilityApi: ${API_CREDENTIAL} },
    output: [{ event: 'ACCOUNT_DISCONNECTED', event_id: 'evt_1', account_id: 120, account_email: 'anna@example.com' }]
  }
});

const pauseAccount = node({
  type: '${ACTION}',
  version: 1.1,
  config: {
    name: 'Pause the mailbox',
    parameters: {
      resource: 'account',
      operation: 'pause',
      accountId: { __rl: true, mode: 'id', value: expr('{{ $json.account_id }}') }
    },
    credentials: { deliverabilityApi: ${API_CREDENTIAL} },
    output: [{ id: 120, email: 'anna@example.com', paused: true, outcome: 'paused' }]
  }
});

export default workflow('auto-pause-sdk', 'Auto-pause on disconnect (SDK)')
  .add(onDisconnect)
  .to(pauseAccount);
`;

interface Created {
	workflowId: string;
	nodeCount: number;
}

/** Validated, then created, as the builder's tools ask (validate first). */
async function build(code: string): Promise<Created> {
	const validated = JSON.parse(await call('validate_workflow', { code })) as {
		valid: boolean;
		errors?: string[];
	};
	expect(validated).toEqual(expect.objectContaining({ valid: true }));
	const created = JSON.parse(
		await call('create_workflow_from_code', { code, versionName: 'Built by the e2e' }),
	) as Created;
	expect(created.workflowId).toEqual(expect.any(String));
	return created;
}

describe('workflows written in the workflow SDK', () => {
	beforeAll(async () => {
		// The SDK's reference, as a model reads it first: multi-output nodes are wired with .output(n).
		expect(await call('get_workflow_sdk_reference', {})).toMatch(/\.output\(n\)/);
	});

	it('the pre-send gate validates, is created and runs: the campaign goes out on a clean test', async () => {
		const { workflowId, nodeCount } = await build(PRE_SEND_GATE);
		expect(nodeCount).toBe(7);
		// Seed copies arrive at once: the test completes while Get waits.
		await admin(stack.sandbox, 'POST', '/settings', { seedDelayMs: 0 });
		const started = JSON.parse(
			await call('execute_workflow', { workflowId, executionMode: 'manual' }),
		) as { executionId: string; status: string };
		expect(started.status).toBe('started');
		const status = await waitFor(
			'the gate to finish',
			async () => {
				const got = JSON.parse(
					await call('get_workflow_execution', { workflowId, executionId: started.executionId }),
				) as { execution: { status: string } };
				return (
					['success', 'error', 'crashed'].includes(got.execution.status) && got.execution.status
				);
			},
			180_000,
			1000,
		);
		expect(status).toBe('success');
		const run = await executionRunData(stack, started.executionId);
		const created = run['Create spam test'][0].data!.main[0]![0].json;
		const result = run['Get results'][0].data!.main[0]![0].json;
		expect(result).toEqual(
			expect.objectContaining({ public_id: created.public_id, completed: true, verdict: 'pass' }),
		);
		expect(result.final_score).toBeGreaterThanOrEqual(7);
		expect(run['Send the campaign'][0].data!.main[0]![0].json).toEqual({
			decision: 'send the campaign',
			final_score: result.final_score,
		});
		expect(run['Hold it']).toBeUndefined();
	});

	it('auto-pause validates, is created, published, and pauses the account that disconnects', async () => {
		const { workflowId } = await build(AUTO_PAUSE);
		const published = JSON.parse(await call('publish_workflow', { workflowId })) as {
			success: boolean;
		};
		expect(published.success).toBe(true);
		const accounts = await service<Array<{ id: number; alive: boolean; imap_issue?: boolean }>>(
			stack.sandbox,
			'GET',
			'/accounts?per_page=100&page=0',
		);
		const account = accounts.find((a) => a.alive && !a.imap_issue)!;
		// Publishing registered the trigger's alert with this n8n's webhook URL.
		await waitFor(
			'the alert of the published trigger',
			async () => (await n8nAlerts(stack)).length > 0,
		);
		await admin(stack.sandbox, 'POST', `/accounts/${account.id}/disconnect`);
		await waitFor(
			'the account to be paused',
			async () =>
				(await service<{ alive: boolean }>(stack.sandbox, 'GET', `/accounts/${account.id}`))
					.alive === false,
			60_000,
			500,
		);
	});
});
