/**
 * Input checks that run before any request (spec §8 ranges, value sets, time zones, dates, JSON). A failure is a
 * NodeOperationError with the item index that names the field as the user sees it on screen and says why, so nothing
 * is sent for a bad item.
 *
 * Two modes:
 * - immediate (`new Validator(node, i)`): the first failure throws, as a plain check;
 * - collecting (`{ collect: true }`, what the action node's operations get from `validator(this, i)`): each check
 *   records its failure and returns a harmless stand-in, so every invalid field of the item is found, and all of them
 *   are thrown together by `check()`, by the next `fail()`, or before the item's first request (`throwIfInvalid`,
 *   called by the transport). An operation cannot forget the final check: a request never leaves with failures
 *   pending, and the item loop checks again when the operation returns.
 */
import { DateTime, IANAZone } from 'luxon';
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Ids are int32 (spec §4). */
const INT32_MAX = 2_147_483_647;

export interface ValidatorOptions {
	/** Record failures and throw them together (see above) instead of throwing the first. */
	collect?: boolean;
	/** The on-screen label of a field, e.g. `time_zone` → `Update Fields → Time Zone`. Unknown names stay as they are. */
	label?: (field: string) => string;
}

export interface Failure {
	/** The field as the user sees it (its label and where it is). */
	field: string;
	why: string;
	description?: string;
}

export class Validator {
	private readonly failures: Failure[] = [];

	private readonly collect: boolean;

	private readonly label: (field: string) => string;

	constructor(
		private readonly node: INode,
		private readonly itemIndex: number,
		options: ValidatorOptions = {},
	) {
		this.collect = options.collect ?? false;
		this.label = options.label ?? ((field) => field);
	}

	/** A failure that stops here: thrown at once, together with the failures recorded before it. */
	fail(field: string, why: string, description?: string): never {
		this.record(field, why, description, false);
		throw this.error();
	}

	/**
	 * A failure after which the operation can go on checking other fields (thrown at once by an immediate validator).
	 * Collected failures are thrown by `check()` or before the item's first request.
	 */
	invalid(field: string, why: string, description?: string): void {
		this.record(field, why, description, !this.collect);
	}

	/** Throws every failure recorded so far, as one error; does nothing when there is none. */
	check(): void {
		if (this.failures.length > 0) throw this.error();
	}

	/** The failures recorded so far (each field once, its first problem). */
	get problems(): readonly Failure[] {
		return this.failures;
	}

	/** A whole number in [min, max]; numeric strings (from expressions) are accepted. NaN stands in for a bad one. */
	integer(field: string, value: unknown, min?: number, max?: number): number {
		const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
		if (typeof n !== 'number' || !Number.isInteger(n)) return this.bad(field, `expected a whole number, got ${show(value)}`, NaN);
		if (min !== undefined && n < min) return this.bad(field, `${n} is below the minimum ${min} (allowed: ${range(min, max)})`, NaN);
		if (max !== undefined && n > max) return this.bad(field, `${n} is above the maximum ${max} (allowed: ${range(min, max)})`, NaN);
		return n;
	}

	/** A positive int32 id, as used in paths. */
	id(field: string, value: unknown): number {
		return this.integer(field, value, 1, INT32_MAX);
	}

	/** A list of positive int32 ids (array, number or text like "1, 2, 3"). */
	idList(field: string, value: unknown): number[] {
		return this.integerList(field, value, 1, INT32_MAX);
	}

	oneOf<T extends string | number>(field: string, value: unknown, allowed: readonly T[]): T {
		const match = allowed.find((a) => a === value || String(a) === String(value).trim());
		if (match === undefined) return this.bad(field, `${show(value)} is not one of ${allowed.join(', ')}`, value as T);
		return match;
	}

	boolean(field: string, value: unknown): boolean {
		if (typeof value === 'boolean') return value;
		if (value === 'true') return true;
		if (value === 'false') return false;
		return this.bad(field, `expected true or false, got ${show(value)}`, false);
	}

	nonEmptyString(field: string, value: unknown): string {
		if (typeof value !== 'string' || value.trim() === '') return this.bad(field, 'a non-empty text is required', '');
		return value.trim();
	}

	string(field: string, value: unknown): string {
		if (typeof value !== 'string') return this.bad(field, `expected text, got ${show(value)}`, '');
		return value;
	}

	/** An IANA time zone name such as Europe/Paris (checked with luxon). */
	timeZone(field: string, value: unknown): string {
		if (typeof value !== 'string' || value.trim() === '') {
			return this.bad(field, 'a time zone is required', '', 'Pick one from the list, or give a name like Europe/Paris.');
		}
		const zone = value.trim();
		// Area/Location names only (and UTC): luxon also accepts legacy ids such as CET or EST, which name no region.
		if (!IANAZone.isValidZone(zone) || (!zone.includes('/') && zone !== 'UTC')) {
			return this.bad(field, `${show(value)} is not an IANA time zone name`, '', 'Use a name like Europe/Paris, America/New_York or UTC.');
		}
		return zone;
	}

