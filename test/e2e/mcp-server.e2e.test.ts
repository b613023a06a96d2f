/**
 * The mcp-server example in a real n8n, reached the way an AI assistant reaches it: the official MCP client
 * (`@modelcontextprotocol/sdk`) connects to the published workflow's MCP Server Trigger with the Bearer token of its
 * credential, over both transports the trigger serves on one URL (streamable HTTP and SSE). It reads what a model is
 * shown (tool names, descriptions, input schemas built from the `$fromAI()` arguments) and calls the tools against the
 * sandbox: a capped list with its `_truncated` note, a spam test created once with its `next_step`, a Get of a test
 * that is not complete yet coming back within its bounded wait, a bad argument coming back as a tool error that names
 * the argument and its fix with nothing sent to the service, and no key or token in anything the client receives.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

import { loadExample, newMcpToken } from '../../support/examples';
import { admin } from '../../support/sandbox-admin';
import { service, startStack, waitFor, type Stack } from './support';
import { expectDescriptionsWrittenForAModel, FIND_MAILBOXES_PARAMETERS } from './tool-descriptions';

interface LoggedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
}

interface Tool {
	name: string;
	description?: string;
	inputSchema: {
		type: string;
		properties?: Record<string, { type?: string; description?: string }>;
		required?: string[];
	};
}

interface ToolResult {
	isError?: boolean;
	content: Array<{ type: string; text?: string }>;
}

const example = loadExample('mcp-server.json');
const trigger = (
	example.workflow.nodes as Array<{ type: string; parameters: { path: string } }>
).find((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger')!;
const TOKEN = newMcpToken();

/** The fields a tool node of the example returns with Output → Selected Fields, in the order it names them. */
function fieldsOf(node: string): string[] {
	const found = (
		example.workflow.nodes as Array<{ name: string; parameters: { fields?: string } }>
	).find((n) => n.name === node)!;
	return String(found.parameters.fields)
		.split(',')
		.map((f) => f.trim());
}

/** The example's Get spam test results waits at most this long (its Timeout), then answers with the latest state. */
const GET_WAIT_MS = 30_000;

type TransportName = 'streamable HTTP' | 'SSE';
const TRANSPORTS: TransportName[] = ['streamable HTTP', 'SSE'];

let stack: Stack;
let url: URL;
/** Every text the clients received (tool lists and results), to look for secrets at the end. */
const received: string[] = [];

beforeAll(async () => {
	stack = await startStack({
		mcpToken: TOKEN,
		// A shared 2-core machine under load has taken more than 120 s to start n8n.
		startTimeoutMs: 300_000,
		beforeStart: (n8n) => n8n.importWorkflows([example.workflow]),
	});
	const published = await stack.n8n.api('POST', `/workflows/${example.id}/activate`);
	expect(published.status).toBe(200);
	url = new URL(`${stack.n8n.webhookBase}mcp/${trigger.parameters.path}`);
	// Right after publishing, the URL can answer 404 "not registered" for a moment: a client retries.
	await waitFor(
		'the MCP URL to take a client',
		async () => {
			await (await connect('streamable HTTP')).close();
			return true;
		},
		60_000,
		1000,
	);
}, 600_000);

afterAll(async () => {
	await stack?.close();
});

function transportFor(name: TransportName, token: string): Transport {
	const requestInit = { headers: { Authorization: `Bearer ${token}` } };
	return name === 'SSE'
		? new SSEClientTransport(url, { requestInit })
		: new StreamableHTTPClientTransport(url, { requestInit });
}

async function connect(name: TransportName, token = TOKEN): Promise<Client> {
	const client = new Client({ name: 'deliverability-e2e', version: '1.0.0' });
	await client.connect(transportFor(name, token));
	return client;
}

async function call(
	client: Client,
	name: string,
	args: Record<string, unknown> = {},
): Promise<{ result: ToolResult; text: string; ms: number }> {
	const t0 = Date.now();
	const result = (await client.callTool({ name, arguments: args }, undefined, {
		timeout: 90_000,
	})) as ToolResult;
	const text = result.content.map((c) => c.text ?? '').join('\n');
	received.push(text);
	return { result, text, ms: Date.now() - t0 };
}

/** A tool result's JSON, as a list of items (n8n sends one object for one item). */
function items(text: string): Array<Record<string, unknown>> {
	const value = JSON.parse(text) as unknown;
	return (Array.isArray(value) ? value : [value]) as Array<Record<string, unknown>>;
}

