/**
 * What an operation gets for one input item: its index, its field checks and its way to the service. The item loop
 * (router.ts) makes one per item from what it opened for the run (the credential's session, the gate that orders
 * creates), so an operation finds nothing through its context: everything it may use is handed to it here.
 *
 * An operation reads and checks all its fields (through `fields.all`) before its first request, so every problem of
 * the item is reported at once and nothing is sent for an invalid item.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import {
	apiRequest,
	apiRequestAllItems,
	type ApiRequest,
	type CreateGate,
	type Session,
} from '../../shared/transport';
import { Validator } from '../../shared/validation';

/** A request of this item (the item's index is added: errors point at it, a create waits for its turn). */
export type ItemRequest = Omit<ApiRequest, 'itemIndex'>;

/** A page-numbered list of this item (pagination.ts). */
export type ItemListRequest = Omit<ApiRequest, 'itemIndex' | 'method'> & { pageSize: number };

export interface Item {
	readonly index: number;
	/** The item's checks; errors name fields by their labels on screen for this operation. */
	readonly fields: Validator;
	/** One API call for this item. */
	request(request: ItemRequest): Promise<IDataObject>;
	/** A page-numbered list read to the end, or to `limit`. */
	requestAll(request: ItemListRequest, limit?: number): Promise<IDataObject[]>;
}

/** What the item loop opens once per run and shares with every item. */
export interface Run {
	session: Session;
	gate: CreateGate;
}

/** What the item is run as: its fields' labels on screen and the operation's title for errors ("Account → Get"). */
export interface ItemOperation {
	label: (field: string) => string;
	title: string;
}

/**
 * Item `index` of the run, its fields named by the operation's labels. Its requests' answers are described in errors
 * as what the operation the user ran expects, so an operation file states only what its answer must look like.
 */
export function itemOf(
	run: Run,
	node: INode,
	index: number,
	{ label, title }: ItemOperation,
): Item {
	const own = <R extends { answer?: ItemRequest['answer'] }>(
		request: R,
	): R & { itemIndex: number } => ({
		...request,
		itemIndex: index,
		answer: request.answer && { ...request.answer, operation: title },
	});
	return {
		index,
		fields: new Validator(node, index, { label }),
		request: async (request) => await apiRequest(run.session, own(request), run.gate),
		requestAll: async (request, limit) =>
			await apiRequestAllItems(run.session, own(request), limit),
	};
}
