/**
 * The item loop, once for every operation: picks the handler for resource/operation, turns its result into items
 * paired with the input item, and honours Continue On Fail (an error item per failed input; the others go on).
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { toolAnswer, toolError } from './helpers/toolMode';

/** An operation's execute: one input item in, one or more JSON results out. */
export type OperationHandler = (this: IExecuteFunctions, itemIndex: number) => Promise<IDataObject | IDataObject[]>;

export type HandlerTable = Record<string, Record<string, OperationHandler>>;

export async function route(this: IExecuteFunctions, handlers: HandlerTable): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	for (let i = 0; i < items.length; i++) {
		try {
			const resource = this.getNodeParameter('resource', i) as string;
			const operation = this.getNodeParameter('operation', i) as string;
			const handler = handlers[resource]?.[operation];
			if (!handler) {
				throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`, {
					itemIndex: i,
				});
			}
			const result = toolAnswer(this, resource, operation, await handler.call(this, i));
			const json = Array.isArray(result) ? result : [result];
			out.push(...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(json), { itemData: { item: i } }));
		} catch (error) {
			toolError(this, error);
			if (this.continueOnFail()) {
				out.push({ json: { error: (error as Error).message, ...errorExtras(error) }, pairedItem: { item: i } });
				continue;
			}
			// Re-wrapping a NodeApiError/NodeOperationError hands back the same error; we only add the item index.
			if (error instanceof NodeApiError) {
				if (error.context.itemIndex === undefined) error.context.itemIndex = i;
				throw new NodeApiError(this.getNode(), error as unknown as JsonObject, { itemIndex: i });
			}
			if (error instanceof NodeOperationError && error.context.itemIndex === undefined) error.context.itemIndex = i;
			throw new NodeOperationError(this.getNode(), error as JsonObject, { itemIndex: i });
		}
	}
	return [out];
}

function errorExtras(error: unknown): IDataObject {
	const extras: IDataObject = {};
	if (error instanceof NodeApiError) {
		if (error.httpCode) extras.httpCode = error.httpCode;
		if (error.description) extras.description = error.description;
	} else if (error instanceof NodeOperationError && error.description) {
		extras.description = error.description;
	}
	return extras;
}
