import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { EVENT_OPTIONS, mergeEvents } from '../../../shared/events';
import { apiRequest } from '../../../shared/transport';
import { showFor } from '../../descriptions/common';
import { alertLocator } from '../../descriptions/locators';
import { collection, locatorId, validator } from '../../helpers/params';
import { automatedTestIds, CHANNEL_OPTIONS, CHANNELS, eventsOf, hookUrl, slackChannelId } from './shared';

export const description: INodeProperties[] = [
	alertLocator(['update']),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('alert', 'update'),
		options: [
			{
				displayName: 'Active',
				name: 'active',
				type: 'boolean',
				default: true,
				description: 'Whether the alert sends notifications',
			},
			{
				displayName: 'Automated Test IDs',
				name: 'automated_test_ids',
				type: 'string',
				default: '',
				placeholder: 'e.g. 12, 15',
				description: 'Comma-separated automated test IDs: only their spam tests trigger the alert',
			},
			{
				displayName: 'Channel',
				name: 'channel',
				type: 'options',
				options: CHANNEL_OPTIONS,
				default: 'HOOK_URL',
				description: 'Where the notifications go. A new channel needs its destination (Hook URL, Slack Channel ID).',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: EVENT_OPTIONS,
				default: [],
				description:
					'Events the alert subscribes to (replaces the current list). Other identifiers can be given as a list from an expression.',
			},
			{
				displayName: 'Hook URL',
				name: 'hook_url',
				type: 'string',
				default: '',
				placeholder: 'https://example.com/hooks/deliverability',
				description: 'URL that receives an HTTP POST per event (the service requires HTTPS)',
			},
			{
				displayName: 'Slack Channel ID',
				name: 'slack_channel_id',
				type: 'number',
				default: 0,
				description: 'ID of the chat channel, as the service knows it',
			},
		],
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const v = validator(this, i);
	const id = locatorId(this, 'alertId', i, true);
	const f = collection(this, 'updateFields', i);
	const body: IDataObject = {};
	if (f.active !== undefined) body.active = v.boolean('active', f.active);
	if (f.automated_test_ids !== undefined) body.automated_test_ids = automatedTestIds(v, f.automated_test_ids);
	if (f.channel !== undefined) body.channel = v.oneOf('channel', f.channel, CHANNELS);
	if (f.events !== undefined) {
		const list = typeof f.events === 'string' ? mergeEvents([], f.events) : mergeEvents(f.events, '');
		body.events = eventsOf(v, 'events', list);
	}
	if (f.hook_url !== undefined) body.hook_url = hookUrl(v, 'hook_url', f.hook_url);
	if (f.slack_channel_id !== undefined) body.slack_channel_id = slackChannelId(v, 'slack_channel_id', f.slack_channel_id);
	if (Object.keys(body).length === 0) v.fail('Update Fields', 'add at least one field to change');
	return await apiRequest.call(this, { method: 'POST', path: `/alerts/${id}`, body, kind: 'update', itemIndex: i });
}
