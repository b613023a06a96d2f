/** Automated test resource: the operation picker and the table of its operations. */
import { operationPicker, type ResourceModule } from '../types';
import * as create from './create';
import * as get from './get';
import * as getAll from './getAll';
import * as setRuns from './setRuns';
import * as update from './update';

export const automatedTest: ResourceModule = {
	option: { name: 'Automated Test', value: 'automatedTest', description: 'Spam tests repeated on a schedule for an account' },
	description: [
		operationPicker(
			'automatedTest',
			[
				{
					name: 'Create',
					value: 'create',
					action: 'Create an automated test',
					description: 'Create an automated test for an account (inactive until updated)',
				},
				{ name: 'Get', value: 'get', action: 'Get an automated test', description: 'Retrieve one automated test' },
				{
					name: 'Get Many',
					value: 'getAll',
					action: 'Get many automated tests',
					description: 'List automated tests, with filters',
				},
				{
					name: 'Set Runs',
					value: 'setRuns',
					action: 'Set the weekdays of an automated test',
					description: 'Choose the weekdays the test runs on',
				},
				{
					name: 'Update',
					value: 'update',
					action: 'Update an automated test',
					description: 'Activate or pause the test, and change its schedule, audience or seedlist',
				},
			],
			'getAll',
		),
		...create.description,
		...get.description,
		...getAll.description,
		...update.description,
		...setRuns.description,
	],
	operations: {
		create: create.execute,
		get: get.execute,
		getAll: getAll.execute,
		update: update.execute,
		setRuns: setRuns.execute,
	},
};
