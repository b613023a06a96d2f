import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { showFor } from '../../descriptions/common';
import { spamTestLocator } from '../../descriptions/locators';
import { collection, locatorId, validator } from '../../helpers/params';

export const AUDIENCE_TYPES = ['all', 'btob', 'btoc'] as const;

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
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('spamTest', 'update'),
		options: [
			{
				displayName: 'Seedlist',
				name: 'seedlist',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 4 },
				default: 1,
				description: 'Re-associate the test with this seedlist (1 to 4)',
			},
		],
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const v = validator(this, i);
	const publicId = locatorId(this, 'publicId', i, false);
	const body: IDataObject = { type: v.oneOf('type', this.getNodeParameter('type', i), AUDIENCE_TYPES) };
	const fields = collection(this, 'additionalFields', i);
	if (fields.seedlist !== undefined) body.seedlist = v.oneOf('seedlist', fields.seedlist, [1, 2, 3, 4] as const);
	return await apiRequest.call(this, {
		method: 'POST',
		path: `/spam_tests/${encodeURIComponent(publicId)}`,
		body,
		kind: 'update',
		itemIndex: i,
	});
}
