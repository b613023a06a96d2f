/**
 * What an operation answering with records returns: Simplified, Raw or Selected Fields from node
 * version 1.1; version 1's Simplify switch (on: Simplified, off: Raw) as it always was. The
 * builder, the reader and `shaped`, which applies the reader's view to a record.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { choiceField, valuesOf } from './choices';
import type { ItemParameters } from './types';

/** The node version from which Output replaces Simplify (Deliverability.node.ts `version`). */
const OUTPUT_VERSION = 1.1;

/** Shown from OUTPUT_VERSION on (n8n's `@version` display condition). */
const FROM_OUTPUT_VERSION = { '@version': [{ _cnd: { gte: OUTPUT_VERSION } }] };

/**
 * The Output picker's values, sorted by name (its Simplified entry is described by each operation).
 */
const OUTPUT = [
	{ name: 'Raw', value: 'raw', description: "The service's answer as it is" },
	{
		name: 'Selected Fields',
		value: 'fields',
		description:
			"Only the fields named under Fields, from the service's answer or the Simplified one (e.g. verdict), and the ID",
	},
	{ name: 'Simplified', value: 'simple' },
] as const;

interface OutputSpec {
	/**
	 * Version 1's Simplify switch, as it was ("Whether to give … instead of the raw answer"); none
	 * where version 1 answered raw without a switch (an operation that changes something): saved
	 * workflows keep their raw answer.
	 */
	simplify?: string;
	/** What Simplified returns, for its entry in the Output picker. */
	simplified: string;
	/** The field(s) Selected Fields always keeps, as said on screen ("id"). */
	kept: string;
	/** A sensible pick, for the Fields placeholder ("email, score"). */
	example: string;
}

/**
 * What an operation answering with records returns. Version 1 keeps its Simplify switch exactly as
 * it was (saved workflows keep working); from version 1.1 it is n8n's Output choice instead:
 * Simplified (the default, the same as Simplify on), Raw (Simplify off) or Selected Fields (only
 * the fields named, the record's id always kept), which keeps an AI tool's answer small. Read with
 * `item.output()`; `shaped` applies it to a record.
 */
export function outputFields(spec: OutputSpec): INodeProperties[] {
	const simplify: INodeProperties[] =
		spec.simplify === undefined
			? []
			: [
					{
						...simplifyOption(),
						description: spec.simplify,
						displayOptions: { hide: FROM_OUTPUT_VERSION },
						// n8n's type generator drops `@version` conditions: said in words for the workflow
						// builder.
						builderHint: {
							propertyHint: `Version 1 only (version ${OUTPUT_VERSION} has output instead)`,
						},
					},
				];
	return [
		...simplify,
		{
			...choiceField(
				'Output',
				'output',
				OUTPUT.map((o) => (o.value === 'simple' ? { ...o, description: spec.simplified } : o)),
				'simple',
				'What to return for each record',
			),
			displayOptions: { show: FROM_OUTPUT_VERSION },
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'string',
			default: '',
			placeholder: `e.g. ${spec.example}`,
			description: `Comma-separated names of fields to return, from the service's answer or from Simplified (e.g. verdict, verdict_reason); ${spec.kept} is always kept`,
			displayOptions: { show: { ...FROM_OUTPUT_VERSION, output: ['fields'] } },
		},
	];
}

/** The "Simplify" switch for wide responses: on by default, as in n8n's built-in nodes. */
function simplifyOption(): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
	};
}

type OutputMode = (typeof OUTPUT)[number]['value'];

export interface OutputView {
	mode: OutputMode;
	/** The fields named under Fields (Selected Fields only), in the order given, each once. */
	fields: string[];
}

/** A top-level field name of the service's answers (letters, digits, underscores). */
const FIELD_NAME = /^[A-Za-z0-9_]+$/;

/**
 * The Output of this item on a node of version `typeVersion`, checked before any request (a read
 * for `item.fields.all`).
 */
