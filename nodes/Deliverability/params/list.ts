/** Return All / Limit: their builder and their reader. */
import type { INodeProperties } from 'n8n-workflow';

import type { ItemParameters } from './types';

/** Return All + Limit, with the wording n8n's lint expects. */
export function returnAllAndLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { show: { returnAll: [false] } },
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
		},
	];
}

/** Return All / Limit as one value: undefined means all. */
export function listLimit(item: ItemParameters): number | undefined {
	if (item.fields.boolean('returnAll', item.value('returnAll', false))) return undefined;
	return item.fields.integer('limit', item.value('limit', 50), 1);
}
