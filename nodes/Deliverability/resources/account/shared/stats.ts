/** The two query parameters of the account statistics and graphs (Get Statistics, Get Graph). */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { Item } from '../../../helpers/item';
import { choiceField, valuesOf } from '../../../params/choices';
import { collectionOf, given, ifGiven } from '../../../params/collections';

const PROVIDERS = [
	{ name: 'Gmail', value: 'gmail' },
	{ name: 'Others', value: 'others' },
	{ name: 'Outlook', value: 'outlook' },
] as const;

/** Filters → Provider, Past Days, named like the query parameters. */
export function statsFilters(): INodeProperties {
	return collectionOf('filters', [
		{
			displayName: 'Past Days',
			name: 'past_days',
			type: 'number',
			default: 14,
			description:
				'How many days before today to cover (0 = today only, at most 180). Without it the service covers 14.',
		},
		choiceField(
			'Provider',
			'provider',
			PROVIDERS,
			'gmail',
			'Only count warming messages exchanged with mailboxes of this provider (without it: all)',
		),
	]);
}

/** The query of the Filters collection, checked before any request. */
export function statsQuery(item: Item): IDataObject {
	const v = item.fields;
	const filters = item.collection('filters');
	return given(
		v.all({
			provider: ifGiven(filters.provider, (value) =>
				v.oneOf('provider', value, valuesOf(PROVIDERS)),
			),
			past_days: ifGiven(filters.past_days, (value) => v.integer('past_days', value, 0, 180)),
		}),
	);
}
