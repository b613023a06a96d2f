/** Task resource: batch actions run as tasks; Get reads one (and can wait for it to finish). */
import { operationPicker, type ResourceModule } from '../types';
import * as get from './get';

export const task: ResourceModule = {
	option: { name: 'Task', value: 'task', description: 'Queued batch actions on accounts and their progress' },
	description: [
		operationPicker(
			'task',
			[
				{
					name: 'Get',
					value: 'get',
					action: 'Get a task',
					description: 'Retrieve the progress and logs of a task, optionally waiting until it is finished',
				},
			],
			'get',
		),
		...get.description,
	],
	operations: { get: get.execute },
};
