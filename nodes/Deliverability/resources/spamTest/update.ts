import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { objectAnswer } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { choiceField, valuesOf } from '../../params/choices';
import { collectionOf, recordUpdate } from '../../params/collections';
import { seedlistOption, SPAM_TEST_SEEDLISTS } from '../../params/fields';
import { idPicker } from '../../params/locator';
import { changed, outputFields, picked, shaped } from '../../params/output';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Update',
	action: 'Update a spam test',
	description:
		'Filter results for an audience type, or re-associate the seedlist; what is not set stays',
};

export const builder: BuilderFacts = {
	returns: 'one item, the test',
	fields: {
		public_id: '',
		seedlist: '',
		test_type: '',
		outcome: '',
		message: 'what happened, in words',
	},
};

const AUDIENCE_TYPES = [
	{ name: 'All', value: 'all', description: 'The full seedlist' },
	{ name: 'Business (B2B)', value: 'btob', description: 'Business mailboxes only' },
	{ name: 'Consumer (B2C)', value: 'btoc', description: 'Consumer mailboxes only' },
] as const;

export const description: INodeProperties[] = [
	idPicker('publicId'),
	collectionOf('updateFields', [
		choiceField(
			'Audience Type',
			'type',
			AUDIENCE_TYPES,
			'all',
			'Audience the results and score are filtered for. When not added, the test keeps its current type (the service needs a value on every update, so the node reads the test first).',
		),
		seedlistOption(SPAM_TEST_SEEDLISTS, 'Re-associate the test with this seedlist (1 to 4)'),
	]),
	...outputFields({
		simplified: 'The audience type and seedlist the test has now, in words, with its IDs',
		kept: 'public_id',
		example: 'test_type, seedlist',
	}),
];

const answer = objectAnswer('the spam test (with public_id)', 'public_id');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const i = item.index;
	const v = item.fields;
	const { update, view } = v.all({
		update: () =>
			recordUpdate(item, () => item.stringId('publicId'), {
				type: (value) => v.oneOf('type', value, valuesOf(AUDIENCE_TYPES)),
				seedlist: (value) => v.oneOf('seedlist', value, SPAM_TEST_SEEDLISTS),
			}),
		view: () => item.output(),
	});
	const { id: publicId, body } = update;
	const path = `/spam_tests/${encodeURIComponent(publicId)}`;
	if (body.type === undefined) {
		// `type` is required on every update: without it the audience would have to be reset, so keep
		// the current one.
		const current = await item.request({ method: 'GET', path, kind: 'read', answer });
		if (typeof current.test_type !== 'string' || current.test_type.trim() === '') {
			throw new NodeOperationError(
				this.getNode(),
				`Could not read the audience type of spam test ${publicId}`,
				{
					itemIndex: i,
					description:
						'The service needs it on every update and did not say what it is: add Update Fields → Audience Type.',
				},
			);
		}
		body.type = current.test_type;
	}
	const test = await item.request({ method: 'POST', path, body, kind: 'update', answer });
	return shaped(test, view, updatedWords, ['public_id']);
}

/** The test's audience and seedlist as the service answered them, in a sentence. */
function updatedWords(test: IDataObject): IDataObject {
	const audience = AUDIENCE_TYPES.find((t) => t.value === test.test_type)?.name;
	const now = [
		test.test_type !== undefined ? `audience ${audience ?? String(test.test_type)}` : '',
		test.seedlist !== undefined ? `seedlist ${String(test.seedlist)}` : '',
	].filter(Boolean);
	return changed(picked(test, ['id', 'public_id', 'public_full_id', 'test_type', 'seedlist']), {
		outcome: 'updated',
		message: `Spam test ${String(test.public_id)} updated${now.length ? `: ${now.join(', ')}` : ''}`,
	});
}