async function requests(): Promise<LoggedRequest[]> {
	return await admin<LoggedRequest[]>(stack.sandbox, 'GET', '/requests');
}

describe.each(TRANSPORTS)('an MCP client over %s', (transport) => {
	let client: Client;
	let tools: Record<string, Tool>;

	beforeAll(async () => {
		client = await connect(transport);
		const listed = await client.listTools();
		received.push(JSON.stringify(listed));
		tools = Object.fromEntries(listed.tools.map((t) => [t.name, t as Tool]));
	});

	afterAll(async () => {
		await client?.close();
	});

	it('sees the six tools with the descriptions written for a model and the $fromAI arguments as input schema', () => {
		expect(Object.keys(tools).sort()).toEqual([
			'Check_domain_health',
			'Create_spam_test',
			'Find_mailboxes',
			'Get_mailbox',
			'Get_mailbox_statistics',
			'Get_spam_test_results',
		]);
		expectDescriptionsWrittenForAModel(
			'mcp-server.json',
			Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, tool.description])),
		);
		expect(tools.Check_domain_health.description).toMatch(/verdict \(pass, warn or fail\)/);
		expect(tools.Create_spam_test.description).toMatch(/costs one credit/);
		expect(tools.Get_spam_test_results.description).toMatch(/not the public_full_id/);

		expect(tools.Find_mailboxes.inputSchema.properties).toEqual(FIND_MAILBOXES_PARAMETERS);
		expect(tools.Get_mailbox.inputSchema.properties).toEqual({
			account_id: { type: 'number', description: expect.stringContaining('Numeric id') },
		});
		expect(tools.Get_mailbox.inputSchema.required).toEqual(['account_id']);
		expect(tools.Get_mailbox_statistics.inputSchema.properties).toEqual({
			account_id: { type: 'number', description: expect.stringContaining('Numeric id') },
			past_days: { type: 'number', description: expect.stringContaining('0 (today only) to 180') },
		});
		expect([...(tools.Get_mailbox_statistics.inputSchema.required ?? [])].sort()).toEqual([
			'account_id',
			'past_days',
		]);
		expect(tools.Check_domain_health.inputSchema.properties ?? {}).toEqual({});
		expect(tools.Create_spam_test.inputSchema.properties ?? {}).toEqual({});
		expect(tools.Get_spam_test_results.inputSchema.properties).toEqual({
			public_id: { type: 'string', description: expect.stringContaining('not its public_full_id') },
		});
	});

	it('answers "how is my deliverability?": a mailbox found by search, read by id, its statistics, the domains', async () => {
		await admin(stack.sandbox, 'DELETE', '/requests');
		const found = items((await call(client, 'Find_mailboxes', { search: 'anna' })).text);
		const anna = found.find((a) => String(a.email).includes('anna'))!;
		// Output → Selected Fields: the fields the example names, the id first, nothing else.
		expect(Object.keys(anna)).toEqual(['id', ...fieldsOf('Find mailboxes')]);

		const account = items((await call(client, 'Get_mailbox', { account_id: anna.id })).text);
		expect(account).toEqual([
			expect.objectContaining({ id: anna.id, email: anna.email, verdict: expect.any(String) }),
		]);

		const [stats] = items(
			(await call(client, 'Get_mailbox_statistics', { account_id: anna.id, past_days: 7 })).text,
		);
		expect(stats).toEqual(
			expect.objectContaining({ account_id: anna.id, total_messages_sent: expect.any(Number) }),
		);

		const domains = items((await call(client, 'Check_domain_health')).text);
		const listed = await service<{ domains: Array<{ domain: string }> }>(
			stack.sandbox,
			'GET',
			'/projects/domains',
		);
		expect(domains.map((d) => d.domain)).toEqual(listed.domains.map((d) => d.domain));
		for (const d of domains) {
			expect(Object.keys(d)).toEqual(['id', 'domain', ...fieldsOf('Check domain health')]);
			// The node's verdict in words travels with the selected fields: the model need not judge the raw ones.
			expect(['pass', 'warn', 'fail', 'pending']).toContain(d.verdict);
			expect(String(d.verdict_reason)).not.toBe('');
		}

		const sent = await requests();
		expect(sent.find((r) => r.path.endsWith('/accounts'))?.query).toEqual(
			expect.objectContaining({ search: 'anna' }),
		);
		expect(sent.find((r) => r.path.endsWith(`/accounts/${String(anna.id)}/stats`))?.query).toEqual(
			expect.objectContaining({ past_days: '7' }),
		);
	});

	it('caps a list of every mailbox and says what it left out', async () => {
		const { text } = await call(client, 'Find_mailboxes', { search: '' });
		const all = items(text);
		const note = all[all.length - 1];
		let total = 0;
		for (let page = 0; ; page++) {
			const batch = await service<unknown[]>(stack.sandbox, 'GET', `/accounts?page=${page}`);
			if (batch.length === 0) break;
			total += batch.length;
		}
		expect(note).toEqual(
			expect.objectContaining({
				_truncated: true,
				returned: all.length - 1,
				omitted: total - (all.length - 1),
			}),
		);
		expect(String(note.note)).toContain('Narrow the search');
		expect(Buffer.byteLength(text)).toBeLessThan(17_000);
	});

	it('returns a bad argument as a tool error naming the argument and its fix, sending nothing', async () => {
		await admin(stack.sandbox, 'DELETE', '/requests');
		// A number that is no id: the node refuses it, naming the model's argument and how to give it.
		const wrong = await call(client, 'Get_mailbox', { account_id: 12.5 });
		expect(wrong.result.isError).toBe(true);
		expect(wrong.text).toContain('Invalid "account_id": expected a whole number, got 12.5');
		expect(wrong.text).toContain('"account_id": give the numeric id of the mailbox');
		const outOfRange = await call(client, 'Get_mailbox_statistics', {
			account_id: 1,
			past_days: 400,
		});
		expect(outOfRange.result.isError).toBe(true);
		expect(outOfRange.text).toContain('"past_days"');
		expect(outOfRange.text).toContain('180');
		// A public_full_id where the public_id is wanted: refused with the public_id to give, before any request.
		const full = await call(client, 'Get_spam_test_results', { public_id: 'mlrch-oxxjt6gqir' });
		expect(full.result.isError).toBe(true);
		expect(full.text).toContain(
			'Invalid "public_id": "mlrch-oxxjt6gqir" is a public_full_id (the tracking id for the message body), not the public_id',
		);
		expect(full.text).toContain('Give the public_id: "oxxjt6gqir"');
		// Text where the schema says number: n8n's tool refuses it against the input schema before the node runs.
		const email = await call(client, 'Get_mailbox', { account_id: 'anna@northwind-sales.io' });
		expect(email.result.isError).toBe(true);
		expect(email.text).toMatch(/Expected number, received string[\s\S]*account_id/);
		expect(await requests()).toEqual([]);
	});

	it('creates one spam test per call, with the seeds and the next step', async () => {
		await admin(stack.sandbox, 'DELETE', '/requests');
		const { result, text } = await call(client, 'Create_spam_test');
		expect(result.isError ?? false).toBe(false);
		const [created] = items(text);
		expect(created).toEqual(
			expect.objectContaining({ credits_used: 1, public_id: expect.any(String) }),
		);
		expect(String(created.next_step)).toContain(String(created.public_full_id));
		const creates = (await requests()).filter(
			(r) => r.method === 'POST' && r.path.endsWith('/spam_tests'),
		);
		expect(creates).toHaveLength(1);
		expect(await service(stack.sandbox, 'GET', `/spam_tests/${String(created.public_id)}`)).toEqual(
			expect.objectContaining({ public_id: created.public_id, completed: false }),
		);
		// Not sent to the seeds: the test stays incomplete, and Get answers within its bounded wait.
		if (transport === 'streamable HTTP') {
			const got = await call(client, 'Get_spam_test_results', { public_id: created.public_id });
			const [pending] = items(got.text);
			expect(pending).toEqual(
				expect.objectContaining({
					public_id: created.public_id,
					completed: false,
					_waitTimedOut: true,
				}),
			);
			expect(String(pending.next_step)).toContain('Not complete yet after waiting');
			expect(got.ms).toBeGreaterThanOrEqual(GET_WAIT_MS - 1000);
			expect(got.ms).toBeLessThan(GET_WAIT_MS + 20_000);
		}
	});
});

it('refuses a client with a wrong token', async () => {
	await expect(connect('streamable HTTP', 'not-the-token')).rejects.toThrow(
		/401|403|Authorization/i,
	);
});

it('sends the client no key and no token', () => {
	const all = received.join('\n');
	expect(all.length).toBeGreaterThan(10_000);
	expect(all).not.toContain(stack.sandbox.apiKeys.A);
	expect(all).not.toContain(stack.sandbox.apiKeys.B);
	expect(all).not.toContain(TOKEN);
	expect(all).not.toMatch(/apiKey|api_key|Bearer /i);
});
