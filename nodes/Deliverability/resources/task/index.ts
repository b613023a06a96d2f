/** Task resource: batch actions run as tasks; Get reads one (and can wait for it to finish). */
import { defineResource } from '../types';
import * as get from './get';

export const task = defineResource(
	{
		name: 'Task',
		value: 'task',
		description: 'Queued batch actions on mailboxes and their progress',
	},
	'get',
	{ get },
);
