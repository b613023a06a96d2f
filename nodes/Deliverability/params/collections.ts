/**
 * The collections of optional inputs (Additional Fields, Filters, Options, Update Fields): their
 * builder and their readers. Inside a collection every option is named like the API field or query
 * parameter it sets. The options lists built here are hidden from n8n's lint;
 * test/nodes/behaviour/node-description.test.ts checks them on the built description.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemParameters } from './types';

/** The four collections of optional inputs, with n8n's standard labels. */
const COLLECTIONS = {
	additionalFields: { displayName: 'Additional Fields', placeholder: 'Add Field' },
	filters: { displayName: 'Filters', placeholder: 'Add Filter' },
	options: { displayName: 'Options', placeholder: 'Add Option' },
	updateFields: { displayName: 'Update Fields', placeholder: 'Add Field' },
} as const;

/**
 * What every Update Fields collection promises (an update sends only what the user set); said once,
 * here.
 */
export const UPDATE_FIELDS_NOTE =
	'Only the fields added here are changed; the others stay as they are';

/** The description a collection has unless its operation gives one. */
const STANDARD_DESCRIPTIONS: Partial<Record<keyof typeof COLLECTIONS, string>> = {
	updateFields: UPDATE_FIELDS_NOTE,
};

/**
 * A collection of optional inputs. Inside it every option is named like the API field or query
 * parameter it sets, so a workflow maps 1:1 onto the spec; the options are sorted by display name
 * here.
 */
export function collectionOf(
	name: keyof typeof COLLECTIONS,
	options: INodeProperties[],
	description: string | undefined = STANDARD_DESCRIPTIONS[name],
): INodeProperties {
	return {
		...COLLECTIONS[name],
		name,
		type: 'collection',
		default: {},
		...(description ? { description } : {}),
		options: [...options].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

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