	/** A calendar date given as DD/MM/YYYY, an ISO date or a date picker value; returned as DD/MM/YYYY. */
	ddmmyyyy(field: string, value: unknown): string {
		if (typeof value !== 'string' || value.trim() === '') return this.bad(field, 'a date is required', '');
		const text = value.trim();
		let date = DateTime.fromFormat(text, 'dd/MM/yyyy', { zone: 'utc' });
		if (!date.isValid) date = DateTime.fromFormat(text, 'd/M/yyyy', { zone: 'utc' });
		if (!date.isValid && /^\d{4}-\d{2}-\d{2}/.test(text)) date = DateTime.fromISO(text, { setZone: true });
		if (!date.isValid) return this.bad(field, `${show(value)} is not a date`, '', 'Give it as DD/MM/YYYY (e.g. 31/12/2027) or pick a date.');
		return date.toFormat('dd/MM/yyyy');
	}

	/** A list of whole numbers from an array, a number, or text like "1, 2, 3". Bad entries are left out. */
	integerList(field: string, value: unknown, min?: number, max?: number): number[] {
		const parts = Array.isArray(value)
			? value
			: typeof value === 'number'
				? [value]
				: String(value ?? '')
						.split(',')
						.map((s) => s.trim())
						.filter((s) => s !== '');
		return parts.map((p) => this.integer(field, p, min, max)).filter((n) => !Number.isNaN(n));
	}

	/** Records a failed check and hands back the stand-in (or throws, for an immediate validator). */
	private bad<T>(field: string, why: string, standIn: T, description?: string): T {
		this.record(field, why, description, !this.collect);
		return standIn;
	}

	private record(field: string, why: string, description: string | undefined, throwNow: boolean): void {
		const failure = { field: this.labelOf(field), why, description };
		// An immediate validator keeps nothing: each failure is its own error.
		if (!this.collect) throw errorOf(this.node, this.itemIndex, [failure]);
		// One problem per field: a later one is usually a consequence of the first (an empty text is also no URL).
		if (!this.failures.some((f) => f.field === failure.field)) this.failures.push(failure);
		if (throwNow) throw this.error();
	}

	private labelOf(field: string): string {
		try {
			return this.label(field);
		} catch {
			return field;
		}
	}

	private error(): NodeOperationError {
		return errorOf(this.node, this.itemIndex, this.failures);
	}
}

/** One error for an item's failures: the field and why for one; for several, each with why, and every hint. */
function errorOf(node: INode, itemIndex: number, all: readonly Failure[]): NodeOperationError {
	if (all.length === 1) {
		const [only] = all;
		return new NodeOperationError(node, `Invalid "${only.field}": ${only.why}`, { itemIndex, description: only.description });
	}
	const hints = all.filter((f) => f.description).map((f) => `${f.field}: ${f.description}`);
	return new NodeOperationError(node, `${all.length} invalid fields: ${all.map((f) => `"${f.field}": ${f.why}`).join('; ')}`, {
		itemIndex,
		description: hints.length ? hints.join(' ') : undefined,
	});
}

/**
 * Collecting validators by execution context and item, so the transport can refuse to send a request for an item
 * with failures pending (an operation does not need to remember to check). Weakly keyed: gone with the execution.
 */
const pending = new WeakMap<object, Map<number, Validator>>();

/** The collecting validator of this item in this execution (created on first use, shared by every later call). */
export function itemValidator(ctx: object, itemIndex: number, create: () => Validator): Validator {
	let byItem = pending.get(ctx);
	if (!byItem) {
		byItem = new Map();
		pending.set(ctx, byItem);
	}
	let v = byItem.get(itemIndex);
	if (!v) {
		v = create();
		byItem.set(itemIndex, v);
	}
	return v;
}

/** Throws the item's recorded failures, if any (called by the transport before a request, and after an operation). */
export function throwIfInvalid(ctx: object, itemIndex: number | undefined): void {
	if (itemIndex === undefined) return;
	pending.get(ctx)?.get(itemIndex)?.check();
}

/** Starts an item afresh: its earlier failures (if the context is reused, e.g. by an agent's next call) are dropped. */
export function forgetItem(ctx: object, itemIndex: number): void {
	pending.get(ctx)?.delete(itemIndex);
}

function show(value: unknown): string {
	if (value === undefined) return 'nothing';
	if (typeof value === 'string') return `"${value}"`;
	return JSON.stringify(value);
}

function range(min?: number, max?: number): string {
	if (min !== undefined && max !== undefined) return `${min} to ${max}`;
	return min !== undefined ? `${min} or more` : `${max} or less`;
}
