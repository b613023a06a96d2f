/**
 * The node as an AI agent's tool in a real n8n: the examples/ai-agent.json workflow (AI Agent, tools agent
 * v3.1, with an OpenAI Chat Model and four Deliverability tool nodes) runs through `n8n execute`, its model being a
 * scripted OpenAI-compatible server on 127.0.0.1 (test/e2e/scripted-openai.ts), so no network is used. The test reads
 * what the model was shown: the tool list n8n built (names, descriptions, parameters), each tool result it received
 * (a successful call with the model's arguments reaching the sandbox, an invalid argument coming back with its fix, a
 * capped list and the slim spam-test answer) and their sizes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sandboxCredentials } from '../../support/examples';
import { installPackage } from '../../support/package';
import { N8n, type ExecuteResult } from '../../support/n8n-process';
import {
	startScriptedOpenAi,
	type ChatRequest,
	type ScriptedOpenAi,
	type ScriptStep,
} from './scripted-openai';
import { admin } from '../../support/sandbox-admin';
import type { RunCa } from '../../support/tls-ca';
import { nodeOutput, readExample, service, startHttpsSandbox, type Sandbox } from './support';
import { expectDescriptionsWrittenForAModel, FIND_MAILBOXES_PARAMETERS } from './tool-descriptions';

/** The ids the example's OpenAI Chat Model node refers to; the e2e gives it the scripted server's URL. */
const OPENAI_CREDENTIAL = { id: 'DlvExampleOpenAi', name: 'OpenAI account' };

interface LoggedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
}

const parse = (text: string): unknown => {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
};

/** A tool result as the model reads it (n8n sends the JSON of the output items, or `{ error }`), flattened. */
function answerOf(text: string): Array<Record<string, unknown>> {
	const value = parse(text);
	if (Array.isArray(value)) return value as Array<Record<string, unknown>>;
	return [value as Record<string, unknown>];
}

const ANNA = 'anna';

/**
 * The model's side of the conversation, one step per tool result so far: find Anna's mailbox (by search), get it by
 * its email (a mistake the tool must explain), then by its id, list every mailbox (too many: capped), create a spam
 * test, get it by its public_full_id (another mistake), then by its public_id, and answer.
 */
function script(_request: ChatRequest, results: string[]): ScriptStep {
	const found = results[0] ? answerOf(results[0]) : [];
	const anna = found.find((a) => String(a.email ?? '').includes(ANNA));
	const created = results[4] ? answerOf(results[4])[0] : {};
	switch (results.length) {
		case 0:
			return { call: [{ name: 'Find_mailboxes', args: { search: ANNA } }] };
		case 1:
			return { call: [{ name: 'Get_mailbox', args: { account_id: String(anna?.email) } }] };
		case 2:
			return { call: [{ name: 'Get_mailbox', args: { account_id: Number(anna?.id) } }] };
		case 3:
			return { call: [{ name: 'Find_mailboxes', args: { search: '' } }] };
		case 4:
			return { call: [{ name: 'Create_spam_test', args: {} }] };
		case 5:
			return {
				call: [
					{ name: 'Get_spam_test_results', args: { public_id: String(created.public_full_id) } },
				],
			};
		case 6:
			return {
				call: [{ name: 'Get_spam_test_results', args: { public_id: String(created.public_id) } }],
			};
		default:
			return {
				answer: `Anna's mailbox ${String(anna?.email)} scores ${String(anna?.score)}. Next: ${String(answerOf(results[6])[0].next_step)}`,
			};
	}
}

let sandbox: Sandbox;
let ca: RunCa;
let model: ScriptedOpenAi;
let n8n: N8n;
let userFolder: string;
let result: ExecuteResult;
let apiRequests: LoggedRequest[];
/** The ids the service lists by default (every page), in its order. */
const allIds: number[] = [];
let listed = 0;

