/** Domain resource: the project's sending domains with their authentication records and average score. */
import { operationPicker, type ResourceModule } from '../types';
import * as getAll from './getAll';

export const domain: ResourceModule = {
	option: { name: 'Domain', value: 'domain', description: 'Sending domains with SPF/DKIM/DMARC records and scores' },
	description: [
		operationPicker(
			'domain',
			[
				{
					name: 'Get Many',
					value: 'getAll',
					action: 'Get many domains',
					description: 'List the sending domains of the project (one item per domain)',
				},
			],
			'getAll',
		),
		...getAll.description,
	],
	operations: { getAll: getAll.execute },
};
