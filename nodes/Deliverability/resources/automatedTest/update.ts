import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { objectAnswer } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { choiceField, valuesOf } from '../../params/choices';
import { collectionOf, recordUpdate } from '../../params/collections';
import { AUTOMATED_TEST_SEEDLISTS, seedlistOption, timeZoneOption } from '../../params/fields';
import { accountOption } from '../../../shared/resourceLocator';
import { idPicker, locatorValue } from '../../params/locator';
import { outputFields } from '../../params/output';
import { changedAutomatedTest } from './shared/simplified';
import type { BuilderFacts } from '../../helpers/builder';
import { withKeptValues, type KeptValue } from '../../helpers/keptValues';

export const operation = {
	name: 'Update',
	action: 'Update an automated test',
	description:
		'Activate or pause the test, or change its schedule, audience or seedlist; what is not set stays',
};

export const builder: BuilderFacts = {
	returns: 'one item, the automated test',
	fields: {
		id: '',
		active: '',
		run_days: '',
		updated: '',
		outcome: '',
		message: 'what happened, in words',
	},
	note: 'While active it spends one credit per scheduled run.',
};

const REPEAT_PERIODS = [
	{ name: 'Day', value: 'DAY' },
	{ name: 'Week', value: 'WEEK' },
] as const;

export const description: INodeProperties[] = [
	idPicker('automatedTestId'),
	collectionOf('updateFields', [
		{
			displayName: 'Active',
			name: 'active',
			type: 'boolean',
			default: true,
			description:
				'Whether the test is scheduled. When not added, the test keeps its current state (the service needs a value on every update, so the node reads the test first).',
		},
		accountOption(
			'account_id',
			'Re-associate the test with this mailbox (it must belong to the project and be connected)',
		),
		{
			displayName: 'Business Audience (B2B)',
			name: 'btob',
			type: 'boolean',
			default: true,
			description: 'Whether to test business mailboxes',
		},
		{
			displayName: 'Consumer Audience (B2C)',
			name: 'btoc',
			type: 'boolean',
			default: true,
			description: 'Whether to test consumer mailboxes',
		},
		{
			displayName: 'Hour',
			name: 'hour',
			type: 'number',
			default: 9,
			description: 'Local hour (0 to 23, in the time zone) the test runs at',
			hint: '0 to 23: the hour of the day (0 = midnight, 23 = 11 pm) in the Time Zone of the test',
		},
		{
			displayName: 'Repeat Every (Units)',
			name: 'repeat_period_delay',
			type: 'number',
			default: 1,
			description: 'Number of Repeat Period units between two runs (1 or more)',
		},
		choiceField('Repeat Period', 'repeat_period', REPEAT_PERIODS, 'WEEK', 'Unit of the schedule'),
		seedlistOption(AUTOMATED_TEST_SEEDLISTS, 'Seedlist used by the runs (0 to 4)'),
		timeZoneOption(
			"Time zone of Hour. When not added, the test keeps its current time zone (the service would reset it to the project's, so the node reads the test first).",
		),
	]),
	...outputFields({
		simplified:
			'Which settings were changed, in words, with the test as it is now: active, schedule and audience',
		kept: 'id',
		example: 'active, hour',
	}),
];

const answer = objectAnswer('the automated test (with id)', 'id');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const v = item.fields;
	const { update, view } = v.all({
		update: () =>
			recordUpdate(item, () => item.numericId('automatedTestId'), {
				active: (value) => v.boolean('active', value),
				account_id: (value) => v.id('account_id', locatorValue(value)),
				btob: (value) => v.boolean('btob', value),
				btoc: (value) => v.boolean('btoc', value),
				hour: (value) => v.integer('hour', value, 0, 23),
				repeat_period: (value) => v.oneOf('repeat_period', value, valuesOf(REPEAT_PERIODS)),
				repeat_period_delay: (value) => v.integer('repeat_period_delay', value, 1),
				seedlist: (value) => v.oneOf('seedlist', value, AUTOMATED_TEST_SEEDLISTS),
				time_zone: (value) => v.timeZone('time_zone', locatorValue(value)),
			}),
		view: () => item.output(),
	});
	const { id, body } = update;
	// The settings the user set (Active and Time Zone may be sent only to keep them as they are).
	const set = Object.keys(body);
	const test = await item.request({
		method: 'POST',
		path: `/automated_tests/${id}`,
		body: await withKeptValues(body, keptValues(this, id, item.index), () =>
			item.request({ method: 'GET', path: `/automated_tests/${id}`, kind: 'read', answer }),
		),
		kind: 'update',
		answer,
	});
	return changedAutomatedTest(
		test,
		view,
		'updated',
		(id, state) => `Automated test ${id} updated (${set.join(', ')}), ${state}`,
		{ updated: set },
	);
}

/**
 * The test's current `active` and `time_zone`, for those the user did not set: the service
 * requires `active` on every update and resets an omitted `time_zone` to the project's, so sending
 * nothing would change both.
 */
function keptValues(ctx: IExecuteFunctions, id: number, i: number): Record<string, KeptValue> {
	return {
		active: (value) => {
			if (typeof value === 'boolean') return value;
			throw new NodeOperationError(
				ctx.getNode(),
				`Could not read whether automated test ${id} is active`,
				{
					itemIndex: i,
					description:
						'The service did not say, and it needs a value on every update: add Update Fields → Active.',
				},
			);
		},
		// A test without a zone has the project's, which is what the service falls back to when it is
		// omitted.
		time_zone: (value) => (typeof value === 'string' && value !== '' ? value : undefined),
	};
}
