/**
 * Input checks that run before any request (spec §8 ranges, value sets, time zones, dates, JSON). A
 * failure is a NodeOperationError with the item index that names the field as the user sees it on
 * screen and says why, so nothing is sent for a bad item.
 *
 * Every check returns a valid value or throws; nothing hands back a stand-in for a bad value. To
 * report every problem of an item at once, an operation reads its fields through `all` (or
 * `allAsync`): each field is read by its own function, and when any of them threw, one error lists
 * the problem of each invalid field (invalidFields.ts gathers them). `fail` is for a problem after
 * which reading further fields makes no sense: it ends `all` at once, with the problems found
 * before it.
 */
import { DateTime, IANAZone } from 'luxon';
import type { INode, NodeOperationError } from 'n8n-workflow';

import type { Failure } from './invalidFields';
import { invalidFields, Reading } from './invalidFields';

/** Ids are int32 (spec §4). */
const INT32_MAX = 2_147_483_647;

/** The fix for a field whose expression gave nothing (a typed field always has a value). */
const NOTHING_FIX =
	'Its expression gave no value for this item: check that it reads a field the input item has (e.g. {{ $json.id }} needs an "id" in the item; see the input panel), or enter the value itself.';

/**
 * The fix when the input item is empty ({}): that is the item n8n hands on when the node before
 * output nothing and has Always Output Data on (on 2.x also on Completed when every item went to
 * Not Yet), so the action that item reached must not run, and the user must learn why it did not.
 */
const EMPTY_ITEM_FIX =
	'The input item is empty ({}). n8n passes on such an item when the node before output nothing on this branch and has Always Output Data on (in its Settings; on n8n 2.x also on Completed when every item went to Not Yet), or from a Manual Trigger. Turn Always Output Data off on the node before, so that an empty branch runs nothing, or connect this node where the items carry the value.';

interface ValidatorOptions {
	/** A field's label on screen (`time_zone` → `Update Fields → Time Zone`); others as given. */
	label?: (field: string) => string;
	/**
	 * The input item is empty ({}): a value its expression left out is refused as coming from an
	 * empty item, naming Always Output Data.
	 */
	emptyInput?: boolean;
}

/** What `all` reads: a function per field (or group of fields), returning its value or throwing. */
export type Readers<T> = { [K in keyof T]: () => T[K] };

/** Like Readers, for fields whose reading waits for something (a credential). */
type AsyncReaders<T> = { [K in keyof T]: () => T[K] | Promise<T[K]> };

export class Validator {
	private readonly label: (field: string) => string;
	private readonly emptyInput: boolean;

	constructor(
		private readonly node: INode,
		private readonly itemIndex: number,
		options: ValidatorOptions = {},
	) {
		this.label = options.label ?? ((field) => field);
		this.emptyInput = options.emptyInput === true;
	}

	/** A failure that ends the reading: `all` throws it with the problems found before it. */
	fail(field: string, why: string, description?: string): never {
		throw this.error([{ field: this.labelOf(field), why, description }], true);
	}

	/** A failure of one field: `all` goes on reading the others. */
	invalid(field: string, why: string, description?: string): never {
		throw this.error([{ field: this.labelOf(field), why, description }], false);
	}

	/**
	 * Reads every field, in order: each reader returns its value or throws. When readers threw
	 * problems of this module, one error lists them all (each field once, its first problem). Another
	 * error (a parameter n8n could not resolve) stops the reading; it is thrown unless problems were
	 * found before it, which are then the cause the user needs to see.
	 */
	all<T>(readers: Readers<T>): T {
		const read = new Reading(this.node, this.itemIndex);
		const out = {} as T;
		for (const key of Object.keys(readers) as Array<keyof T>) {
			try {
				out[key] = readers[key]();
			} catch (error) {
				read.failed(error);
			}
		}
		return read.done(out);
	}

	/** `all` for readers of which some wait (a credential read); still one field after another. */
	async allAsync<T>(readers: AsyncReaders<T>): Promise<T> {
		const read = new Reading(this.node, this.itemIndex);
		const out = {} as T;
		for (const key of Object.keys(readers) as Array<keyof T>) {
			try {
				out[key] = await readers[key]();
			} catch (error) {
				read.failed(error);
			}
		}
		return read.done(out);
	}

	/** The error of these failures: a field and why for one; for several, each one's, every hint. */
	error(failures: readonly Failure[], stop: boolean): NodeOperationError {
		return invalidFields(this.node, this.itemIndex, failures, stop);
	}

