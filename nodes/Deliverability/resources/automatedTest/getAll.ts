import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { AnswerFact } from '../../../shared/transport';
import { PAGE_SIZES } from '../../../shared/pageSizes';
import type { Item } from '../../helpers/item';
import { choiceField, valuesOf } from '../../params/choices';
import { collectionOf, given, ifGiven } from '../../params/collections';
import { orderOption, ORDERS } from '../../params/fields';
import { returnAllAndLimit } from '../../params/list';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Get Many',
	action: 'Get many automated tests',
	description: 'List automated tests, with filters',
};

export const builder: BuilderFacts = {
	returns: 'one item per automated test',
	fields: { id: '', active: '', subject: '', last_run_at: '' },
};

const SORTS = [
	{ name: 'Created At', value: 'created_at' },
	{ name: 'Last Run At', value: 'last_run_at' },
] as const;

export const description: INodeProperties[] = [
	...returnAllAndLimit(),
	collectionOf('filters', [
		{
			displayName: 'Active',
			name: 'active',
			type: 'boolean',
			default: true,
			description:
				'Whether to list only active tests (on) or only inactive ones (off). Leave the filter out for both.',
		},
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			description:
				'Matched against the message subject and the emails of the associated mailboxes (partial words allowed)',
		},
	]),
	collectionOf('options', [
		orderOption({
			default: 'desc',
			description: 'Sort direction; only applies together with Sort',
		}),
		choiceField(
			'Sort',
			'sort',
			SORTS,
			'created_at',
			'Field to sort by. Without it: relevance when searching, newest first otherwise.',
		),
	]),
];

const answer: AnswerFact = {
	shape: 'list',
	what: 'a list of automated tests',
	wrapper: 'automated_tests',
};

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject[]> {
	const v = item.fields;
	const filters = item.collection('filters');
	const options = item.collection('options');
	const { limit, ...query } = v.all({
		search: ifGiven(filters.search, (value) => v.string('search', value).trim() || undefined),
		active: ifGiven(filters.active, (value) => v.boolean('active', value)),
		sort: ifGiven(options.sort, (value) => v.oneOf('sort', value, valuesOf(SORTS))),
		order: ifGiven(options.order, (value) => {
			const order = v.oneOf('order', value, ORDERS);
			if (options.sort === undefined)
				v.fail(
					'order',
					'the service applies Order only together with Sort',
					'Add the Sort option, or remove Order.',
				);
			return order;
		}),
		limit: () => item.limit(),
	});
	return await item.requestAll(
		{ path: '/automated_tests', qs: given(query), pageSize: PAGE_SIZES.automatedTests, answer },
		limit,
	);
}
