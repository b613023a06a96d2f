/**
 * The collections of optional inputs (Additional Fields, Filters, Options, Update Fields): their
 * builder (shared with the triggers, nodes/shared/collections.ts) and their readers. Inside a
 * collection every option is named like the API field or query parameter it sets.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ItemParameters } from './types';

export { collectionOf, UPDATE_FIELDS_NOTE } from '../../shared/collections';

/**
 * The values of a Filters/Options/Additional Fields/Update Fields collection (empty when none was
 * added).
 */
export function collectionValues(item: ItemParameters, name: string): IDataObject {
	return (item.value(name, {}) as IDataObject) ?? {};
}

/**
 * A body or query without the fields that were not given (readers of optional fields give
 * undefined).
 */
export function given(values: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/**
 * The reader of an optional field for `all`: undefined when it was not given, else its value
 * checked by `check`.
 */
export function ifGiven<T>(value: unknown, check: (value: unknown) => T): () => T | undefined {
	return () => (value === undefined ? undefined : check(value));
}

/**
 * The body of an update, refused when it would change nothing (no field of Update Fields was
 * added).
 */
function changes(item: ItemParameters, body: IDataObject): IDataObject {
	const set = given(body);
	if (Object.keys(set).length === 0)
		item.fields.fail('Update Fields', 'add at least one field to change');
	return set;
}

/** The check of each Update Field, by its API name. */
type Rules = Record<string, (value: unknown) => unknown>;

/**
 * The body of an update from its Update Fields collection: each field that was added, checked by
 * its rule; refused when none was added. What was not added stays out of the body (the service
 * keeps it, or the operation reads it first).
 */
function updateFields(item: ItemParameters, rules: Rules): IDataObject {
	const fields = collectionValues(item, 'updateFields');
	const readers: Record<string, () => unknown> = {};
	for (const [name, rule] of Object.entries(rules)) readers[name] = ifGiven(fields[name], rule);
	return changes(item, item.fields.all(readers) as IDataObject);
}

/**
 * An Update's two inputs: the record it changes (`id`, the reader of its id picker, e.g. `() =>
 * item.numericId('alertId')`) and the body of its Update Fields (`updateFields`), read together so
 * that a bad id and a bad field are reported in one error.
 */
export function recordUpdate<Id extends number | string>(
	item: ItemParameters,
	id: () => Id,
	rules: Rules,
): { id: Id; body: IDataObject } {
	return item.fields.all({ id, body: () => updateFields(item, rules) });
}
