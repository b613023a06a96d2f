/**
 * Alert resource: notifications of events to a webhook URL or a chat channel. One file per
 * operation.
 */
import { defineResource } from '../types';
import * as create from './create';
import * as del from './delete';
import * as getAll from './getAll';
import * as update from './update';

export const alert = defineResource(
	{
		name: 'Alert',
		value: 'alert',
		description: 'Notifications of events to a webhook URL or a chat channel',
	},
	'getAll',
	{ create, delete: del, getAll, update },
);
