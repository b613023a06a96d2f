import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { PAGE_SIZES } from '../../../shared/pageSizes';
import type { Item } from '../../helpers/item';
import { choiceField, valuesOf } from '../../params/choices';
import { collectionOf, given, ifGiven } from '../../params/collections';
import { orderOption, ORDERS } from '../../params/fields';
import { returnAllAndLimit } from '../../params/list';
import { outputFields, shaped } from '../../params/output';
import { SPAM_TEST_LIST } from './shared/answers';
import { AUTOMATED_TEST_FILTER } from './shared/filters';
import { inboxThresholds, thresholdOptions } from './shared/inboxVerdict';
import { simplifySpamTest } from './shared/simplified';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Get Many',
	action: 'Get many spam tests',
	description: 'List spam tests, with filters',
};

export const builder: BuilderFacts = {
	returns: 'one item per spam test, newest first',
	fields: {
		public_id: '',
		subject: '',
		completed: '',
		final_score: '0 to 10',
		verdict: 'pass, warn, fail or pending',
		verdict_reason: '',
	},
};

const ORDER_BY = [
	{ name: 'Created At', value: 'created_at' },
	{
		name: 'Score',
		value: 'score',
		description: 'Final score (raw score when combined with Search)',
	},
] as const;

export const description: INodeProperties[] = [
	...returnAllAndLimit(),
	...outputFields({
		simplify:
			'Whether to give each test a verdict (pass, warn, fail, pending) with its reason, placement per provider, SPF/DKIM/DMARC in words, blacklists and parsed content instead of the raw answer',
		simplified:
			'Each test with a verdict (pass, warn, fail, pending) and its reason, placement per provider, SPF/DKIM/DMARC in words, blacklists and parsed content',
		kept: 'public_id',
		example: 'final_score, created_at',
	}),
	collectionOf('filters', [
		AUTOMATED_TEST_FILTER,
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			description: 'Full-text match on subject and sender',
		},
	]),
	collectionOf('options', [
		...thresholdOptions,
		orderOption({ default: 'desc', description: 'Sort direction' }),
		choiceField('Order By', 'order_by', ORDER_BY, 'created_at', 'Field to sort by'),
	]),
];

const answer = SPAM_TEST_LIST;

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject[]> {
	const v = item.fields;
	const filters = item.collection('filters');
	const options = item.collection('options');
	const { limit, view, ...query } = v.all({
		automated_test_id: ifGiven(
			filters.automated_test_id === '' ? undefined : filters.automated_test_id,
			(value) => v.id('automated_test_id', value),
		),
		search: ifGiven(filters.search, (value) => v.string('search', value).trim() || undefined),
		order_by: ifGiven(options.order_by, (value) => v.oneOf('order_by', value, valuesOf(ORDER_BY))),
		order: ifGiven(options.order, (value) => v.oneOf('order', value, ORDERS)),
		limit: () => item.limit(),
		// The thresholds are read only for the Simplified output (they shape nothing else).
		view: () => {
			const output = item.output();
			return {
				output,
				thresholds: inboxThresholds(v, output.mode === 'simple' ? options : {}),
			};
		},
	});
	const tests = await item.requestAll(
		{ path: '/spam_tests', qs: given(query), pageSize: PAGE_SIZES.spamTests, answer },
		limit,
	);
	return tests.map((test) =>
		shaped(test, view.output, (t) => simplifySpamTest(t, view.thresholds), ['public_id']),
	);
}
