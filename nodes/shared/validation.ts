/**
 * Input checks that run before any request (spec §8 ranges, value sets, time zones, dates, JSON). Each failure is a
 * NodeOperationError with the item index that names the field and says why, so nothing is sent for a bad item.
 */
import { DateTime, IANAZone } from 'luxon';
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Ids are int32 (spec §4). */
const INT32_MAX = 2_147_483_647;

export class Validator {
	constructor(
		private readonly node: INode,
		private readonly itemIndex: number,
	) {}

	fail(field: string, why: string, description?: string): never {
		throw new NodeOperationError(this.node, `Invalid "${field}": ${why}`, {
			itemIndex: this.itemIndex,
			description,
		});
	}

	/** A whole number in [min, max]; numeric strings (from expressions) are accepted. */
	integer(field: string, value: unknown, min?: number, max?: number): number {
		const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
		if (typeof n !== 'number' || !Number.isInteger(n)) this.fail(field, `expected a whole number, got ${show(value)}`);
		if (min !== undefined && n < min) this.fail(field, `${n} is below the minimum ${min} (allowed: ${range(min, max)})`);
		if (max !== undefined && n > max) this.fail(field, `${n} is above the maximum ${max} (allowed: ${range(min, max)})`);
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
		if (match === undefined) this.fail(field, `${show(value)} is not one of ${allowed.join(', ')}`);
		return match;
	}

	boolean(field: string, value: unknown): boolean {
		if (typeof value === 'boolean') return value;
		if (value === 'true') return true;
		if (value === 'false') return false;
		this.fail(field, `expected true or false, got ${show(value)}`);
	}

	nonEmptyString(field: string, value: unknown): string {
		if (typeof value !== 'string' || value.trim() === '') this.fail(field, 'a non-empty text is required');
		return value.trim();
	}

	string(field: string, value: unknown): string {
		if (typeof value !== 'string') this.fail(field, `expected text, got ${show(value)}`);
		return value;
	}

	/** An IANA time zone name such as Europe/Paris (checked with luxon). */
	timeZone(field: string, value: unknown): string {
		const zone = this.nonEmptyString(field, value);
		// Area/Location names only (and UTC): luxon also accepts legacy ids such as CET or EST, which name no region.
		if (!IANAZone.isValidZone(zone) || (!zone.includes('/') && zone !== 'UTC')) {
			this.fail(field, `${show(value)} is not an IANA time zone name`, 'Use a name like Europe/Paris, America/New_York or UTC.');
		}
		return zone;
	}

	/** A calendar date given as DD/MM/YYYY, an ISO date or a date picker value; returned as DD/MM/YYYY. */
	ddmmyyyy(field: string, value: unknown): string {
		const text = this.nonEmptyString(field, value);
		let date = DateTime.fromFormat(text, 'dd/MM/yyyy', { zone: 'utc' });
		if (!date.isValid) date = DateTime.fromFormat(text, 'd/M/yyyy', { zone: 'utc' });
		if (!date.isValid && /^\d{4}-\d{2}-\d{2}/.test(text)) date = DateTime.fromISO(text, { setZone: true });
		if (!date.isValid) this.fail(field, `${show(value)} is not a date`, 'Give it as DD/MM/YYYY (e.g. 31/12/2027) or pick a date.');
		return date.toFormat('dd/MM/yyyy');
	}

	/** A list of whole numbers from an array, a number, or text like "1, 2, 3". */
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
