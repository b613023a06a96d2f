/**
 * The item loop, once for every operation: picks the handler for resource/operation, turns its
 * result into items paired with the input item, and honours Continue On Fail (an error item per
 * failed input; the others go on). Items overlap (up to the pacer's in-flight bound); output order
 * and pairedItem are those of the input.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { NOTHING_SENT } from '../shared/invalidFields';
import { ItemGate } from '../shared/itemGate';
import { MAX_IN_FLIGHT } from '../shared/pacerPolicy';
import { openSession } from '../shared/transport';
import { assertSelected, runCredential } from './auth/choice';
import { COMPLETED_OUTPUT, NOT_YET_OUTPUT } from './helpers/completion';
import { FailedForItems, ForItems } from './helpers/forItems';
import { itemOf, type Item, type Run } from './helpers/item';
import { isTool, toolAnswer, toolError, type ToolFacts } from './helpers/toolMode';

/**
 * An operation's execute: one input item in (its handle, helpers/item.ts), one or more JSON results
 * out.
 */
export type OperationHandler = (
	this: IExecuteFunctions,
	item: Item,
) => Promise<IDataObject | IDataObject[] | ForItems>;

/** The first failure of a run without Continue On Fail. */
interface Stop {
	failure?: { index: number; error: unknown };
}

/** An operation as the item loop runs it (built from its file by resources/types.ts). */
export interface Operation {
	/** Its execute (from the operation file). */
	execute: OperationHandler;
	/** A parameter's label on screen for this operation (errors name fields by it). */
	label: (field: string) => string;
	/** "Resource → Operation" as on screen, for errors about its answers. */
	title: string;
	/**
	 * What an id parameter of this operation must look like, for a model (undefined for other
	 * parameters).
	 */
	idHint: (name: string) => string | undefined;
	tool: ToolFacts;
}

/** resource value → operation value → operation. */
type OperationTable = Record<string, Record<string, Operation>>;

/**
 * Per resource, the operations with "Completed" / "Not Yet" outputs and their test of an answer.
 */
type CompletionTable = Record<string, Record<string, (answer: IDataObject) => boolean>>;

/**
 * Items run several at a time (at most MAX_IN_FLIGHT), within the pacer of the credential's key and
 * base URL, and their results are put back in input order with pairedItem as before. What the run
 * needs is opened here and handed to each item (helpers/item.ts): the credential's session, read
 * once for the run, and the gate that keeps creates one at a time, in input order and never after a
 * failure (shared/itemGate.ts). Without Continue On Fail the first failing item (lowest index)
 * stops the run: no new item starts, the ones under way finish, and that item's error is thrown.
 *
 * An operation in `completion` has two outputs (helpers/completion.ts): an item goes to "Completed"
 * when its answer passes the operation's test, else to "Not Yet"; so does a Continue On Fail error
 * item, since checking again later is what that branch does (with the error output on, n8n moves
 * error items from either output to it). As an AI agent's tool the node has one output (n8n's tool
 * wrapper reads only the first), so every answer stays there, with its next step in words.
 *
 * `continueOnFail` is the node's setting, read by the node's execute (where n8n's lint looks for
 * it).
 */
