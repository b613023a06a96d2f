import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listFrom, type AnswerFact } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { collectionOf, recordUpdate, UPDATE_FIELDS_NOTE } from '../../params/collections';
import { automatedTestIdsOption } from '../../params/fields';
import { idPicker } from '../../params/locator';
import { outputFields } from '../../params/output';
import { ALERT_LIST } from './shared/alertList';
import { changedAlert } from './shared/simplified';
import {
	alertFields,
	automatedTestIds,
	CHANNELS,
	eventsOf,
	hookUrl,
	slackChannelId,
} from './shared/fields';
import type { BuilderFacts } from '../../helpers/builder';
import { withKeptValues, type KeptValue } from '../../helpers/keptValues';

export const operation = {
	name: 'Update',
	action: 'Update an alert',
	description: 'Change the events, destination or activation of an alert',
};

export const builder: BuilderFacts = {
	returns: 'one item, the alert',
	fields: {
		id: '',
		events: '',
		active: '',
		outcome: '',
		message: 'what happened, in words',
	},
};

export const description: INodeProperties[] = [
	idPicker('alertId'),
	collectionOf(
		'updateFields',
		[
			{
				...alertFields.active(),
				description:
					'Whether the alert sends notifications. When not added, the alert keeps its current state.',
			},
			automatedTestIdsOption,
			alertFields.channel(
				'Where the notifications go. A new channel needs its destination (Hook URL, Slack Channel ID).',
			),
			alertFields.events(
				'Events the alert subscribes to (replaces the current list; when not added, the current events are kept). Other identifiers can be given as a list from an expression.',
			),
			alertFields.hookUrl(
				'hook_url',
				'URL that receives an HTTP POST per event (the service requires HTTPS)',
			),
			alertFields.slackChannelId(
				'slack_channel_id',
				'ID of the chat channel, as the service knows it',
			),
		],
		`${UPDATE_FIELDS_NOTE} (the node reads the alert first for Active and Events, which the service needs on every update)`,
	),
	...outputFields({
		simplified:
			'The alert as it is now (ID, channel, events, active) and where it sends what, in words',
		kept: 'id',
		example: 'channel, events',
	}),
];

const answer: AnswerFact = { shape: 'object', what: 'the alert (with id)', keys: ['id'] };

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const v = item.fields;
	const { update, view } = v.all({
		update: () =>
			recordUpdate(item, () => item.numericId('alertId'), {
				active: (value) => v.boolean('active', value),
				automated_test_ids: (value) => automatedTestIds(v, value),
				channel: (value) => v.oneOf('channel', value, CHANNELS),
				events: (value) => eventsOf(v, 'events', value),
				hook_url: (value) => hookUrl(v, 'hook_url', value),
				slack_channel_id: (value) => slackChannelId(v, 'slack_channel_id', value),
			}),
		view: () => item.output(),
	});
	const { id, body } = update;
	const alert = await item.request({
		method: 'POST',
		path: `/alerts/${id}`,
		body: await withKeptValues(body, keptValues(this, id, item.index), () =>
			currentAlert.call(this, item, id),
		),
		kind: 'update',
		answer,
	});
	return changedAlert(alert, view, 'updated');
}

/**
 * The alert's current `active` and `events`, for those the user did not set: the service requires
 * both on every update.
 */
function keptValues(ctx: IExecuteFunctions, id: number, i: number): Record<string, KeptValue> {
	return {
		active: (value) => (typeof value === 'boolean' ? value : missing(ctx, id, 'Active', i)),
		events: (value) =>
			Array.isArray(value) && value.length > 0 ? value : missing(ctx, id, 'Events', i),
	};
}

/**
 * The alert as it is now. There is no GET /alerts/{id}, so it is read from the project's alert list
 * (one unpaginated call).
 */
async function currentAlert(this: IExecuteFunctions, item: Item, id: number): Promise<IDataObject> {
	const alerts = listFrom(
		await item.request({ method: 'GET', path: '/alerts', kind: 'read', answer: ALERT_LIST }),
	);
	const current = alerts.find((alert) => String(alert.id) === String(id));
	if (!current) {
		throw new NodeOperationError(
			this.getNode(),
			`Alert ${id} is not among the alerts of the API key's project`,
			{
				itemIndex: item.index,
				description:
					'Check the Alert ID (pick it from the list), and that the credential is the project that owns it.',
			},
		);
	}
	return current;
}

function missing(ctx: IExecuteFunctions, id: number, label: string, i: number): never {
	throw new NodeOperationError(
		ctx.getNode(),
		`Could not read the current ${label.toLowerCase()} of alert ${id}`,
		{
			itemIndex: i,
			description: `The service needs it on every update and did not say what it is: add Update Fields → ${label}.`,
		},
	);
}
