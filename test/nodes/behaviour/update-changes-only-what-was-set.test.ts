/**
 * "An Update changes only what the user set":
 * - on every operation of the built node with Update Fields (read from the node, so a new Update is
 *   covered without being listed): run with one field added (its sample in support/output-schemas.ts),
 *   each request that changes something sends that field and, beside it, only values the node read
 *   from the service in the same run (an Update whose service needs a field on every update reads it
 *   first and sends it back unchanged), never a default of a field that was not added;
 * - for the update-like operations whose service rules do not force a read first (account Update /
 *   Pause / Resume, automated test Set Run Days): the resource is read straight from the sandbox before
 *   and after a run through the real engine, and only the fields the user set may differ. (Automated
 *   Test, Alert and Spam Test → Update, which must read first, are checked in their own test files.)
 */
import type { IDataObject } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { operationsOf, parametersFor, sampleIds, showsFor } from '../../../support/output-schemas';
import { byId, useSandbox } from '../context';

const t = useSandbox();
const { description } = new Deliverability();

/** The operations with an Update Fields collection. */
const updates = operationsOf(description).filter((o) =>
	description.properties.some(
		(p) => p.name === 'updateFields' && showsFor(p, o.resource, o.operation),
	),
);

/** Every value of the records in an answer (an object, a list, or lists inside it), by field. */
function readValues(answer: unknown): Array<[string, string]> {
	const records = Array.isArray(answer)
		? answer
		: [
				answer,
				...Object.values((answer ?? {}) as IDataObject).flatMap((v) => (Array.isArray(v) ? v : [])),
			];
	return (records as IDataObject[]).flatMap((r) =>
		Object.entries(r ?? {}).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
	);
}

describe('every Update sends only the fields added', () => {
	it('finds the Updates (a check that finds nothing proves nothing)', () => {
		expect(updates.length).toBeGreaterThan(3);
	});

	it.each(updates.map((o) => [o.resource, o.operation]))(
		'%s → %s sends the added field and what it read, nothing else',
		async (resource, operation) => {
			const parameters = parametersFor(
				description,
				resource,
				operation,
				await sampleIds(t.sandbox),
			);
			const added = Object.keys(parameters.updateFields as IDataObject);
			await t.clearRequests();
			const result = await t.run(parameters);
			expect(result.error).toBeUndefined();
			const requests = await t.requests();
			// What the node read in this run: fields it did not change, so reading them again gives the same.
			const read = new Set<string>();
			for (const r of requests.filter((q) => q.method === 'GET')) {
				const local = r.path.replace(/^.*\/api\/v1/, '');
				const { data } = await t.api('GET', local, undefined, r.query);
				for (const [k, v] of readValues(data)) read.add(`${k}=${v}`);
			}
			const writes = requests.filter((q) => q.method !== 'GET');
			expect(writes.length).toBeGreaterThan(0);
			const unasked = writes.flatMap((w) =>
				Object.entries(w.body ?? {})
					.filter(([k, v]) => !added.includes(k) && !read.has(`${k}=${JSON.stringify(v)}`))
					.map(([k, v]) => `${w.method} ${w.path}: ${k} = ${JSON.stringify(v)}`),
			);
			// Read Update Fields with recordUpdate (params/collections.ts) in
			// resources/<resource>/<operation>.ts: a field not added stays out of the body.
			expect(unasked).toEqual([]);
			expect(writes.some((w) => added.every((k) => k in (w.body ?? {})))).toBe(true);
		},
	);
});

async function read(path: string): Promise<IDataObject> {
	const { status, data } = await t.api<IDataObject>('GET', path);
	expect(status).toBe(200);
	return data;
}

describe('only what was set changes, read back from the sandbox', () => {
	it('Mailbox → Update with First Name alone changes only first_name', async () => {
		const before = await read('/accounts/1');
		const result = await t.run({
			resource: 'account',
			operation: 'update',
			accountId: byId(1),
			updateFields: { first_name: 'Zoé' },
		});
		expect(result.error).toBeUndefined();
		expect(await read('/accounts/1')).toEqual({ ...before, first_name: 'Zoé' });
		const posts = (await t.requests()).filter((r) => r.method === 'POST');
		expect(posts.map((r) => r.body)).toEqual([{ first_name: 'Zoé' }]);
	});

	it('Mailbox → Update with a Time Zone picked from the list changes only time_zone', async () => {
		const before = await read('/accounts/3');
		expect(before.time_zone).not.toBe('Asia/Kolkata');
		const picked = {
			__rl: true,
			mode: 'list',
			value: 'Asia/Kolkata',
			cachedResultName: 'Asia/Kolkata (UTC+05:30)',
		};
		const result = await t.run({
			resource: 'account',
			operation: 'update',
			accountId: byId(3),
			updateFields: { time_zone: picked },
		});
		expect(result.error).toBeUndefined();
		expect(await read('/accounts/3')).toEqual({ ...before, time_zone: 'Asia/Kolkata' });
	});

	it('Mailbox → Pause and Resume change only alive', async () => {
		const before = await read('/accounts/2');
		expect(before.alive).toBe(true);
		await t.run({ resource: 'account', operation: 'pause', accountId: byId(2) });
		expect(await read('/accounts/2')).toEqual({ ...before, alive: false });
		await t.run({ resource: 'account', operation: 'resume', accountId: byId(2) });
		expect(await read('/accounts/2')).toEqual(before);
	});

	it('Automated Test → Set Run Days changes only the runs (state, time zone and hour stay)', async () => {
		await t.api('POST', '/automated_tests/5', { active: true, time_zone: 'Asia/Tokyo', hour: 6 });
		const before = await read('/automated_tests/5');
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'setRuns',
			automatedTestId: byId(5),
			weekdays: [2, 4],
		});
		expect(result.error).toBeUndefined();
		const after = await read('/automated_tests/5');
		expect((after.automated_test_runs as IDataObject[]).map((r) => r.weekday)).toEqual([2, 4]);
		expect({ ...after, automated_test_runs: undefined }).toEqual({
			...before,
			automated_test_runs: undefined,
		});
		expect(after).toMatchObject({ active: true, time_zone: 'Asia/Tokyo', hour: 6 });
	});
});
