/**
 * What an operation gets for one input item: its index and its way to the service. The item loop (router.ts) makes
 * one per item from what it opened for the run (the credential's session, the gate that orders creates), so an
 * operation finds nothing through its context: everything it may use is handed to it here.
 */
import type { IDataObject } from 'n8n-workflow';

import { apiRequest, apiRequestAllItems, type ApiRequest, type CreateGate, type Session } from '../../shared/transport';
import { throwIfInvalid } from '../../shared/validation';

/** A request of this item (the item's index is added: errors point at it, a create waits for its turn). */
export type ItemRequest = Omit<ApiRequest, 'itemIndex'>;

/** A page-numbered list of this item (pagination.ts). */
export type ItemListRequest = Omit<ApiRequest, 'itemIndex' | 'method'> & { pageSize: number };

export interface Item {
	readonly index: number;
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

export function itemOf(run: Run, index: number): Item {
	// Nothing leaves for an item with invalid fields: their collected errors are thrown before its request.
	const check = () => throwIfInvalid(run.session.ctx, index);
	return {
		index,
		request: async (request) => {
			check();
			return await apiRequest(run.session, { ...request, itemIndex: index }, run.gate);
		},
		requestAll: async (request, limit) => {
			check();
			return await apiRequestAllItems(run.session, { ...request, itemIndex: index }, limit);
		},
	};
}