beforeAll(async () => {
	const tgz = process.env.E2E_PACKAGE_TGZ;
	if (!tgz || !fs.existsSync(tgz))
		throw new Error('E2E_PACKAGE_TGZ not set: run the suite with `npm run test:e2e`');
	const t0 = Date.now();
	({ sandbox, ca } = await startHttpsSandbox({ accounts: 112 }));
	model = await startScriptedOpenAi(script);
	userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-agent-'));
	n8n = new N8n({ userFolder, env: { NODE_EXTRA_CA_CERTS: ca.caFile } });
	// `n8n execute` runs the workflow in its own process on this folder's database: no n8n server is needed.
	await installPackage(userFolder, tgz);
	await n8n.importCredentials([
		...sandboxCredentials({
			baseUrl: sandbox.baseUrl,
			apiKey: sandbox.apiKeys.A,
			smtpPort: sandbox.smtpPort,
		}),
		{
			...OPENAI_CREDENTIAL,
			type: 'openAiApi',
			data: { apiKey: 'sk-scripted-model', url: model.url, header: false },
		},
	]);
	const example = readExample('ai-agent.json');
	await n8n.importWorkflows([example]);
	await admin(sandbox, 'DELETE', '/requests');
	result = await n8n.execute(String(example.id));
	apiRequests = await admin<LoggedRequest[]>(sandbox, 'GET', '/requests');
	for (let page = 0; ; page++) {
		const accounts = await service<Array<{ id: number }>>(sandbox, 'GET', `/accounts?page=${page}`);
		if (accounts.length === 0) break;
		allIds.push(...accounts.map((a) => a.id));
	}
	listed = allIds.length;
	const names = [
		'find anna',
		'get by email (error)',
		'get by id',
		'list all',
		'create spam test',
		'get by full id (error)',
		'get spam test',
	];
	const sizes = toolResults().map(
		(text, i) =>
			`${names[i] ?? i} ${Buffer.byteLength(text)} B ≈ ${Math.round(Buffer.byteLength(text) / 4)} tokens`,
	);
	// E2E_AGENT_DUMP=<file>: keep every request the model received (tool list, tool results) for a closer look.
	if (process.env.E2E_AGENT_DUMP)
		fs.writeFileSync(process.env.E2E_AGENT_DUMP, JSON.stringify(model.requests, null, 2));
	process.stdout.write(
		`[e2e] agent run ${((Date.now() - t0) / 1000).toFixed(1)} s; tool results the model got: ${sizes.join('; ')}\n`,
	);
});

afterAll(async () => {
	await n8n?.stop();
	await model?.close();
	await sandbox?.close();
	ca?.remove();
	if (userFolder && !process.env.E2E_KEEP) fs.rmSync(userFolder, { recursive: true, force: true });
});

/** The content of the tool messages the model received, in order (the last request holds them all). */
function toolResults(): string[] {
	const last = model.requests[model.requests.length - 1];
	return last.messages.filter((m) => m.role === 'tool').map((m) => String(m.content ?? ''));
}

it('runs the agent to its final answer through every scripted step', () => {
	expect(result.data.resultData.error ?? null).toBeNull();
	expect(model.requests).toHaveLength(8);
	const [output] = nodeOutput(result, 'Deliverability agent');
	expect(String(output.output)).toMatch(
		/^Anna's mailbox anna\.\S+ scores \d+\. Next: Not complete yet/,
	);
});

it('shows the model each tool with the description the example writes for a model, and described parameters', () => {
	const tools = Object.fromEntries(
		(model.requests[0].tools ?? []).map((t) => [t.function.name, t.function]),
	);
	expect(Object.keys(tools).sort()).toEqual([
		'Create_spam_test',
		'Find_mailboxes',
		'Get_mailbox',
		'Get_spam_test_results',
	]);
	expectDescriptionsWrittenForAModel(
		'ai-agent.json',
		Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, tool.description])),
	);
	expect(tools.Find_mailboxes.description).toMatch(/numeric id/);
	expect(tools.Get_mailbox.description).toMatch(/verdict \(pass, warn or fail\)/);
	expect(tools.Create_spam_test.description).toMatch(/costs one credit/);
	expect(tools.Get_spam_test_results.description).toMatch(/not the public_full_id/);

	expect(tools.Find_mailboxes.parameters.properties).toEqual(FIND_MAILBOXES_PARAMETERS);
	expect(tools.Get_mailbox.parameters.properties).toEqual({
		account_id: {
			type: 'number',
			description: expect.stringContaining('Numeric id of the mailbox'),
		},
	});
	expect(tools.Get_mailbox.parameters.required).toEqual(['account_id']);
	expect(tools.Create_spam_test.parameters.properties).toEqual({});
	expect(tools.Get_spam_test_results.parameters.properties.public_id.description).toContain(
		'not its public_full_id',
	);
});

