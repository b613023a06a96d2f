/** Reading parameters the same way in every operation file: each reader returns a checked value or throws. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Item } from './item';

/** The value of a resource locator (any mode), trimmed; numeric ids are checked as int32. */
export function locatorId(ctx: IExecuteFunctions, item: Item, name: string, numeric: true): number;
export function locatorId(ctx: IExecuteFunctions, item: Item, name: string, numeric: false): string;
export function locatorId(
	ctx: IExecuteFunctions,
	item: Item,
	name: string,
	numeric: boolean,
): number | string {
	const raw = ctx.getNodeParameter(name, item.index, '', { extractValue: true }) as unknown;
	const value = typeof raw === 'object' && raw !== null ? (raw as IDataObject).value : raw;
	const v = item.fields;
	if (numeric) return v.id(name, typeof value === 'string' ? value.trim() : value);
	const text = v.nonEmptyString(name, typeof value === 'number' ? String(value) : value);
	if (!/^[A-Za-z0-9_-]+$/.test(text)) v.fail(name, `"${text}" is not a valid ID`);
	return text;
}

/**
 * The value of a picker inside a collection (n8n hands collection values over as they are stored: a resource
 * locator is `{ __rl, mode, value }`); a plain value (from an expression over the whole field) passes unchanged.
 */
export function locatorValue(raw: unknown): unknown {
	if (raw !== null && typeof raw === 'object' && '__rl' in raw) {
		const value = (raw as IDataObject).value;
		return typeof value === 'string' ? value.trim() : value;
	}
	return raw;
}

/** The values of a Filters/Options/Additional Fields/Update Fields collection (empty when none was added). */
export function collectionValues(ctx: IExecuteFunctions, item: Item, name: string): IDataObject {
	return (ctx.getNodeParameter(name, item.index, {}) as IDataObject) ?? {};
}

/** A switch (boolean parameter), checked: an expression may give "true"/"false" text, anything else fails. */
export function flag(ctx: IExecuteFunctions, item: Item, name: string): boolean {
	return item.fields.boolean(name, ctx.getNodeParameter(name, item.index, false));
}

/** Return All / Limit as one value: undefined means all. */
export function listLimit(ctx: IExecuteFunctions, item: Item): number | undefined {
	if (flag(ctx, item, 'returnAll')) return undefined;
	return item.fields.integer('limit', ctx.getNodeParameter('limit', item.index, 50), 1);
}

/** A body or query without the fields that were not given (readers of optional fields give undefined). */
export function given(values: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** The reader of an optional field for `all`: undefined when it was not given, else its value checked by `check`. */
export function ifGiven<T>(value: unknown, check: (value: unknown) => T): () => T | undefined {
	return () => (value === undefined ? undefined : check(value));
}

/** The body of an update, refused when it would change nothing (no field of Update Fields was added). */
function changes(item: Item, body: IDataObject): IDataObject {
	const set = given(body);
	if (Object.keys(set).length === 0)
		item.fields.fail('Update Fields', 'add at least one field to change');
	return set;
}

/** The check of each Update Field, by its API name. */
type Rules = Record<string, (value: unknown) => unknown>;

/**
 * The body of an update from its Update Fields collection: each field that was added, checked by its rule; refused
 * when none was added. What was not added stays out of the body (the service keeps it, or the operation reads it first).
 */
function updateFields(item: Item, rules: Rules): IDataObject {
	const fields = item.collection('updateFields');
	const readers: Record<string, () => unknown> = {};
	for (const [name, rule] of Object.entries(rules)) readers[name] = ifGiven(fields[name], rule);
	return changes(item, item.fields.all(readers) as IDataObject);
}

/**
 * An Update's two inputs: the record it changes (`id`, the reader of its id picker, e.g.
 * `() => item.numericId('alertId')`) and the body of its Update Fields (`updateFields`), read together so that a bad
 * id and a bad field are reported in one error.
 */
export function recordUpdate<Id extends number | string>(
	item: Item,
	id: () => Id,
	rules: Rules,
): { id: Id; body: IDataObject } {
	return item.fields.all({ id, body: () => updateFields(item, rules) });
}
