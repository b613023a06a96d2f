/** Alert resource: the operation picker and the table of its operations. */
import { operationPicker, type ResourceModule } from '../types';
import * as create from './create';
import * as del from './delete';
import * as getAll from './getAll';
import * as update from './update';

export const alert: ResourceModule = {
	option: { name: 'Alert', value: 'alert', description: 'Notifications of events to a webhook URL or a chat channel' },
	description: [
		operationPicker(
			'alert',
			[
				{ name: 'Create', value: 'create', action: 'Create an alert', description: 'Subscribe a webhook URL or chat channel to events' },
				{ name: 'Delete', value: 'delete', action: 'Delete an alert', description: 'Delete an alert' },
				{ name: 'Get Many', value: 'getAll', action: 'Get many alerts', description: 'List the alerts of the project' },
				{
					name: 'Update',
					value: 'update',
					action: 'Update an alert',
					description: 'Change the events, destination or activation of an alert',
				},
			],
			'getAll',
		),
		...create.description,
		...getAll.description,
		...update.description,
		...del.description,
	],
	operations: { create: create.execute, delete: del.execute, getAll: getAll.execute, update: update.execute },
};
