/**
 * Input checks with the sandbox's status split: a missing required field or a wrong JSON type is 400 (thrown at
 * once); a well-typed value outside its range or set is 422 (collected, so one answer names every bad field).
 */
import { IANAZone } from 'luxon';
import { ApiError, badRequest, invalid } from './api';

export const INT32_MAX = 2147483647;

export function isRecord(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isValidZone(tz: string): boolean {
	return IANAZone.isValidZone(tz);
}

/** Reads a JSON body field by field. */
export class BodyReader {
	private readonly errors: Record<string, string[]> = {};
	readonly body: Record<string, unknown>;

	/** No body sent (undefined) counts as `{}`; any other non-object, JSON null included, is a 400. */
	constructor(body: unknown, allowed: string[]) {
		if (body === undefined) body = {};
		if (!isRecord(body)) throw badRequest('The request body must be a JSON object');
		this.body = body;
		for (const key of Object.keys(body))
			if (!allowed.includes(key)) this.fail(key, 'is not a known field');
	}

	has(field: string): boolean {
		return this.body[field] !== undefined;
	}

	fail(field: string, reason: string): void {
		(this.errors[field] ??= []).push(reason);
	}

	/** Throws the collected 422, if any. */
	done(): void {
		if (Object.keys(this.errors).length > 0) throw invalid(this.errors);
	}

	private present(field: string, required: boolean): boolean {
		const v = this.body[field];
		if (v === undefined) {
			if (required) throw badRequest(`${field} is required`);
			return false;
		}
		return true;
	}

	int(
		field: string,
		opts: { required?: boolean; min?: number; max?: number; oneOf?: number[] } = {},
	): number | undefined {
		if (!this.present(field, opts.required ?? false)) return undefined;
		const v = this.body[field];
		if (typeof v !== 'number' || !Number.isInteger(v) || Math.abs(v) > INT32_MAX) {
			throw badRequest(`${field} must be an integer`);
		}
		if (opts.oneOf && !opts.oneOf.includes(v))
			this.fail(field, `must be one of ${opts.oneOf.join(', ')}`);
		else if (opts.min !== undefined && opts.max !== undefined && (v < opts.min || v > opts.max)) {
			this.fail(field, `must be between ${opts.min} and ${opts.max}`);
		} else if (opts.min !== undefined && v < opts.min)
			this.fail(field, `must be at least ${opts.min}`);
		return v;
	}

	bool(field: string, opts: { required?: boolean } = {}): boolean | undefined {
		if (!this.present(field, opts.required ?? false)) return undefined;
		const v = this.body[field];
		if (typeof v !== 'boolean') throw badRequest(`${field} must be a boolean`);
		return v;
	}

	/** A string; `nonEmpty` makes "" a 422. `nullable` lets JSON null through (returned as null). */
	str(
		field: string,
		opts: { required?: boolean; nonEmpty?: boolean; nullable?: boolean } = {},
	): string | null | undefined {
		if (!this.present(field, opts.required ?? false)) return undefined;
		const v = this.body[field];
		if (v === null && opts.nullable) return null;
		if (typeof v !== 'string') throw badRequest(`${field} must be a string`);
		if ((opts.nonEmpty || opts.required) && v.trim() === '') this.fail(field, 'must not be empty');
		return v;
	}

	/** A required or optional non-null string. */
	text(field: string, required = false): string | undefined {
		const v = this.str(field, { required });
		return v === null ? undefined : v;
	}

	oneOf<T extends string>(
		field: string,
		values: readonly T[],
		opts: { required?: boolean } = {},
	): T | undefined {
		const v = this.text(field, opts.required);
		if (v === undefined) return undefined;
		if (!values.includes(v as T)) {
			this.fail(field, `must be one of ${values.join(', ')}`);
			return undefined;
		}
		return v as T;
	}

	timeZone(field: string): string | undefined {
		const v = this.text(field);
		if (v === undefined) return undefined;
		if (!isValidZone(v)) {
			this.fail(field, 'must be a valid IANA time zone name');
			return undefined;
		}
		return v;
	}

	intArray(
		field: string,
		opts: { required?: boolean; nonEmpty?: boolean } = {},
	): number[] | undefined {
		if (!this.present(field, opts.required ?? false)) return undefined;
		const v = this.body[field];
		if (
			!Array.isArray(v) ||
			v.some((x) => typeof x !== 'number' || !Number.isInteger(x) || Math.abs(x) > INT32_MAX)
		) {
			throw badRequest(`${field} must be an array of integers`);
		}
		if (opts.nonEmpty && v.length === 0) this.fail(field, 'must not be empty');
		return v as number[];
	}

	strArray(field: string, opts: { required?: boolean } = {}): string[] | undefined {
		if (!this.present(field, opts.required ?? false)) return undefined;
		const v = this.body[field];
		if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
			throw badRequest(`${field} must be an array of strings`);
		return v as string[];
	}
}

/** Query parameters: always strings, so every bad value is a 422 (there is no JSON type to get wrong). */
export class QueryReader {
	private readonly errors: Record<string, string[]> = {};

	constructor(readonly query: Record<string, string>) {}

	fail(name: string, reason: string): void {
		(this.errors[name] ??= []).push(reason);
	}

	done(): void {
		if (Object.keys(this.errors).length > 0) throw invalid(this.errors);
	}

	has(name: string): boolean {
		return this.query[name] !== undefined;
	}

	/** The value without surrounding spaces; empty or blank counts as absent. */
	str(name: string): string | undefined {
		const v = this.query[name]?.trim();
		return v === undefined || v === '' ? undefined : v;
	}

	int(name: string, opts: { min?: number; max?: number } = {}): number | undefined {
		const v = this.str(name);
		if (v === undefined) return undefined;
		if (!/^-?\d+$/.test(v) || Math.abs(Number(v)) > INT32_MAX) {
			this.fail(name, 'must be an integer');
			return undefined;
		}
		const n = Number(v);
		if ((opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max)) {
			this.fail(
				name,
				opts.max === undefined
					? `must be at least ${opts.min}`
					: `must be between ${opts.min} and ${opts.max}`,
			);
			return undefined;
		}
		return n;
	}

	bool(name: string): boolean | undefined {
		const v = this.str(name);
		if (v === undefined) return undefined;
		if (v === 'true' || v === '1') return true;
		if (v === 'false' || v === '0') return false;
		this.fail(name, 'must be true or false');
		return undefined;
	}

	oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
		const v = this.str(name);
		if (v === undefined) return undefined;
		if (!values.includes(v as T)) {
			this.fail(name, `must be one of ${values.join(', ')}`);
			return undefined;
		}
		return v as T;
	}

	/** `page` (zero-indexed) and `per_page` (1..100, default the endpoint's size). */
	page(defaultSize: number, required = false): { page: number; perPage: number } {
		if (required && this.str('page') === undefined) throw new ApiError(400, 'page is required');
		return {
			page: this.int('page', { min: 0 }) ?? 0,
			perPage: this.int('per_page', { min: 1, max: 100 }) ?? defaultSize,
		};
	}
}

export function paginate<T>(items: T[], page: number, perPage: number): T[] {
	return items.slice(page * perPage, page * perPage + perPage);
}

/** A path id that must be an int32; anything else is a malformed request. */
export function pathId(raw: string | undefined, name = 'id'): number {
	if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) > INT32_MAX)
		throw badRequest(`${name} must be an integer`);
	return Number(raw);
}