export async function route(
	this: IExecuteFunctions,
	operations: OperationTable,
	completion: CompletionTable,
	continueOnFail: boolean,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const results = new Array<INodeExecutionData[] | undefined>(items.length);
	// The output of each input item's results, for an operation with two outputs (unset: "Completed"
	// / the only one).
	const notYet = new Uint8Array(items.length);
	const tool = isTool(this);
	// Resource and operation take no expressions: one pair for the whole run, as the outputs n8n
	// computed from them and the one credential the editor showed for them.
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const completed = tool ? undefined : completion[resource]?.[operation];
	const credential = runCredential(this);
	const gate = new ItemGate(this.getNode(), items.length);
	const run: Run = {
		// Its credential refused in words, before any request, when none is selected.
		session: openSession(this, { credential, beforeRead: () => assertSelected(this, credential) }),
		gate,
	};
	// Set by the workers (an object, so the type checker sees the writes made inside them).
	const stop: Stop = {};
	let next = 0;

	const selected = (i: number) => {
		const resource = this.getNodeParameter('resource', i) as string;
		const operation = this.getNodeParameter('operation', i) as string;
		return { resource, operation, found: operations[resource]?.[operation] };
	};

	/** The item's operation for its error (none when even reading resource/operation failed). */
	const operationOf = (i: number): Operation | undefined => {
		try {
			return selected(i).found;
		} catch {
			return undefined;
		}
	};

	const runItem = async (i: number): Promise<INodeExecutionData[]> => {
		const { resource, operation, found } = selected(i);
		if (!found) {
			throw new NodeOperationError(
				this.getNode(),
				`The operation "${operation}" of "${resource}" is not supported`,
				{
					itemIndex: i,
					description: `Pick the resource and operation again from their lists. ${NOTHING_SENT}`,
				},
			);
		}
		const raw = await found.execute.call(this, itemOf(run, this, i, found));
		if (completed) {
			const answers = raw instanceof ForItems ? raw.json : Array.isArray(raw) ? raw : [raw];
			if (!answers.every((answer) => completed(answer))) notYet[i] = 1;
		}
		if (raw instanceof ForItems) {
			const answer = toolAnswer(this, found.tool, resource, raw.json);
			const pairedItem = raw.items.map((item) => ({ item }));
			return (Array.isArray(answer) ? answer : [answer]).map((json) => ({ json, pairedItem }));
		}
		const result = toolAnswer(this, found.tool, resource, raw);
		const json = Array.isArray(result) ? result : [result];
		return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(json), {
			itemData: { item: i },
		});
	};

	// The lowest failing index wins, whatever order the failures came in.
	const fail = (index: number, error: unknown): void => {
		if (stop.failure === undefined || index < stop.failure.index) stop.failure = { index, error };
	};

	const worker = async (): Promise<void> => {
		while (stop.failure === undefined && next < items.length) {
			const i = next++;
			try {
				results[i] = await runItem(i);
				gate.done(i);
			} catch (thrown) {
				const error = thrown instanceof FailedForItems ? thrown.error : thrown;
				toolError(this, error, operationOf(i));
				if (continueOnFail) {
					notYet[i] = 1;
					const paired = thrown instanceof FailedForItems ? thrown.items : [i];
					const pairedItem =
						paired.length === 1 ? { item: paired[0] } : paired.map((item) => ({ item }));
					results[i] = [
						{ json: { error: (error as Error).message, ...errorExtras(error) }, pairedItem },
					];
					gate.done(i);
					continue;
				}
				gate.failed(i);
				fail(i, error);
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(MAX_IN_FLIGHT, items.length) }, worker));

	if (stop.failure) {
		const { index: i, error } = stop.failure;
		// Re-wrapping a NodeApiError/NodeOperationError hands back the same error; we only add the item
		// index.
		if (error instanceof NodeApiError) {
			if (error.context.itemIndex === undefined) error.context.itemIndex = i;
			throw new NodeApiError(this.getNode(), error as unknown as JsonObject, { itemIndex: i });
		}
		if (error instanceof NodeOperationError && error.context.itemIndex === undefined)
			error.context.itemIndex = i;
		throw new NodeOperationError(this.getNode(), error as JsonObject, { itemIndex: i });
	}
	// One push per item (no spread): a list of 200,000 accounts would overflow the call stack as
	// arguments.
	const out: INodeExecutionData[] = [];
	if (!completed) {
		for (const result of results) if (result) for (const item of result) out.push(item);
		return [out];
	}
	const branches: INodeExecutionData[][] = [[], []];
	results.forEach((result, i) => {
		if (result) branches[notYet[i] ? NOT_YET_OUTPUT : COMPLETED_OUTPUT].push(...result);
	});
	return branches;
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
