/**
 * The Deliverability action node. This file is a table of contents: the description is assembled from one module
 * per resource (resources/<resource>/index.ts, each listing one file per operation), and execute hands every item
 * to the router. HTTP lives in ../shared/transport.ts.
 */
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as listSearch from './methods/listSearch';
import { RESOURCES } from './resources';
import { route } from './router';

export class Deliverability implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Deliverability',
		name: 'deliverability',
		icon: { light: 'file:../../icons/deliverability.svg', dark: 'file:../../icons/deliverability.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Run spam tests, manage mailboxes, automated tests, domains, batch tasks and alerts',
		defaults: { name: 'Deliverability' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'deliverabilityApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: RESOURCES.map((r) => r.option),
				default: 'account',
			},
			...RESOURCES.flatMap((r) => r.description),
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, Object.fromEntries(RESOURCES.map((r) => [r.option.value, r.operations])));
	}
}
