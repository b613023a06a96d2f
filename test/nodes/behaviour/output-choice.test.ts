/**
 * Output (node version 1.1) through n8n's real engine against the sandbox: Simplified, Raw or Selected Fields where
 * the node answers with records (Mailbox → Get, Get Many, Reconnect; Spam Test → Get, Get Many; Domain → Get Many),
 * while version 1 keeps its Simplify switch exactly as it was. Selected Fields keeps the record's id (and what routes
 * the item: a spam test's `completed`), invents no field, and a bad Fields value is refused before any request.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import type { RunResult } from '../../../support/harness';
import { byId, jsonOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 112 });

async function run(
	parameters: INodeParameters,
	typeVersion: number,
	{ tool = false }: { tool?: boolean } = {},
): Promise<RunResult> {
	return await t.run(parameters, { typeVersion, tool });
}

async function account(id: number): Promise<IDataObject> {
	return (await t.api<IDataObject>('GET', `/accounts/${id}`)).data;
}

const GET_13 = { resource: 'account', operation: 'get', accountId: byId(13) };

/** Every domain (Domain → Get Many, Return All) in version 1.1, with Output: Selected Fields naming `fields`. */
const domainsWith = async (fields: string) =>
	jsonOf(
		await run(
			{ resource: 'domain', operation: 'getAll', returnAll: true, output: 'fields', fields },
			1.1,
		),
	);

