/**
 * What an operation answering with records returns (descriptions/common.ts → outputFields): Simplified, Raw or
 * Selected Fields from node version 1.1; version 1's Simplify switch (on: Simplified, off: Raw) as it always was.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { valuesOf } from '../descriptions/choices';
import { OUTPUT, OUTPUT_VERSION } from '../descriptions/common';
import type { Item } from './item';
import { flag } from './params';

export type OutputMode = (typeof OUTPUT)[number]['value'];

export interface OutputView {
	mode: OutputMode;
	/** The fields named under Fields (Selected Fields only), in the order given, each once. */
	fields: string[];
}

/** A top-level field name of the service's answers (letters, digits, underscores). */
const FIELD_NAME = /^[A-Za-z0-9_]+$/;

/** The Output of this item, checked before any request (a read for `item.fields.all`). */
export function outputView(ctx: IExecuteFunctions, item: Item): OutputView {
	if (ctx.getNode().typeVersion < OUTPUT_VERSION)
		return { mode: flag(ctx, item, 'simplify') ? 'simple' : 'raw', fields: [] };
	const v = item.fields;
	const mode = v.oneOf(
		'output',
		ctx.getNodeParameter('output', item.index, 'simple'),
		valuesOf(OUTPUT),
	);
	if (mode !== 'fields') return { mode, fields: [] };
	const raw = ctx.getNodeParameter('fields', item.index, '') as unknown;
	const names = (Array.isArray(raw) ? raw : String(raw ?? '').split(','))
		.map((name) => String(name).trim())
		.filter((name) => name !== '');
	if (names.length === 0)
		v.invalid('fields', 'name at least one field to return, separated by commas');
	const wrong = names.filter((name) => !FIELD_NAME.test(name));
	if (wrong.length > 0)
		v.invalid(
			'fields',
			`${wrong.map((name) => `"${name}"`).join(', ')} ${wrong.length === 1 ? 'is not a field name' : 'are not field names'}: give top-level field names of the answer (letters, digits, _), separated by commas`,
		);
	return { mode, fields: [...new Set(names)] };
}

/**
 * One record as its Output asks: Simplified through the operation's `simplify`, Raw as the service sent it, Selected
 * Fields with the fields named that the record has, plus `kept` (its id, and what routes the item, e.g. `completed`)
 * and the node's own markers (`_waitTimedOut`, `_polls`). Nothing is filled in for a field the record lacks.
 */
export function shaped(
	record: IDataObject,
	view: OutputView,
	simplify: (record: IDataObject) => IDataObject,
	kept: readonly string[],
): IDataObject {
	if (view.mode === 'simple') return simplify(record);
	if (view.mode === 'raw') return record;
	const out: IDataObject = {};
	for (const key of [...kept, ...view.fields])
		if (record[key] !== undefined && !(key in out)) out[key] = record[key];
	for (const key of Object.keys(record)) if (key.startsWith('_')) out[key] = record[key];
	return out;
}