it("sends the model's arguments to the service", () => {
	const accounts = apiRequests.filter((r) => r.method === 'GET' && r.path.endsWith('/accounts'));
	expect(accounts[0].query).toEqual(expect.objectContaining({ search: ANNA }));
	const anna = answerOf(toolResults()[0]).find((a) => String(a.email).includes(ANNA))!;
	expect(apiRequests.filter((r) => r.path.endsWith(`/accounts/${String(anna.id)}`))).toHaveLength(
		1,
	);
	expect(answerOf(toolResults()[2])[0]).toEqual(
		expect.objectContaining({ id: anna.id, email: anna.email }),
	);
	expect(
		apiRequests.filter((r) => r.method === 'POST' && r.path.endsWith('/spam_tests')),
	).toHaveLength(1);
});

it('returns an invalid argument to the model with its fix, naming the argument, before any request', () => {
	const [error] = answerOf(toolResults()[1]);
	expect(String(error.error)).toContain(
		'Invalid "account_id": expected a whole number, got "anna.',
	);
	expect(String(error.error)).toContain(
		'"account_id": give the numeric id of the mailbox, e.g. 120, not its email',
	);
	expect(apiRequests.filter((r) => r.path.includes('@'))).toEqual([]);

	// A public_full_id where a public_id is wanted is refused before any request, with the id to give instead.
	const [fullId] = answerOf(toolResults()[5]);
	expect(String(fullId.error)).toContain(
		'Invalid "public_id": "mlrch-oxxjt6gqir" is a public_full_id (the tracking id for the message body), not the public_id. Give the public_id: "oxxjt6gqir"',
	);
	expect(String(fullId.error)).toContain('Nothing was sent to the service.');
	expect(String(fullId.error)).toContain(
		'"public_id": give the public_id of a spam test (e.g. oxxjt6gqir), not its public_full_id',
	);
	expect(apiRequests.filter((r) => r.path.includes('mlrch-'))).toEqual([]);
});

it('keeps what the model gets small: a capped list with a note, a slim spam test with its next step', () => {
	const sizes = toolResults().map((text) => Buffer.byteLength(text));
	const all = answerOf(toolResults()[3]);
	const note = all[all.length - 1];
	expect(note).toEqual(
		expect.objectContaining({ _truncated: true, omitted: listed - Number(note.returned) }),
	);
	expect(
		answerOf(toolResults()[3])
			.slice(0, -1)
			.map((a) => a.id),
	).toEqual(allIds.slice(0, Number(note.returned)));
	expect(String(note.note)).toContain('Narrow the search');
	expect(sizes[3]).toBeLessThan(17_000);

	const [created] = answerOf(toolResults()[4]);
	expect(Object.keys(created).sort()).toEqual([
		'credits_used',
		'next_step',
		'public_full_id',
		'public_id',
		'seed_emails',
		'seedlist',
		'test_type',
	]);
	expect(new Set(created.seed_emails as string[]).size).toBe(
		(created.seed_emails as string[]).length,
	);
	expect(String(created.next_step)).toContain(String(created.public_full_id));
	expect(sizes[4]).toBeLessThan(2_500);

	const [pending] = answerOf(toolResults()[6]);
	expect(pending.completed).toBe(false);
	expect(String(pending.next_step)).toContain('Not complete yet');
});
