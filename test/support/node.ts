/**
 * The node that code run outside a workflow (the Validator, the wait loop, the simplifiers' checks) is handed, and
 * the refusal such code throws: the same in every unit test.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export const NODE: INode = {
	id: 'n1',
	name: 'Deliverability',
	type: 'deliverability',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** The NodeOperationError `fn` throws; the test fails when it throws nothing or something else. */
export function failure(fn: () => unknown): NodeOperationError {
	try {
		fn();
	} catch (error) {
		if (error instanceof NodeOperationError) return error;
		throw error;
	}
	throw new Error('expected a NodeOperationError');
}
