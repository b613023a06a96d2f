/**
 * What an operation gets for one input item: its index, its field checks and its way to the service. The item loop
 * (router.ts) makes one per item from what it opened for the run (the credential's session, the gate that orders
 * creates), so an operation finds nothing through its context: everything it may use is handed to it here.
 *
 * An operation reads and checks all its fields (through `fields.all`) before its first request, so every problem of
 * the item is reported at once and nothing is sent for an invalid item.
 */
import type { IDataObject, IExecuteFunctions, IGetNodeParameterOptions } from 'n8n-workflow';

import {
	apiRequest,
	apiRequestAllItems,
	type ApiRequest,
	type CreateGate,
	type Session,
} from '../../shared/transport';
import { Validator } from '../../shared/validation';
import { collectionValues, flag, listLimit, locatorId } from './params';
import { waitSettings, type WaitSettings } from './wait';

/** A request of this item (the item's index is added: errors point at it, a create waits for its turn). */
export type ItemRequest = Omit<ApiRequest, 'itemIndex'>;

/** A page-numbered list of this item (pagination.ts). */
export type ItemListRequest = Omit<ApiRequest, 'itemIndex' | 'method'> & { pageSize: number };

export interface Item {
	readonly index: number;
	/** The item's checks; errors name fields by their labels on screen for this operation. */
	readonly fields: Validator;
	/**
	 * A parameter of this item as the user gave it (an expression already resolved), not checked yet: hand it to a
	 * check of `fields`. The readers below check their parameter themselves.
	 */
	value(name: string, fallback?: unknown, options?: IGetNodeParameterOptions): unknown;
	/** The same for another input item of the run (an operation that gathers all items into one request). */
	valueOfItem(index: number, name: string, fallback?: unknown): unknown;
	/** An id picker holding a numeric id (trimmed, checked as int32). */
	numericId(name: string): number;
	/** An id picker holding a text id (trimmed; letters, digits, "_" and "-"). */
	stringId(name: string): string;
	/** A switch, checked: an expression may give "true"/"false" text, anything else fails. */
	flag(name: string): boolean;
	/** The values of a Filters/Options/Additional Fields/Update Fields collection (empty when none was added). */
	collection(name: string): IDataObject;
	/** Return All / Limit as one value: undefined means all. */
	limit(): number | undefined;
	/** Wait for Completion and its settings, checked (read only when the switch is on). */
	wait(): WaitSettings;
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
	ctx: IExecuteFunctions,
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
	const item: Item = {
		index,
		fields: new Validator(ctx.getNode(), index, { label }),
		value: (name, fallback, options) =>
			ctx.getNodeParameter(name, index, fallback, options) as unknown,
		valueOfItem: (other, name, fallback) => ctx.getNodeParameter(name, other, fallback) as unknown,
		numericId: (name) => locatorId(ctx, item, name, true),
		stringId: (name) => locatorId(ctx, item, name, false),
		flag: (name) => flag(ctx, item, name),
		collection: (name) => collectionValues(ctx, item, name),
		limit: () => listLimit(ctx, item),
		wait: () => waitSettings(ctx, item),
		request: async (request) => await apiRequest(run.session, own(request), run.gate),
		requestAll: async (request, limit) =>
			await apiRequestAllItems(run.session, own(request), limit),
	};
	return item;
}
