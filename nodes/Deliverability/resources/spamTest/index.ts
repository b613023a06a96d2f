/** Spam test resource: the operation picker and the table of its operations. */
import { operationPicker, type ResourceModule } from '../types';
import * as create from './create';
import * as get from './get';
import * as getAll from './getAll';
import * as update from './update';

export const spamTest: ResourceModule = {
	option: { name: 'Spam Test', value: 'spamTest', description: 'Inbox placement tests sent to a seedlist' },
	description: [
		operationPicker(
			'spamTest',
			[
				{
					name: 'Create',
					value: 'create',
					action: 'Create a spam test',
					description: 'Start a spam test (uses one credit) and get the seed addresses to send to',
				},
				{
					name: 'Get',
					value: 'get',
					action: 'Get a spam test',
					description: 'Retrieve a spam test, optionally waiting until it is complete',
				},
				{ name: 'Get Many', value: 'getAll', action: 'Get many spam tests', description: 'List spam tests, with filters' },
				{
					name: 'Update',
					value: 'update',
					action: 'Update a spam test',
					description: 'Filter results for an audience type, or re-associate the seedlist',
				},
			],
			'create',
		),
		...create.description,
		...get.description,
		...getAll.description,
		...update.description,
	],
	operations: { create: create.execute, get: get.execute, getAll: getAll.execute, update: update.execute },
};
