import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { customEventsField } from '../../../shared/events';
import { objectAnswer, type CreateWording } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { collectionOf, given } from '../../params/collections';
import { automatedTestIdsOption } from '../../params/fields';
import { outputFields } from '../../params/output';
import { changedAlert } from './shared/simplified';
import {
	alertFields,
	automatedTestIds,
	CHANNELS,
	eventsOf,
	hookUrl,
	needsHookUrl,
	needsSlackChannel,
	slackChannelId,
} from './shared/fields';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Create',
	action: 'Create an alert',
	description: 'Subscribe a webhook URL or chat channel to events',
};

export const builder: BuilderFacts = {
	returns: 'one item, the alert',
	fields: {
		id: '',
		events: '',
		channel: '',
		hook_url: '',
		active: '',
		outcome: '',
		message: 'what happened, in words',
	},
};

/** Its headline when the answer to its create is lost (the transport never repeats it). */
const creates: CreateWording = {
	what: 'The alert may have been created',
	where: 'Alert → Get Many',
};

export const description: INodeProperties[] = [
	{ ...alertFields.channel('Where the notifications go'), required: true },
	{
		...alertFields.hookUrl(
			'hookUrl',
			'URL that receives an HTTP POST per event (the service requires HTTPS). To start a workflow on events, use the Deliverability Alert Trigger node instead: it registers its own alert.',
		),
		required: true,
		displayOptions: { show: { channel: ['HOOK_URL', 'ALL'] } },
	},
	{
		...alertFields.slackChannelId(
			'slackChannelId',
			'ID of the chat channel, as the service knows it (the Slack workspace is set in the project settings)',
		),
		required: true,
		displayOptions: { show: { channel: ['SLACK', 'ALL'] } },
	},
	alertFields.events(
		'Events the alert subscribes to. Only Mailbox Disconnected and Spam Test Completed have documented identifiers.',
	),
	customEventsField(
		'Comma-separated event identifiers not in the list, added to the selected events',
		'e.g. SOME_OTHER_EVENT',
	),
	alertFields.active(),
	collectionOf('additionalFields', [automatedTestIdsOption]),
	...outputFields({
		simplified: 'The new alert (ID, channel, events, active) and where it sends what, in words',
		kept: 'id',
		example: 'channel, events',
	}),
];

const answer = objectAnswer('the new alert (with id)', 'id');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const v = item.fields;
	const picked = item.value('channel');
	// What the channel needs follows the picked value, checked or not (an unknown channel needs
	// neither).
	const channelName = String(picked ?? '').trim();
	const { body, view } = v.all({
		body: () =>
			given(
				v.all({
					channel: () => v.oneOf('channel', picked, CHANNELS),
					events: () =>
						eventsOf(v, 'events', item.value('events', []), item.value('customEvents', '')),
					active: () => v.boolean('active', item.value('active', true)),
					hook_url: () =>
						needsHookUrl(channelName)
							? hookUrl(v, 'hookUrl', item.value('hookUrl', ''))
							: undefined,
					slack_channel_id: () =>
						needsSlackChannel(channelName)
							? slackChannelId(v, 'slackChannelId', item.value('slackChannelId', ''))
							: undefined,
					automated_test_ids: () => {
						const fields = item.collection('additionalFields');
						return fields.automated_test_ids === undefined
							? undefined
							: automatedTestIds(v, fields.automated_test_ids);
					},
				}),
			),
		view: () => item.output(),
	});
	const alert = await item.request({
		method: 'POST',
		path: '/alerts',
		creates,
		body,
		kind: 'create',
		answer,
	});
	return changedAlert(alert, view, 'created');
}
