/**
 * One error for every problem of an item: the checks of validation.ts throw errors that carry
 * their problems, and a Reading gathers those of one `all` into a single NodeOperationError that
 * names each invalid field as the user sees it and ends by saying nothing was sent.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Ends the guidance of every error of this module: the user must know nothing was changed. */
export const NOTHING_SENT = 'Nothing was sent to the service.';

export interface Failure {
	/** The field as the user sees it (its label and where it is). */
	field: string;
	why: string;
	description?: string;
}

/**
 * The problems an error of this module carries, so `all` can put several into one error. Kept under
 * a symbol: n8n shows and stores the error as it always did (a NodeOperationError), without this.
 */
const PROBLEMS = Symbol('invalid fields');

interface Problems {
	failures: readonly Failure[];
	/** Thrown by `fail`: `all` stops reading. */
	stop: boolean;
}

type InvalidFieldsError = NodeOperationError & { [PROBLEMS]?: Problems };

function problemsOf(error: unknown): Problems | undefined {
	return error instanceof NodeOperationError ? (error as InvalidFieldsError)[PROBLEMS] : undefined;
}

/** The error of these failures, carrying them so that a Reading can put several into one. */
export function invalidFields(
	node: INode,
	itemIndex: number,
	failures: readonly Failure[],
	stop: boolean,
): NodeOperationError {
	const error = errorOf(node, itemIndex, failures) as InvalidFieldsError;
	error[PROBLEMS] = { failures, stop };
	return error;
}

/** The problems of one `all`: gathered while its readers run, thrown as one error at the end. */
export class Reading {
	private readonly failures: Failure[] = [];

	constructor(
		private readonly node: INode,
		private readonly itemIndex: number,
	) {}

	failed(error: unknown): void {
		const problems = problemsOf(error);
		if (!problems) {
			if (this.failures.length > 0)
				throw invalidFields(this.node, this.itemIndex, this.failures, true);
			throw error;
		}
		// One problem per field: a later one is usually a consequence of the first (an empty text is
		// also no URL).
		for (const failure of problems.failures) {
			if (!this.failures.some((f) => f.field === failure.field)) this.failures.push(failure);
		}
		if (problems.stop) throw invalidFields(this.node, this.itemIndex, this.failures, true);
	}

	done<T>(out: T): T {
		if (this.failures.length > 0)
			throw invalidFields(this.node, this.itemIndex, this.failures, false);
		return out;
	}
}

/** One error for an item's failures: a field and why for one; several: each one's, every hint. */
function errorOf(node: INode, itemIndex: number, all: readonly Failure[]): NodeOperationError {
	if (all.length === 1) {
		const [only] = all;
		return new NodeOperationError(node, `Invalid "${only.field}": ${only.why}`, {
			itemIndex,
			description: [only.description, NOTHING_SENT].filter(Boolean).join(' '),
		});
	}
	const hints = all.filter((f) => f.description).map((f) => `${f.field}: ${f.description}`);
	return new NodeOperationError(
		node,
		`${all.length} invalid fields: ${all.map((f) => `"${f.field}": ${f.why}`).join('; ')}`,
		{ itemIndex, description: [...hints, NOTHING_SENT].join(' ') },
	);
}
