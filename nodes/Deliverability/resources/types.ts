import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { validated } from '../helpers/params';
import type { OperationHandler } from '../router';

/** What every resources/<resource>/<operation>.ts exports. */
export interface OperationModule {
	/** Its entry in the Operation picker (the value is its key in the resource's table). */
	operation: { name: string; action: string; description: string };
	/** Its own parameters, each shown for this resource and operation only. */
	description: INodeProperties[];
	execute: OperationHandler;
	/**
	 * For an operation whose work finishes later (a spam test, a task): whether an answer shows it finished. Its
	 * presence gives the operation two outputs, "Completed" and "Not Yet" (helpers/completion.ts), so a workflow can
	 * check once and loop the "Not Yet" items through n8n's Wait node without an expression.
	 */
	completed?: (answer: IDataObject) => boolean;
}

/** What every resources/<resource>/index.ts exports. */
export interface ResourceModule {
	/** The entry in the Resource picker. */
	option: INodePropertyOptions;
	/** The Operation picker followed by each operation's own parameters. */
	description: INodeProperties[];
	operations: Record<string, OperationHandler>;
	/** The operations with "Completed" / "Not Yet" outputs, each with its test of an answer. */
	completion: Record<string, (answer: IDataObject) => boolean>;
}

/** A resource from its picker entry and its table of operations (value → operation file). */
export function defineResource(
	option: INodePropertyOptions & { value: string },
	defaultOperation: string,
	operations: Record<string, OperationModule>,
): ResourceModule {
	const entries = Object.entries(operations);
	return {
		option,
		description: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: [option.value] } },
				// Sorted by name, as n8n's lint requires of literal lists (the description test checks this one).
				options: entries
					.map(([value, op]) => ({ ...op.operation, value }))
					.sort((a, b) => a.name.localeCompare(b.name)),
				default: defaultOperation,
			},
			...entries.flatMap(([, op]) => op.description),
		],
		// Each execute with its item's validation around it (helpers/params.ts: all problems of an item at once).
		operations: Object.fromEntries(entries.map(([value, op]) => [value, validated(op.execute)])),
		completion: Object.fromEntries(entries.flatMap(([value, op]) => (op.completed ? [[value, op.completed]] : []))),
	};
}
