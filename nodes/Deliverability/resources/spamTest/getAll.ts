import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { AnswerFact } from '../../../shared/transport';
import { collectionOf, returnAllAndLimit, showFor, simplifyOption } from '../../descriptions/common';
import { ORDERS, orderOption } from '../../descriptions/fields';
import type { Item } from '../../helpers/item';
import { collectionValues, flag, listLimit, validator } from '../../helpers/params';
import { inboxThresholds, simplifySpamTest, thresholdOptions } from './simplified';

export const PAGE_SIZE = 10;

/** What the answer must be (checked by the transport before anything becomes an item). */
export const answer: AnswerFact = { shape: 'list', operation: 'Spam Test → Get Many', what: 'a list of spam tests', wrapper: 'spam_tests' };

export const operation = {
	name: 'Get Many',
	action: 'Get many spam tests',
	description: 'List spam tests, with filters',
};

export const description: INodeProperties[] = [
	...returnAllAndLimit('spamTest', 'getAll'),
	{
		...simplifyOption('spamTest', ['getAll']),
		description:
			'Whether to give each test a verdict (pass, warn, fail, pending) with its reason, placement per provider, SPF/DKIM/DMARC in words, blacklists and parsed content instead of the raw answer',
	},
	collectionOf('filters', showFor('spamTest', 'getAll'), [
		{
			displayName: 'Automated Test ID',
			name: 'automated_test_id',
			type: 'number',
			default: 1,
			description: 'Only the spam tests run by this automated test',
		},
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			description: 'Full-text match on subject and sender',
		},
	]),
	collectionOf('options', showFor('spamTest', 'getAll'), [
		...thresholdOptions,
		orderOption({ default: 'desc', description: 'Sort direction' }),
		{
			displayName: 'Order By',
			name: 'order_by',
			type: 'options',
			options: [
				{ name: 'Created At', value: 'created_at' },
				{ name: 'Score', value: 'score', description: 'Final score (raw score when combined with Search)' },
			],
			default: 'created_at',
			description: 'Field to sort by',
		},
	]),
];

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject[]> {
	const i = item.index;
	const v = validator(this, i);
	const filters = collectionValues(this, 'filters', i);
	const options = collectionValues(this, 'options', i);
	const qs: IDataObject = {};
	if (filters.automated_test_id !== undefined && filters.automated_test_id !== '') {
		qs.automated_test_id = v.id('automated_test_id', filters.automated_test_id);
	}
	if (filters.search !== undefined && v.string('search', filters.search).trim()) qs.search = String(filters.search).trim();
	if (options.order_by !== undefined) qs.order_by = v.oneOf('order_by', options.order_by, ['created_at', 'score'] as const);
	if (options.order !== undefined) qs.order = v.oneOf('order', options.order, ORDERS);
	const limit = listLimit(this, i);
	const simplify = flag(this, 'simplify', i);
	const thresholds = inboxThresholds(v, simplify ? options : {});
	const tests = await item.requestAll({ path: '/spam_tests', qs, pageSize: PAGE_SIZE, answer }, limit);
	return simplify ? tests.map((test) => simplifySpamTest(test, thresholds)) : tests;
}