describe('Output choice (version 1.1) and Simplify (version 1)', () => {
	it('is the default version; version 1 shows Simplify, version 1.1 shows Output in its place', () => {
		const { description } = new Deliverability();
		expect(description.version).toEqual([1, 1.1]);
		expect(description.defaultVersion).toBe(1.1);
		const shown = (typeVersion: number) =>
			NodeHelpers.getNodeParameters(
				description.properties,
				{ resource: 'account', operation: 'getAll' },
				true,
				false,
				{ typeVersion },
				description,
			)!;
		expect(shown(1)).toEqual(expect.objectContaining({ simplify: true }));
		expect(shown(1)).not.toHaveProperty('output');
		expect(shown(1.1)).toEqual(expect.objectContaining({ output: 'simple' }));
		expect(shown(1.1)).not.toHaveProperty('simplify');
		expect(shown(1.1)).not.toHaveProperty('fields');
	});

	it('version 1 keeps Simplify as it was: on by default, off gives the account as sent', async () => {
		const simplified = jsonOf(await run(GET_13, 1));
		expect(simplified[0]).toEqual(expect.objectContaining({ id: 13, verdict: 'fail' }));
		expect(jsonOf(await run({ ...GET_13, simplify: false }, 1))).toEqual([await account(13)]);
	});

	it('version 1.1 gives by default what Simplify on gave, and Raw what Simplify off gave', async () => {
		expect(jsonOf(await run(GET_13, 1.1))).toEqual(jsonOf(await run(GET_13, 1)));
		expect(jsonOf(await run({ ...GET_13, output: 'raw' }, 1.1))).toEqual([await account(13)]);
		const list = { resource: 'domain', operation: 'getAll', returnAll: true };
		expect(jsonOf(await run(list, 1.1))).toEqual(jsonOf(await run(list, 1)));
		expect(jsonOf(await run({ ...list, output: 'raw' }, 1.1))).toEqual(
			jsonOf(await run({ ...list, simplify: false }, 1)),
		);
	});

	it('Selected Fields gives the fields named, the id first, and nothing the service did not send', async () => {
		const source = await account(13);
		const [out] = jsonOf(
			await run({ ...GET_13, output: 'fields', fields: 'email, score,no_such_field, email' }, 1.1),
		);
		expect(out).toEqual({ id: 13, email: source.email, score: source.score });
		expect(Object.keys(out)).toEqual(['id', 'email', 'score']);
	});

	it('Selected Fields on lists: each account with its id, each domain with its id and name', async () => {
		const accounts = jsonOf(
			await run(
				{ resource: 'account', operation: 'getAll', limit: 5, output: 'fields', fields: 'email' },
				1.1,
			),
		);
		expect(accounts).toHaveLength(5);
		for (const a of accounts) expect(Object.keys(a)).toEqual(['id', 'email']);
		const domains = await domainsWith('avg_score');
		const listed = (await t.api<{ domains: IDataObject[] }>('GET', '/projects/domains')).data
			.domains;
		expect(domains).toEqual(
			listed.map((d) => ({ id: d.id, domain: d.domain, avg_score: d.avg_score })),
		);
	});

	it('Selected Fields may name Simplified fields: a domain keeps its verdict and reasons beside the raw fields', async () => {
		const domains = await domainsWith('avg_score, verdict, verdict_reason');
		const simplified = jsonOf(
			await run({ resource: 'domain', operation: 'getAll', returnAll: true }, 1.1),
		);
		expect(domains.length).toBeGreaterThan(0);
		expect(domains).toEqual(
			simplified.map((d) => ({
				id: d.id,
				domain: d.domain,
				avg_score: expect.anything(),
				verdict: d.verdict,
				verdict_reason: d.verdict_reason,
			})),
		);
		for (const d of domains) expect(['pass', 'warn', 'fail']).toContain(d.verdict);
	});

	it('Selected Fields on a spam test keeps public_id and completed, so the item still goes out on Not Yet', async () => {
		const { data: test } = await t.api<IDataObject>('POST', '/spam_tests', { seedlist: 2 });
		const result = await run(
			{
				resource: 'spamTest',
				operation: 'get',
				publicId: byId(String(test.public_id)),
				output: 'fields',
				fields: 'public_full_id',
			},
			1.1,
		);
		expect(result.error).toBeUndefined();
		const [completed, notYet] = result.outputs;
		expect(completed).toEqual([]);
		expect(notYet.map((i) => i.json)).toEqual([
			{ public_id: test.public_id, completed: false, public_full_id: test.public_full_id },
		]);
	});

	it('refuses an empty or malformed Fields before any request, with every problem of the item at once', async () => {
		await t.clearRequests();
		const empty = await run({ ...GET_13, output: 'fields', fields: ' , ' }, 1.1);
		expect(empty.error?.message).toContain('Fields');
		expect(String(empty.error?.description ?? '') + empty.error?.message).toContain(
			'name at least one field',
		);
		const both = await run(
			{
				...GET_13,
				accountId: byId('={{ "anna@example.com" }}'),
				output: 'fields',
				fields: 'domain.domain',
			},
			1.1,
		);
		const text = `${both.error?.message} ${String(both.error?.description ?? '')}`;
		expect(text).toContain('"Mailbox"');
		expect(text).toContain('"domain.domain" is not a field name');
		const wrong = await run({ ...GET_13, output: 'everything' }, 1.1);
		expect(`${wrong.error?.message} ${String(wrong.error?.description ?? '')}`).toContain(
			'Invalid "Output": "everything" is not one of raw, fields, simple',
		);
		expect(await t.requests()).toEqual([]);
	});

	it('as a tool, Selected Fields makes the same list several times smaller, still capped with its note', async () => {
		const list = { resource: 'account', operation: 'getAll', returnAll: true };
		const simplified = JSON.stringify(jsonOf(await run(list, 1.1, { tool: true })));
		const selected = jsonOf(
			await run({ ...list, output: 'fields', fields: 'email, score' }, 1.1, { tool: true }),
		);
		const note = selected[selected.length - 1];
		expect(note).toEqual(expect.objectContaining({ _truncated: true, returned: 50 }));
		expect(note.omitted).toBeGreaterThan(0);
		expect(Object.keys(selected[0])).toEqual(['id', 'email', 'score']);
		expect(JSON.stringify(selected).length * 3).toBeLessThan(simplified.length);
	});

	it("Simplified records show their verdict and its reason right after the id, so n8n's Table view shows them first", async () => {
		const firstKeys = async (parameters: INodeParameters, count = 3) =>
			jsonOf(await run(parameters, 1.1)).map((item) => Object.keys(item).slice(0, count));
		const accounts = await firstKeys({ resource: 'account', operation: 'getAll', limit: 3 });
		expect(accounts).toEqual(Array(3).fill(['id', 'verdict', 'verdict_reason']));
		const tests = await firstKeys({ resource: 'spamTest', operation: 'getAll', limit: 3 });
		expect(tests.length).toBeGreaterThan(0);
		for (const keys of tests) expect(keys).toEqual(['public_id', 'verdict', 'verdict_reason']);
		// A domain is known by its id and its name.
		const domains = await firstKeys({ resource: 'domain', operation: 'getAll', limit: 3 }, 4);
		expect(domains.length).toBeGreaterThan(0);
		for (const keys of domains) expect(keys).toEqual(['id', 'domain', 'verdict', 'verdict_reason']);
	});
});