	/** A whole number in [min, max], numeric text accepted; `description`: what the range means. */
	integer(field: string, value: unknown, min?: number, max?: number, description?: string): number {
		this.given(field, value, 'a whole number');
		const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
		const allowed = `(allowed: ${range(min, max)})`;
		if (typeof n !== 'number' || !Number.isInteger(n))
			this.invalid(field, `expected a whole number, got ${show(value)}`, description);
		if (min !== undefined && n < min)
			this.invalid(field, `${n} is below the minimum ${min} ${allowed}`, description);
		if (max !== undefined && n > max)
			this.invalid(field, `${n} is above the maximum ${max} ${allowed}`, description);
		return n;
	}

	/** Refuses a value an expression left out (undefined or null), saying so and how to fix it. */
	private given(field: string, value: unknown, expected: string): void {
		if (value === undefined || value === null)
			this.invalid(
				field,
				`expected ${expected}, but its expression gave nothing (${String(value)})${this.emptyInput ? ' from an empty input item' : ''}`,
				this.emptyInput ? EMPTY_ITEM_FIX : NOTHING_FIX,
			);
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
		this.given(field, value, `one of ${allowed.join(', ')}`);
		const match = allowed.find((a) => a === value || String(a) === String(value).trim());
		if (match === undefined)
			this.invalid(field, `${show(value)} is not one of ${allowed.join(', ')}`);
		return match;
	}

	boolean(field: string, value: unknown): boolean {
		this.given(field, value, 'true or false');
		if (typeof value === 'boolean') return value;
		if (value === 'true') return true;
		if (value === 'false') return false;
		return this.invalid(field, `expected true or false, got ${show(value)}`);
	}

	nonEmptyString(field: string, value: unknown): string {
		this.given(field, value, 'a non-empty text');
		if (typeof value !== 'string' || value.trim() === '')
			this.invalid(field, 'a non-empty text is required');
		return value.trim();
	}

	string(field: string, value: unknown): string {
		this.given(field, value, 'text');
		if (typeof value !== 'string') this.invalid(field, `expected text, got ${show(value)}`);
		return value;
	}

	/** An IANA time zone name such as Europe/Paris (checked with luxon). */
	timeZone(field: string, value: unknown): string {
		if (typeof value !== 'string' || value.trim() === '') {
			this.invalid(
				field,
				'a time zone is required',
				'Pick one from the list, or give a name like Europe/Paris.',
			);
		}
		const zone = value.trim();
		// Area/Location names only (and UTC): luxon also accepts legacy ids such as CET or EST, which
		// name no region.
		if (!IANAZone.isValidZone(zone) || (!zone.includes('/') && zone !== 'UTC')) {
			this.invalid(
				field,
				`${show(value)} is not an IANA time zone name`,
				'Use a name like Europe/Paris, America/New_York or UTC.',
			);
		}
		return zone;
	}

	/** A date as DD/MM/YYYY, an ISO date or a date picker value; returned as DD/MM/YYYY. */
	ddmmyyyy(field: string, value: unknown): string {
		if (typeof value !== 'string' || value.trim() === '') this.invalid(field, 'a date is required');
		const text = value.trim();
		// In UTC: a day the workflow's zone skipped (30/12/2011 in Pacific/Apia) has no midnight there.
		// Format or zone emptied reads nothing; d/M/yyyy below reads the same (equivalent mutants):
		// Stryker disable next-line StringLiteral: equivalent, as said above
		let date = DateTime.fromFormat(text, 'dd/MM/yyyy', { zone: 'utc' });
		if (!date.isValid) date = DateTime.fromFormat(text, 'd/M/yyyy', { zone: 'utc' });
		if (!date.isValid && /^\d{4}-\d{2}-\d{2}/.test(text))
			date = DateTime.fromISO(text, { setZone: true });
		if (!date.isValid)
			this.invalid(
				field,
				`${show(value)} is not a date`,
				'Give it as DD/MM/YYYY (e.g. 31/12/2027) or pick a date.',
			);
		return date.toFormat('dd/MM/yyyy');
	}

	/** Whole numbers from an array, a number or text like "1, 2, 3"; the first bad entry fails. */
	integerList(field: string, value: unknown, min?: number, max?: number): number[] {
		const parts = Array.isArray(value)
			? value
			: typeof value === 'number'
				? [value]
				: String(value ?? '')
						.split(',')
						.map((s) => s.trim())
						.filter((s) => s !== '');
		return parts.map((p) => this.integer(field, p, min, max));
	}

	private labelOf(field: string): string {
		try {
			return this.label(field);
		} catch {
			return field;
		}
	}
}

function show(value: unknown): string {
	// Stryker disable next-line StringLiteral: no caller shows undefined (each refuses it first)
	if (value === undefined) return 'nothing';
	if (typeof value === 'string') return `"${value}"`;
	return JSON.stringify(value);
}

function range(min?: number, max?: number): string {
	if (min !== undefined && max !== undefined) return `${min} to ${max}`;
	return min !== undefined ? `${min} or more` : `${max} or less`;
}
