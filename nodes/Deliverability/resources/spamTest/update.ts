import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { collectionOf, showFor } from '../../descriptions/common';
import { spamTestLocator } from '../../descriptions/locators';
import { SPAM_TEST_SEEDLISTS, seedlistOption } from '../../descriptions/fields';
import { collectionValues, locatorId, validator } from '../../helpers/params';

export const AUDIENCE_TYPES = ['all', 'btob', 'btoc'] as const;

export const operation = {
	name: 'Update',
	action: 'Update a spam test',
	description: 'Filter results for an audience type, or re-associate the seedlist',
};

export const description: INodeProperties[] = [
	spamTestLocator(['update']),
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		required: true,
		options: [
			{ name: 'All', value: 'all', description: 'The full seedlist' },
			{ name: 'Business (B2B)', value: 'btob', description: 'Business mailboxes only' },
			{ name: 'Consumer (B2C)', value: 'btoc', description: 'Consumer mailboxes only' },
		],
		default: 'all',
		displayOptions: showFor('spamTest', 'update'),
		description: 'Audience the results and score are filtered for',
	},
	collectionOf('additionalFields', showFor('spamTest', 'update'), [
		seedlistOption(SPAM_TEST_SEEDLISTS, 'Re-associate the test with this seedlist (1 to 4)'),
	]),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const v = validator(this, i);
	const publicId = locatorId(this, 'publicId', i, false);
	const body: IDataObject = { type: v.oneOf('type', this.getNodeParameter('type', i), AUDIENCE_TYPES) };
	const fields = collectionValues(this, 'additionalFields', i);
	if (fields.seedlist !== undefined) body.seedlist = v.oneOf('seedlist', fields.seedlist, SPAM_TEST_SEEDLISTS);
	return await apiRequest.call(this, {
		method: 'POST',
		path: `/spam_tests/${encodeURIComponent(publicId)}`,
		body,
		kind: 'update',
		itemIndex: i,
	});
}
