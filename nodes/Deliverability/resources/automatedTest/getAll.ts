import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { AnswerFact } from '../../../shared/transport';
import { collectionOf, returnAllAndLimit, showFor } from '../../descriptions/common';
import { ORDERS, orderOption } from '../../descriptions/fields';
import type { Item } from '../../helpers/item';
import { collectionValues, listLimit, validator } from '../../helpers/params';

export const PAGE_SIZE = 25;

/** What the answer must be (checked by the transport before anything becomes an item). */
export const answer: AnswerFact = { shape: 'list', operation: 'Automated Test → Get Many', what: 'a list of automated tests', wrapper: 'automated_tests' };

export const operation = {
	name: 'Get Many',
	action: 'Get many automated tests',
	description: 'List automated tests, with filters',
};

export const description: INodeProperties[] = [
	...returnAllAndLimit('automatedTest', 'getAll'),
	collectionOf('filters', showFor('automatedTest', 'getAll'), [
		{
			displayName: 'Active',
			name: 'active',
			type: 'boolean',
			default: true,
			description: 'Whether to list only active tests (on) or only inactive ones (off). Leave the filter out for both.',
		},
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			description: 'Matched against the message subject and the emails of the associated accounts (partial words allowed)',
		},
	]),
	collectionOf('options', showFor('automatedTest', 'getAll'), [
		orderOption({ default: 'desc', description: 'Sort direction; only applies together with Sort' }),
		{
			displayName: 'Sort',
			name: 'sort',
			type: 'options',
			options: [
				{ name: 'Created At', value: 'created_at' },
				{ name: 'Last Run At', value: 'last_run_at' },
			],
			default: 'created_at',
			description: 'Field to sort by. Without it: relevance when searching, newest first otherwise.',
		},
	]),
];

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject[]> {
	const i = item.index;
	const v = validator(this, i);
	const filters = collectionValues(this, 'filters', i);
	const options = collectionValues(this, 'options', i);
	const qs: IDataObject = {};
	if (filters.search !== undefined && v.string('search', filters.search).trim()) qs.search = String(filters.search).trim();
	if (filters.active !== undefined) qs.active = v.boolean('active', filters.active);
	if (options.sort !== undefined) qs.sort = v.oneOf('sort', options.sort, ['created_at', 'last_run_at'] as const);
	if (options.order !== undefined) {
		const order = v.oneOf('order', options.order, ORDERS);
		if (qs.sort === undefined) v.fail('order', 'the service applies Order only together with Sort', 'Add the Sort option, or remove Order.');
		qs.order = order;
	}
	return await item.requestAll({ path: '/automated_tests', qs, pageSize: PAGE_SIZE, answer },
		listLimit(this, i),
	);
}
