/**
 * An operation file declares its parameters without saying where they show: the resource table shows each one for
 * its resource and operation only, and keeps the parameter's own conditions (Limit under Return All off, a field
 * under a provider) beside them.
 */
import type { INodeProperties } from 'n8n-workflow';

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

	it('the Operation picker itself shows for the resource', () => {
		expect(shown('operation')).toEqual([{ show: { resource: ['thing'] } }]);
	});
});
