/**
 * Bad input is refused before any request with every problem of the item at once, each named as on
 * screen, proven on every operation of the built node that has two or more inputs this test can make
 * bad without knowing the operation: its required ID pickers (an expression that gives nothing: n8n checks a typed ID itself, before the node) and its Update Fields (none
 * added). The operations are read from the node, so a new one is covered without being listed; an
 * operation that reads one of them outside `item.fields.all({ … })` names only the first.
 */
import type { INodeParameters } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { operationsOf, sampleIds, showsFor } from '../../../support/output-schemas';
import { useSandbox } from '../context';

const { description } = new Deliverability();
const t = useSandbox({ accounts: 3 });

/** The inputs of an operation made bad here, each with its label on screen. */
function badInputs(resource: string, operation: string): Array<[string, unknown, string]> {
	return (
		description.properties
			// Only inputs shown whatever the other parameters are (not Relink's account under its switch).
			.filter(
				(p) =>
					showsFor(p, resource, operation) && Object.keys(p.displayOptions!.show!).length === 2,
			)
			.flatMap((p): Array<[string, unknown, string]> => {
				if (p.type === 'resourceLocator' && p.required)
					return [[p.name, { __rl: true, mode: 'id', value: '={{ "" }}' }, p.displayName]];
				if (p.name === 'updateFields') return [[p.name, {}, p.displayName]];
				return [];
			})
	);
}

const cases = operationsOf(description)
	.map((o) => ({ ...o, bad: badInputs(o.resource, o.operation) }))
	.filter((o) => o.bad.length >= 2);

describe('bad input: every problem of an item in one error, before any request', () => {
	it('finds operations to prove it on (a check that finds nothing proves nothing)', () => {
		expect(cases.length).toBeGreaterThan(3);
	});

	it.each(cases.map((o) => [o.resource, o.operation, o]))(
		'%s → %s names each bad input',
		async (resource, operation, o) => {
			const ids = await sampleIds(t.sandbox);
			await t.clearRequests();
			const result = await t.runSample(resource, operation, ids, {
				parameters: Object.fromEntries(
					o.bad.map(([name, value]) => [name, value]),
				) as INodeParameters,
			});
			const error = `${result.error?.message ?? ''} ${String(result.error?.description ?? '')}`;
			const unnamed = o.bad.map(([, , label]) => label).filter((label) => !error.includes(label));
			// Read every parameter inside item.fields.all({ … }) in resources/<resource>/<operation>.ts
			// (CONTRIBUTING.md → Adding an operation), so that one error lists every problem of the item.
			expect({ unnamed, error }).toEqual({ unnamed: [], error });
			expect(result.error?.name).toBe('NodeOperationError');
			expect(await t.requests()).toEqual([]);
		},
	);
});
