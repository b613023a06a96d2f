/**
 * A JSON Schema inferred from values, as n8n's own nodes ship their output schemas: types per field (integers apart
 * from other numbers), object properties and array items merged over every value seen.
 */
import type { IDataObject } from 'n8n-workflow';

export interface JsonSchema {
	type?: string | string[];
	properties?: Record<string, JsonSchema>;
	items?: JsonSchema;
	version?: number;
}

/** The JSON type of one value, integers apart from other numbers (as in n8n's own schema files). */
function typeOf(value: unknown): string {
	if (value === null || value === undefined) return 'null';
	if (Array.isArray(value)) return 'array';
	if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	return typeof value;
}

/** Merges two schemas: union of types and of object properties; array items merged likewise. */
function merge(a: JsonSchema | undefined, b: JsonSchema): JsonSchema {
	if (!a) return b;
	const types = [...new Set([...[a.type ?? []].flat(), ...[b.type ?? []].flat()])].sort();
	const out: JsonSchema = { type: types.length === 1 ? types[0] : types };
	if (a.properties || b.properties) {
		const props: Record<string, JsonSchema> = {};
		for (const key of [
			...new Set([...Object.keys(a.properties ?? {}), ...Object.keys(b.properties ?? {})]),
		].sort()) {
			props[key] = merge(a.properties?.[key], b.properties?.[key] ?? a.properties![key]);
		}
		out.properties = props;
	}
	if (a.items || b.items)
		out.items = a.items && b.items ? merge(a.items, b.items) : (a.items ?? b.items);
	return out;
}

/** The schema of one JSON value (object keys sorted, array items merged over all elements). */
export function schemaOf(value: unknown): JsonSchema {
	const type = typeOf(value);
	if (type === 'object') {
		const obj = value as Record<string, unknown>;
		return {
			type,
			properties: Object.fromEntries(
				Object.keys(obj)
					.sort()
					.map((k) => [k, schemaOf(obj[k])]),
			),
		};
	}
	if (type === 'array') {
		const items = (value as unknown[]).reduce<JsonSchema | undefined>(
			(acc, v) => merge(acc, schemaOf(v)),
			undefined,
		);
		return items ? { type, items } : { type };
	}
	return { type };
}

/** One schema for all output items of a run (n8n's files describe a single item), with n8n's `version: 1`. */
export function schemaOfItems(items: IDataObject[]): JsonSchema {
	const merged = items.reduce<JsonSchema | undefined>(
		(acc, item) => merge(acc, schemaOf(item)),
		undefined,
	);
	return { ...(merged ?? { type: 'object', properties: {} }), version: 1 };
}