export function outputView(item: ItemParameters, typeVersion: number): OutputView {
	const v = item.fields;
	if (typeVersion < OUTPUT_VERSION) {
		const simplify = v.boolean('simplify', item.value('simplify', false));
		return { mode: simplify ? 'simple' : 'raw', fields: [] };
	}
	const mode = v.oneOf('output', item.value('output', 'simple'), valuesOf(OUTPUT));
	if (mode !== 'fields') return { mode, fields: [] };
	const raw = item.value('fields', '');
	const names = (Array.isArray(raw) ? raw : String(raw ?? '').split(','))
		.map((name) => String(name).trim())
		.filter((name) => name !== '');
	if (names.length === 0)
		v.invalid('fields', 'name at least one field to return, separated by commas');
	const wrong = names.filter((name) => !FIELD_NAME.test(name));
	if (wrong.length > 0) {
		const quoted = wrong.map((name) => `"${name}"`).join(', ');
		const are = wrong.length === 1 ? 'is not a field name' : 'are not field names';
		v.invalid(
			'fields',
			`${quoted} ${are}: give top-level field names of the answer (letters, digits, _), separated by commas`,
		);
	}
	return { mode, fields: [...new Set(names)] };
}

/**
 * A simplified record with its verdict and reason right after its id (the `kept` fields): n8n's
 * Table view shows the keys in order, and a verdict added last sat beyond the panel's right edge.
 */
function verdictUpFront(simple: IDataObject, kept: readonly string[]): IDataObject {
	if (!('verdict' in simple)) return simple;
	const first = kept.filter((key) => key in simple);
	return Object.fromEntries(
		[...first, 'verdict', 'verdict_reason', ...Object.keys(simple)]
			.filter((key, index, keys) => key in simple && keys.indexOf(key) === index)
			.map((key) => [key, simple[key]]),
	);
}

/**
 * One record as its Output asks: Simplified through the operation's `simplify`, Raw as the service
 * sent it, Selected Fields with the fields named that the record has (a name the record lacks is
 * taken from Simplified, so a verdict and its reasons can be kept), plus `kept` (its id, and what
 * routes the item, e.g. `completed`) and every field starting with "_". `markers` are the node's
 * own fields (a wait's `_waitTimedOut` and `_polls`, helpers/waitLoop.ts): Raw and Selected Fields
 * read the record followed by them; Simplified is the operation's own shape, so its `simplify` adds
 * them where it wants. Nothing is filled in for a field neither has.
 */
export function shaped(
	record: IDataObject,
	view: OutputView,
	simplify: (record: IDataObject) => IDataObject,
	kept: readonly string[],
	markers: IDataObject = {},
): IDataObject {
	if (view.mode === 'simple') return verdictUpFront(simplify(record), kept);
	const marked = { ...record, ...markers };
	if (view.mode === 'raw') return marked;
	const out: IDataObject = {};
	let simple: IDataObject | undefined;
	for (const key of [...kept, ...view.fields]) {
		if (key in out) continue;
		if (marked[key] !== undefined) out[key] = marked[key];
		else if ((simple ??= simplify(record))[key] !== undefined) out[key] = simple[key];
	}
	for (const key of Object.keys(marked)) if (key.startsWith('_')) out[key] = marked[key];
	return out;
}

/** What Simplified says of a change, after the record's own fields: one word, then a sentence. */
export interface ChangeWords {
	/** What became of the record, in one word or two ("paused", "deleted", "not paused"). */
	outcome: string;
	/** The same in a sentence naming the record, as the service's answer tells it. */
	message: string;
}

/**
 * The Simplified answer of an operation that changes something: `fields` (what the operation read
 * from the service's answer, nothing filled in), then its `outcome` and `message`. The operation
 * derives them from the answer alone, so a service that answers "not done" reads as such.
 */
export function changed(fields: IDataObject, words: ChangeWords): IDataObject {
	return { ...fields, outcome: words.outcome, message: words.message };
}

/** The fields of `record` named in `keys`, as the service sent them (one it left out stays out). */
export function picked(record: IDataObject, keys: readonly string[]): IDataObject {
	const out: IDataObject = {};
	for (const key of keys) if (record[key] !== undefined) out[key] = record[key];
	return out;
}
