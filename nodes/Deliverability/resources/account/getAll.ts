import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { PAGE_SIZES } from '../../../shared/pageSizes';
import type { Item } from '../../helpers/item';
import { collectionOf, given, ifGiven } from '../../params/collections';
import { returnAllAndLimit } from '../../params/list';
import { outputFields, shaped } from '../../params/output';
import { extraQuery, extraQueryOption } from '../../params/query';
import { ACCOUNT_LIST } from './shared/accountList';
import { simplifyAccount } from './shared/simplified';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Get Many',
	action: 'Get many mailboxes',
	description: 'List mailboxes, with filters',
};

export const builder: BuilderFacts = {
	returns: 'one item per mailbox',
	fields: {
		id: 'numeric mailbox id for the other mailbox operations',
		email: '',
		score: 'reputation 0 to 100',
		verdict: 'pass, warn or fail',
		verdict_reason: '',
		paused: '',
		problems: '',
	},
};

/** What Max Score's range means (strictly below; scores run 0–100), on screen and in its error. */
const MAX_SCORE_MEANS =
	'Scores run 0 to 100, so 50 lists the mailboxes scoring 0 to 49, and 101 lists every mailbox.';

/**
 * Tags as the service takes them (names joined by commas), from text like "sales, eu" or from an
 * expression giving a list of names; anything else would reach the service as "[object Object]"
 * and match no account.
 */
function tagNames(v: Item['fields'], value: unknown): string | undefined {
	const names = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
	if (names === null || names.some((name) => typeof name !== 'string'))
		v.invalid(
			'tags',
			'expected tag names as text like "sales, eu" or a list of names',
			'Give the names separated by commas, or an expression that returns a list of names such as {{ ["sales", "eu"] }}.',
		);
	const joined = (names as string[])
		.map((name) => name.trim())
		.filter((name) => name)
		.join(',');
	return joined || undefined;
}

export const description: INodeProperties[] = [
	...returnAllAndLimit(),
	...outputFields({
		simplify: 'Whether to return a simplified version of the response instead of the raw data',
		simplified:
			'Each mailbox with a verdict (pass, warn, fail) and its reasons, reputation scores, paused and the warm-up setting (warming_enabled)',
		kept: 'id',
		example: 'email, score',
	}),
	collectionOf('filters', [
		{
			displayName: 'Include Spam-Test Mailboxes',
			name: 'include_spamchecker',
			type: 'boolean',
			default: false,
			description:
				'Whether to also list mailboxes enabled for spam tests alongside warming-enabled ones. The service does not document this query name: if it differs, use Additional Query Parameters.',
		},
		{
			displayName: 'Max Score',
			name: 'max_score',
			type: 'number',
			default: 50,
			description:
				'Only mailboxes whose reputation score (0 to 100) is strictly below this value: 50 lists those scoring 0 to 49, 101 lists every mailbox',
			hint: 'Scores run 0–100; only mailboxes scoring below this are listed (0 to 101; 101: all)',
		},
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			description: 'Filter by email address or name',
		},
		{
			displayName: 'Spam-Test Mailboxes Only',
			name: 'spamchecker_only',
			type: 'boolean',
			default: false,
			description:
				'Whether to list only mailboxes enabled for spam tests and not for warming. The service does not document this query name: if it differs, use Additional Query Parameters.',
		},
		{
			displayName: 'Tags',
			name: 'tags',
			type: 'string',
			default: '',
			placeholder: 'e.g. sales,eu',
			description: 'Comma-separated tag names; only mailboxes carrying every one',
		},
	]),
	extraQueryOption(),
];

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject[]> {
	const v = item.fields;
	const filters = item.collection('filters');
	const { extra, limit, view, search, ...checked } = v.all({
		search: ifGiven(filters.search, (value) => v.string('search', value).trim() || undefined),
		max_score: ifGiven(filters.max_score, (value) =>
			v.integer('max_score', value, 0, 101, MAX_SCORE_MEANS),
		),
		spamchecker_only: ifGiven(filters.spamchecker_only, (value) =>
			v.boolean('spamchecker_only', value),
		),
		include_spamchecker: ifGiven(filters.include_spamchecker, (value) =>
			v.boolean('include_spamchecker', value),
		),
		tags: ifGiven(filters.tags, (value) => tagNames(v, value)),
		extra: () => extraQuery(item),
		limit: () => item.limit(),
		view: () => item.output(),
	});
	const qs: IDataObject = { ...given({ search }), ...given(checked), ...extra };
	const accounts = await item.requestAll(
		{ path: '/accounts', qs, pageSize: PAGE_SIZES.accounts, answer: ACCOUNT_LIST },
		limit,
	);
	return accounts.map((account) => shaped(account, view, simplifyAccount, ['id']));
}
