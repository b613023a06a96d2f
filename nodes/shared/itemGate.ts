/**
 * Items of one node run go through the router several at a time, but creates keep the order and the safety of a
 * one-at-a-time loop: a create of item i is sent only once every earlier item has finished, and never after an
 * earlier item failed (unless Continue On Fail reports that failure as an item). So the service sees creates in
 * input order, one at a time, and a run that stops at item i has created nothing the user cannot see in its output
 * or error. Reads, updates by id, pause/resume and deletes overlap freely: repeating them changes nothing.
 *
 * The transport finds the gate of the running node through its execution context (a WeakMap, so a finished run's
 * gate goes with its context).
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Any execution context (kept structural so this module does not import the transport that imports it). */
type Context = { getNode(): INode };

export class ItemGate {
	private readonly settled: boolean[];
	/** Every item below this index has finished (successfully, or as a Continue On Fail error item). */
	private prefix = 0;
	private failedAt = Number.POSITIVE_INFINITY;
	private waiters: Array<{ index: number; resolve: () => void; reject: (error: Error) => void }> = [];

	constructor(
		private readonly ctx: Context,
		count: number,
	) {
		this.settled = new Array<boolean>(count).fill(false);
	}

	/** Item `index` finished; its error, if any, was turned into an output item (Continue On Fail). */
	done(index: number): void {
		this.settled[index] = true;
		while (this.prefix < this.settled.length && this.settled[this.prefix]) this.prefix++;
		this.wake();
	}

	/** Item `index` failed and stops the run: no later item may create anything. */
	failed(index: number): void {
		this.failedAt = Math.min(this.failedAt, index);
		this.wake();
	}

	/** Resolves when item `index` may send a create (every earlier item finished); rejects after an earlier failure. */
	async turn(index: number): Promise<void> {
		if (index > this.failedAt) throw this.stopped(index);
		if (index <= this.prefix) return;
		await new Promise<void>((resolve, reject) => this.waiters.push({ index, resolve, reject }));
	}

	private wake(): void {
		this.waiters = this.waiters.filter((w) => {
			if (w.index > this.failedAt) {
				w.reject(this.stopped(w.index));
				return false;
			}
			if (w.index <= this.prefix) {
				w.resolve();
				return false;
			}
			return true;
		});
	}

	private stopped(index: number): Error {
		return new NodeOperationError(this.ctx.getNode(), `Not created: item ${this.failedAt} failed before this item's turn`, {
			itemIndex: index,
		});
	}
}

const gates = new WeakMap<object, ItemGate>();

export function openGate(ctx: Context, count: number): ItemGate {
	const gate = new ItemGate(ctx, count);
	gates.set(ctx, gate);
	return gate;
}

export function closeGate(ctx: Context): void {
	gates.delete(ctx);
}

/** Waits for item `itemIndex`'s turn to create, when the running node has a gate. */
export async function createTurn(ctx: Context, itemIndex: number | undefined): Promise<void> {
	if (itemIndex === undefined) return;
	await gates.get(ctx)?.turn(itemIndex);
}
