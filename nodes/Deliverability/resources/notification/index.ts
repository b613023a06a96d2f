/**
 * Notification resource: the open notifications of the project (what alerts report, readable
 * without a webhook).
 */
import { defineResource } from '../types';
import * as getAll from './getAll';

export const notification = defineResource(
	{
		name: 'Notification',
		value: 'notification',
		description:
			'Open notifications about mailboxes and domains (disconnections, expiring domains, …)',
	},
	'getAll',
	{ getAll },
);
