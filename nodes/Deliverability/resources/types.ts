import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { OperationHandler } from '../router';

/** What every resources/<resource>/index.ts exports. */
export interface ResourceModule {
	/** The entry in the Resource picker. */
	option: INodePropertyOptions;
	/** The Operation picker followed by each operation's own parameters. */
	description: INodeProperties[];
	operations: Record<string, OperationHandler>;
}

/** The Operation picker of one resource (options sorted by name, as n8n's lint requires). */
export function operationPicker(
	resource: string,
	options: Array<Required<Pick<INodePropertyOptions, 'name' | 'value' | 'action' | 'description'>>>,
	defaultOperation: string,
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: [...options].sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	};
}
