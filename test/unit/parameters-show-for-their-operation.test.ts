/**
 * An operation file declares its parameters without saying where they show: the resource table shows each one for
 * its resource and operation only, and keeps the parameter's own conditions (Limit under Return All off, a field
 * under a provider) beside them.
 */
import type { INodeProperties } from 'n8n-workflow';

import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';
import { returnAllAndLimit } from '../../nodes/Deliverability/params/list';
import { defineResource, type OperationModule } from '../../nodes/Deliverability/resources/types';

const op = (name: string, description: INodeProperties[]): OperationModule => ({
	operation: { name, action: `${name} a thing`, description: name },
	description,
	execute: async () => ({}),
});

const resource = defineResource({ name: 'Thing', value: 'thing' }, 'getAll', {
	getAll: op('Get Many', returnAllAndLimit()),
	create: op('Create', [
		{ displayName: 'Kind', name: 'kind', type: 'string', default: '' },
		{
			displayName: 'Key',
			name: 'key',
			type: 'string',
			default: '',
			displayOptions: { show: { kind: ['google'] }, hide: { legacy: [true] } },
		},
		{
			// Written as n8n's developers write conditions, copied from the Get Many file: the table still wins.
			displayName: 'Copied',
			name: 'copied',
			type: 'string',
			default: '',
			displayOptions: { show: { resource: ['other'], operation: ['getAll'] } },
		},
	]),
});

const shown = (name: string) =>
	resource.description.filter((p) => p.name === name).map((p) => p.displayOptions);

describe('parameters show for the operation that declares them', () => {
	it('a parameter without conditions shows for its resource and operation only', () => {
		expect(shown('kind')).toEqual([{ show: { resource: ['thing'], operation: ['create'] } }]);
		expect(shown('returnAll')).toEqual([{ show: { resource: ['thing'], operation: ['getAll'] } }]);
	});

	it("a parameter's own conditions stay beside them (show and hide)", () => {
		expect(shown('limit')).toEqual([
			{ show: { resource: ['thing'], operation: ['getAll'], returnAll: [false] } },
		]);
		expect(shown('key')).toEqual([
			{
				show: { resource: ['thing'], operation: ['create'], kind: ['google'] },
				hide: { legacy: [true] },
			},
		]);
	});

	it('a resource or operation the parameter names itself cannot move it to another operation', () => {
		expect(shown('copied')).toEqual([{ show: { resource: ['thing'], operation: ['create'] } }]);
	});

	it('every parameter of the node shows for one resource and one operation', () => {
		const wrong = new Deliverability().description.properties
			// The node's own parameters (Resource, the AI tool notice) show for no resource.
			.filter((p) => p.name !== 'operation' && p.displayOptions?.show?.resource !== undefined)
			.filter((p) => {
				const show = p.displayOptions?.show ?? {};
				return show.resource?.length !== 1 || show.operation?.length !== 1;
			})
			.map((p) => `${p.name}: ${JSON.stringify(p.displayOptions?.show)}`);
		// The resource table (resources/types.ts, defineResource) shows each parameter for the one operation whose
		// file declares it: declare a parameter in each operation file that needs it instead.
		expect(wrong).toEqual([]);
	});

	it("every parameter's own condition names a parameter of its operation", () => {
		const properties = new Deliverability().description.properties;
		const at = (p: INodeProperties) =>
			`${String(p.displayOptions?.show?.resource?.[0])} → ${String(p.displayOptions?.show?.operation?.[0])}`;
		const dangling = properties
			.filter((p) => p.displayOptions?.show?.resource !== undefined)
			.flatMap((p) =>
				(['show', 'hide'] as const).flatMap((kind) =>
					Object.keys(p.displayOptions?.[kind] ?? {})
						.filter((name) => !['resource', 'operation', '@version'].includes(name))
						.filter((name) => !properties.some((q) => q.name === name && at(q) === at(p)))
						.map(
							(name) => `${at(p)}: ${p.name} ${kind}s under "${name}", which this operation lacks`,
						),
				),
			);
		// A condition copied from another operation's file (Limit under Return All) hides the
		// parameter for good where that parameter does not exist: declare both, or drop the condition.
		expect(dangling).toEqual([]);
	});

	it('the Operation picker itself shows for the resource', () => {
		expect(shown('operation')).toEqual([{ show: { resource: ['thing'] } }]);
	});
});
