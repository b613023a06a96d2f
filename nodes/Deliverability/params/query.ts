/**
 * Additional Query Parameters, the escape hatch for query parameters the spec leaves unnamed (e.g.
 * the account list's boolean filters): its builder and its reader.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemParameters } from './types';

export function extraQueryOption(): INodeProperties {
	return {
		displayName: 'Additional Query Parameters',
		name: 'additionalQuery',
		type: 'fixedCollection',
		placeholder: 'Add Query Parameter',
		typeOptions: { multipleValues: true },
		default: {},
		description: 'Extra query parameters sent as they are, for filters the node does not name',
		options: [
			{
				displayName: 'Parameter',
				name: 'parameter',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	};
}

export function extraQuery(item: ItemParameters): IDataObject {
	const raw = item.value('additionalQuery', {}) as {
		parameter?: Array<{ name: string; value: string }>;
	};
	const qs: IDataObject = {};
	for (const { name, value } of raw.parameter ?? []) {
		const key = String(name ?? '').trim();
		if (!key) continue;
		if (key === 'page')
			item.fields.fail(
				'Additional Query Parameters',
				'"page" is set by the node (Return All / Limit)',
			);
		qs[key] = value;
	}
	return qs;
}
