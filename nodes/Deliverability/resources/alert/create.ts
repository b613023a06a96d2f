import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { EVENT_OPTIONS, mergeEvents } from '../../../shared/events';
import { apiRequest } from '../../../shared/transport';
import { showFor } from '../../descriptions/common';
import { collection, validator } from '../../helpers/params';
import { automatedTestIds, CHANNEL_OPTIONS, CHANNELS, eventsOf, hookUrl, slackChannelId } from './shared';

const show = showFor('alert', 'create').show;

export const description: INodeProperties[] = [
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		required: true,
		options: CHANNEL_OPTIONS,
		default: 'HOOK_URL',
		displayOptions: { show },
		description: 'Where the notifications go',
	},
	{
		displayName: 'Hook URL',
		name: 'hookUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://example.com/hooks/deliverability',
		displayOptions: { show: { ...show, channel: ['HOOK_URL', 'ALL'] } },
		description:
			'URL that receives an HTTP POST per event (the service requires HTTPS). To start a workflow on events, use the Deliverability Trigger node instead: it registers its own alert.',
	},
	{
		displayName: 'Slack Channel ID',
		name: 'slackChannelId',
		type: 'number',
		required: true,
		default: 0,
		displayOptions: { show: { ...show, channel: ['SLACK', 'ALL'] } },
		description: 'ID of the chat channel, as the service knows it (the Slack workspace is set in the project settings)',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: EVENT_OPTIONS,
		default: [],
		displayOptions: { show },
		description:
			'Events the alert subscribes to. Only Account Disconnected and Automated Spam Test Completed have documented identifiers.',
	},
	{
		displayName: 'Custom Events',
		name: 'customEvents',
		type: 'string',
		default: '',
		placeholder: 'e.g. SOME_OTHER_EVENT',
		displayOptions: { show },
		description: 'Comma-separated event identifiers not in the list, added to the selected events',
	},
	{
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		displayOptions: { show },
		description: 'Whether the alert sends notifications',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Automated Test IDs',
				name: 'automated_test_ids',
				type: 'string',
				default: '',
				placeholder: 'e.g. 12, 15',
				description: 'Comma-separated automated test IDs: only their spam tests trigger the alert',
			},
		],
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const v = validator(this, i);
	const channel = v.oneOf('channel', this.getNodeParameter('channel', i), CHANNELS);
	const events = eventsOf(
		v,
		'events',
		mergeEvents(this.getNodeParameter('events', i, []), this.getNodeParameter('customEvents', i, '')),
	);
	const body: IDataObject = { channel, events, active: v.boolean('active', this.getNodeParameter('active', i, true)) };
	if (channel === 'HOOK_URL' || channel === 'ALL') body.hook_url = hookUrl(v, 'hookUrl', this.getNodeParameter('hookUrl', i, ''));
	if (channel === 'SLACK' || channel === 'ALL') {
		body.slack_channel_id = slackChannelId(v, 'slackChannelId', this.getNodeParameter('slackChannelId', i, ''));
	}
	const fields = collection(this, 'additionalFields', i);
	if (fields.automated_test_ids !== undefined) body.automated_test_ids = automatedTestIds(v, fields.automated_test_ids);
	return await apiRequest.call(this, { method: 'POST', path: '/alerts', body, kind: 'create', itemIndex: i });
}
