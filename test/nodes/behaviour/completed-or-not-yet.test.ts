/**
 * Operations whose work finishes later have two outputs, "Completed" and "Not Yet": the outputs n8n computes from the
 * node's parameters (its expression engine, as in the editor and the engine), each item on the output its answer
 * calls for with its pairedItem, a Continue On Fail error on "Not Yet" (check again later), and one output as an AI
 * agent's tool (n8n's tool wrapper reads only the first).
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { byId, useSandbox } from '../context';

const t = useSandbox({ accounts: 20 });
const node = new Deliverability();

/** The outputs n8n computes for the node with these parameters (NodeHelpers.getNodeOutputs, as the engine does). */
function outputsFor(parameters: INodeParameters): string[] {
	const nodeData: INode = {
		id: 'n',
		name: 'Deliverability',
		type: 'deliverability',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({
		nodes: [nodeData],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => node,
			getByNameAndVersion: () => node,
			getKnownTypes: () => ({}),
		},
	});
	const outputs = NodeHelpers.getNodeOutputs(
		workflow,
		workflow.getNode('Deliverability')!,
		node.description,
	);
	return outputs.map((o) => (typeof o === 'string' ? o : `${o.type}:${o.displayName ?? ''}`));
}

async function newTest(): Promise<string> {
	const { data } = await t.api<{ public_id: string }>('POST', '/spam_tests', { seedlist: 2 });
	return data.public_id;
}

const spamTestGet = { resource: 'spamTest', operation: 'get', publicId: '={{ $json.id }}' };
const json = (items: { json: IDataObject }[]) => items.map((i) => i.json);
const paired = (items: { pairedItem?: unknown }[]) => items.map((i) => i.pairedItem);

describe('Completed / Not Yet outputs', () => {
	it.each([
		['spamTest', 'get'],
		['task', 'get'],
		['account', 'batch'],
		['account', 'reconnect'],
		['emailWorkspace', 'importAccounts'],
	])('%s → %s has two outputs named Completed and Not Yet', (resource, operation) => {
		expect(outputsFor({ resource, operation })).toEqual(['main:Completed', 'main:Not Yet']);
	});

	it.each([
		['spamTest', 'create'],
		['spamTest', 'getAll'],
		['account', 'get'],
		['domain', 'getAll'],
	])('%s → %s keeps its one output', (resource, operation) => {
		expect(outputsFor({ resource, operation })).toEqual(['main']);
	});

	it('Spam Test → Get puts a completed test on Completed and a running one on Not Yet, each paired with its input', async () => {
		const running = await newTest();
		const done = await newTest();
		await t.admin('POST', `/spam_tests/${done}/complete`, {});
		const result = await t.run(spamTestGet, {
			input: [{ id: running }, { id: done }, { id: running }],
		});
		expect(result.error).toBeUndefined();
		const [completed, notYet] = result.outputs;
		expect(json(completed).map((j) => [j.public_id, j.completed])).toEqual([[done, true]]);
		expect(paired(completed)).toEqual([{ item: 1 }]);
		expect(json(notYet).map((j) => [j.public_id, j.completed])).toEqual([
			[running, false],
			[running, false],
		]);
		expect(paired(notYet)).toEqual([{ item: 0 }, { item: 2 }]);
	});

	it('the raw answer (Simplify off) branches on the same completed flag', async () => {
		const done = await newTest();
		await t.admin('POST', `/spam_tests/${done}/complete`, {});
		const result = await t.run({ ...spamTestGet, simplify: false }, { input: [{ id: done }] });
		expect(result.outputs.map((o) => o.length)).toEqual([1, 0]);
	});

	it('with Continue On Fail, an item that failed goes to Not Yet (to be checked again), the others where they belong', async () => {
		const done = await newTest();
		await t.admin('POST', `/spam_tests/${done}/complete`, {});
		const result = await t.run(spamTestGet, {
			input: [{ id: 'nosuchtest' }, { id: done }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		const [completed, notYet] = result.outputs;
		expect(json(completed).map((j) => j.public_id)).toEqual([done]);
		expect(json(notYet)).toEqual([
			expect.objectContaining({ error: expect.stringMatching(/not found|404/i) }),
		]);
		expect(paired(notYet)).toEqual([{ item: 0 }]);
	});

	it('Task → Get: Not Yet while progress is below 100, Completed once it reaches 100', async () => {
		const { data: task } = await t.api<{ id: number }>('POST', '/accounts/batch', {
			account_ids: [4],
			action: 'suspend',
		});
		const states: number[][] = [];
		// The sandbox advances a task one step per read: 34, 67, 100.
		for (let read = 0; read < 3; read++) {
			const result = await t.run({ resource: 'task', operation: 'get', taskId: byId(task.id) });
			expect(result.error).toBeUndefined();
			states.push(result.outputs.map((o) => o.length));
		}
		expect(states).toEqual([
			[0, 1],
			[0, 1],
			[1, 0],
		]);
	});

	it('Mailbox → Batch without waiting is Not Yet (its task has just started)', async () => {
		const result = await t.run({
			resource: 'account',
			operation: 'batch',
			accountIds: '5',
			action: 'suspend',
		});
		expect(result.outputs.map((o) => o.length)).toEqual([0, 1]);
		expect(result.outputs[1][0].json).toMatchObject({ progress: 0 });
	});

	it('Mailbox → Reconnect without waiting is Not Yet (queued, nothing read yet)', async () => {
		const result = await t.run({ resource: 'account', operation: 'reconnect', accountId: byId(7) });
		expect(result.error).toBeUndefined();
		expect(result.outputs.map((o) => o.length)).toEqual([0, 1]);
	});

	it('as an AI agent tool the node keeps one output: a running test comes back there, with its next step', async () => {
		const running = await newTest();
		const result = await t.run(
			{ resource: 'spamTest', operation: 'get', publicId: byId(running) },
			{ tool: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.outputs).toHaveLength(1);
		expect(result.outputs[0][0].json).toMatchObject({
			public_id: running,
			completed: false,
			next_step: expect.stringMatching(/again/),
		});
	});
});
