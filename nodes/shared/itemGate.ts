/**
 * Items of one node run go through the router several at a time, but creates keep the order and the
 * safety of a one-at-a-time loop: a create of item i is sent only once every earlier item has
 * finished, and never after an earlier item failed (unless Continue On Fail reports that failure as
 * an item). So the service sees creates in input order, one at a time, and a run that stops at item
 * i has created nothing the user cannot see in its output or error. Reads, updates by id,
 * pause/resume and deletes overlap freely: repeating them changes nothing.
 *
 * The item loop opens one gate per run and passes it to the transport with each request of an item;
 * a create asks it for its turn (transport/request.ts).
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CreateGate } from './transport/types';

export class ItemGate implements CreateGate {
	private readonly settled: boolean[];
	/**
	 * Every item below this index has finished (successfully, or as a Continue On Fail error item).
	 */
	private prefix = 0;
	private failedAt = Number.POSITIVE_INFINITY;
	private waiters: Array<{ index: number; resolve: () => void; reject: (error: Error) => void }> =
		[];

	constructor(
		private readonly node: INode,
		count: number,
	) {
		this.settled = new Array<boolean>(count).fill(false);
	}

	/**
	 * Item `index` finished; its error, if any, was turned into an output item (Continue On Fail).
	 */
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

	/**
	 * Resolves when item `index` may send a create (every earlier item finished); rejects after an
	 * earlier failure.
	 */
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
		return new NodeOperationError(
			this.node,
			`Not created: item ${this.failedAt} failed before this item's turn`,
			{
				itemIndex: index,
			},
		);
	}
}
