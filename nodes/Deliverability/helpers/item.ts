/**
 * What an operation gets for one input item: its index, its field checks and its way to the
 * service. The item loop (router.ts) makes one per item from what it opened for the run (the
 * credential's session, the gate that orders creates), so an operation finds nothing through its
 * context: everything it may use is handed to it here.
 *
 * An operation reads and checks all its fields (through `fields.all`) before its first request, so
 * every problem of the item is reported at once and nothing is sent for an invalid item.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	apiRequest,
	apiRequestAllItems,
	type CreateGate,
	type RequestMethodAndKind,
	type RequestTarget,
	type Session,
} from '../../shared/transport';
import { Validator } from '../../shared/validation';
import { collectionValues } from '../params/collections';
import { listLimit } from '../params/list';
import { numericId, stringId } from '../params/locator';
import { outputView, type OutputView } from '../params/output';
import type { ItemParameters } from '../params/types';
import { waitSettings, type WaitSettings } from '../params/wait';
import { isTool, toolWait } from './toolMode';

/**
 * A request of this item (the item's index is added: errors point at it, a create waits for its
 * turn).
 */
export type ItemRequest = Omit<RequestTarget, 'itemIndex'> & RequestMethodAndKind;

/** A page-numbered list of this item (pagination.ts). */
type ItemListRequest = Omit<Parameters<typeof apiRequestAllItems>[1], 'itemIndex'>;

/**
 * The item's parameters are read through it: `value` as the user gave it, or one of the readers
 * below, each checking its parameter group (params/).
 */
export interface Item extends ItemParameters {
	readonly index: number;
	/**
	 * The same for another input item of the run (an operation that gathers all items into one
	 * request).
	 */
	valueOfItem(index: number, name: string, fallback?: unknown): unknown;
	/** An id picker holding a numeric id (trimmed, checked as int32). */
	numericId(name: string): number;
	/** An id picker holding a text id (trimmed; letters, digits, "_" and "-"). */
	stringId(name: string): string;
	/** A switch, checked: an expression may give "true"/"false" text, anything else fails. */
	flag(name: string): boolean;
	/**
	 * The values of a Filters/Options/Additional Fields/Update Fields collection (empty when none was
	 * added).
	 */
	collection(name: string): IDataObject;
	/** Return All / Limit as one value: undefined means all. */
	limit(): number | undefined;
	/** Wait for Completion and its settings, checked (read only when the switch is on). */
	wait(): WaitSettings;
	/**
	 * Output (Simplified / Raw / Selected Fields; version 1's Simplify), checked; apply it with
	 * `shaped`.
	 */
	output(): OutputView;
	/** One API call for this item. */
	request(request: ItemRequest): Promise<IDataObject>;
	/** A page-numbered list read to the end, or to `limit`. */
	requestAll(request: ItemListRequest, limit?: number): Promise<IDataObject[]>;
}

/**
 * Whether input item `index` is empty ({}), as n8n's Always Output Data hands one on when the node
 * before output nothing. A tool's parameters come from the model, never from its item, so a tool's
 * item says nothing.
 */
function emptyInput(ctx: IExecuteFunctions, index: number): boolean {
	if (isTool(ctx)) return false;
	const item = ctx.getInputData()[index];
	return Object.keys(item?.json ?? {}).length === 0 && Object.keys(item?.binary ?? {}).length === 0;
}

/** What the item loop opens once per run and shares with every item. */
export interface Run {
	session: Session;
	gate: CreateGate;
}

/**
 * What the item is run as: its fields' labels on screen and the operation's title for errors
 * ("Account → Get").
 */
interface ItemOperation {
	label: (field: string) => string;
	title: string;
}

/**
 * Item `index` of the run, its fields named by the operation's labels. Its requests' answers are
 * described in errors as what the operation the user ran expects, so an operation file states only
 * what its answer must look like.
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
		fields: new Validator(ctx.getNode(), index, { label, emptyInput: emptyInput(ctx, index) }),
		value: (name, fallback, options) =>
			ctx.getNodeParameter(name, index, fallback, options) as unknown,
		valueOfItem: (other, name, fallback) => ctx.getNodeParameter(name, other, fallback) as unknown,
		numericId: (name) => numericId(item, name),
		stringId: (name) => stringId(item, name),
		flag: (name) => item.fields.boolean(name, item.value(name, false)),
		collection: (name) => collectionValues(item, name),
		limit: () => listLimit(item),
		wait: () => toolWait(ctx, waitSettings(item)),
		output: () => outputView(item, ctx.getNode().typeVersion),
		request: async (request) => await apiRequest(run.session, own(request), run.gate),
		requestAll: async (request, limit) =>
			await apiRequestAllItems(run.session, own(request), limit),
	};
	return item;
}
