import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { collectionOf, showFor } from '../../descriptions/common';
import { alertLocator } from '../../descriptions/locators';
import { automatedTestIdsOption } from '../../descriptions/fields';
import { collectionValues, locatorId, validator } from '../../helpers/params';
import { alertFields, automatedTestIds, CHANNELS, eventsOf, hookUrl, slackChannelId } from './shared';

export const operation = {
	name: 'Update',
	action: 'Update an alert',
	description: 'Change the events, destination or activation of an alert',
};

export const description: INodeProperties[] = [
	alertLocator(['update']),
	collectionOf('updateFields', showFor('alert', 'update'), [
		alertFields.active(),
		automatedTestIdsOption,
		alertFields.channel('Where the notifications go. A new channel needs its destination (Hook URL, Slack Channel ID).'),
		alertFields.events(
			'Events the alert subscribes to (replaces the current list). Other identifiers can be given as a list from an expression.',
		),
		alertFields.hookUrl('hook_url', 'URL that receives an HTTP POST per event (the service requires HTTPS)'),
		alertFields.slackChannelId('slack_channel_id', 'ID of the chat channel, as the service knows it'),
	]),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const v = validator(this, i);
	const id = locatorId(this, 'alertId', i, true);
	const f = collectionValues(this, 'updateFields', i);
	const body: IDataObject = {};
	if (f.active !== undefined) body.active = v.boolean('active', f.active);
	if (f.automated_test_ids !== undefined) body.automated_test_ids = automatedTestIds(v, f.automated_test_ids);
	if (f.channel !== undefined) body.channel = v.oneOf('channel', f.channel, CHANNELS);
	if (f.events !== undefined) body.events = eventsOf(v, 'events', f.events);
	if (f.hook_url !== undefined) body.hook_url = hookUrl(v, 'hook_url', f.hook_url);
	if (f.slack_channel_id !== undefined) body.slack_channel_id = slackChannelId(v, 'slack_channel_id', f.slack_channel_id);
	if (Object.keys(body).length === 0) v.fail('Update Fields', 'add at least one field to change');
	return await apiRequest.call(this, { method: 'POST', path: `/alerts/${id}`, body, kind: 'update', itemIndex: i });
}
