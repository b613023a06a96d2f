/**
 * Builders of the parameter groups every resource uses (a collection, Return All/Limit, an id locator, the wait
 * options, Simplify), so each is described once and looks the same everywhere. Options lists built here (and pickers,
 * choices.ts) are hidden from n8n's lint; test/nodes/node-description.test.ts checks them and the released names instead.
 */
import type { INodeProperties, INodePropertyMode } from 'n8n-workflow';

import { choiceField } from './choices';

/** The four collections of optional inputs, with n8n's standard labels. */
const COLLECTIONS = {
	additionalFields: { displayName: 'Additional Fields', placeholder: 'Add Field' },
	filters: { displayName: 'Filters', placeholder: 'Add Filter' },
	options: { displayName: 'Options', placeholder: 'Add Option' },
	updateFields: { displayName: 'Update Fields', placeholder: 'Add Field' },
} as const;

/** What every Update Fields collection promises (an update sends only what the user set); said once, here. */
export const UPDATE_FIELDS_NOTE =
	'Only the fields added here are changed; the others stay as they are';

/** The description a collection has unless its operation gives one. */
const STANDARD_DESCRIPTIONS: Partial<Record<keyof typeof COLLECTIONS, string>> = {
	updateFields: UPDATE_FIELDS_NOTE,
};

/**
 * A collection of optional inputs. Inside it every option is named like the API field or query parameter it sets,
 * so a workflow maps 1:1 onto the spec; the options are sorted by display name here.
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

/** Return All + Limit, with the wording n8n's lint expects. */
export function returnAllAndLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { show: { returnAll: [false] } },
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
		},
	];
}

export interface LocatorSpec {
	/** The parameter's name; its AI hint is declared with the picker (descriptions/locators.ts). */
	name: string;
	displayName: string;
	/** listSearch method; omitted where the service cannot list the resource. */
	searchListMethod?: string;
	/** Numeric ids (every id but a spam test's public_id). */
	numeric: boolean;
	placeholder: string;
	description?: string;
}

/** The modes of a picker: a searchable list (where the service can list the resource), then the ID typed or mapped. */
export function locatorModes(
	spec: Pick<LocatorSpec, 'searchListMethod' | 'numeric' | 'placeholder'>,
): INodePropertyMode[] {
	// `as const` on the mode types: n8n's lint takes a standalone object with a displayName, name and literal type
	// for a parameter (and asks for a default); modes have none.
	const validation: INodePropertyMode['validation'] = spec.numeric
		? [
				{
					type: 'regex',
					properties: { regex: '^\\s*[0-9]+\\s*$', errorMessage: 'The ID is a whole number' },
				},
			]
		: [
				{
					type: 'regex',
					properties: { regex: '^\\s*[A-Za-z0-9_-]+\\s*$', errorMessage: 'Not a valid ID' },
				},
			];
	const modes: INodePropertyMode[] = [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list' as const,
			typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string' as const,
			placeholder: spec.placeholder,
			validation,
		},
	];
	return spec.searchListMethod ? modes : modes.slice(1);
}

/** A resource locator: pick from a searchable list, or give the id (from an expression, typically). */
export function locator(spec: LocatorSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		required: true,
		default: { mode: spec.searchListMethod ? 'list' : 'id', value: '' },
		description: spec.description,
		modes: locatorModes(spec),
	};
}

/** The in-node wait's default timeout: short, since it holds the execution (and a queue-mode worker slot). */
export const DEFAULT_WAIT_MINUTES = 5;

/** What a wait does when its timeout passes first (On Timeout). */
export const ON_TIMEOUT = [
	{ name: 'Fail With an Error', value: 'error' },
	{
		name: 'Return Last Snapshot',
		value: 'returnLast',
		description: 'Return what the service had, flagged with _waitTimedOut: true',
	},
] as const;

/** Said under Wait for Completion while it is on: what the wait costs, and the loop that costs nothing. */
const WAIT_HOLDS_NOTICE =
	"Waiting here keeps this execution running, and in queue mode one of the worker's slots busy, until the result comes or the timeout passes; if the worker stops meanwhile, the execution is lost. For waits longer than a few minutes, turn this off and wire the <b>Not Yet</b> output through n8n's <b>Wait</b> node (more than 65 seconds) back to this node: n8n then stores the execution while it waits and holds no worker.";

/**
 * Wait for Completion, for the operations that can wait for a result (spam test Get, account Batch, task Get, …):
 * one switch at the operation's top level and, right under it and only while it is on, its settings. Spread it into
 * the operation's description (`...waitForCompletionFields('the task', 'progress reaches 100')`) and
 * read it with `waitSettings(this, item)` (helpers/wait.ts). `whenOff` shows a notice only while the switch is off (say
 * how else to follow the result), so no notice asks to turn on what is already on.
 */
export function waitForCompletionFields(
	what: string,
	doneWhen: string,
	whenOff?: string,
): INodeProperties[] {
	const whileOn = { show: { waitForCompletion: [true] } };
	const fields: INodeProperties[] = [
		{
			displayName: 'Wait for Completion',
			name: 'waitForCompletion',
			type: 'boolean',
			default: false,
			description: `Whether to poll until ${what} is finished (${doneWhen}) before returning. While it polls, the execution stays running and, in queue mode, holds one of the worker's slots.`,
		},
		{
			displayName: 'Poll Interval (Seconds)',
			name: 'pollInterval',
			type: 'number',
			default: 15,
			displayOptions: whileOn,
			description: 'Seconds between two checks (1 to 600)',
		},
		{
			displayName: 'Timeout (Minutes)',
			name: 'timeoutMinutes',
			type: 'number',
			default: DEFAULT_WAIT_MINUTES,
			displayOptions: whileOn,
			description:
				'Give up waiting after this many minutes (above 0, at most 120). For longer waits use the "Not Yet" output and n8n\'s Wait node.',
		},
		{
			...choiceField(
				'On Timeout',
				'onTimeout',
				ON_TIMEOUT,
				'error',
				'What to do when the timeout passes before completion',
			),
			displayOptions: whileOn,
		},
		{
			displayName: WAIT_HOLDS_NOTICE,
			name: 'waitHoldsNotice',
			type: 'notice',
			default: '',
			displayOptions: whileOn,
		},
	];
	if (whenOff) {
		fields.push({
			displayName: whenOff,
			name: 'waitNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { waitForCompletion: [false] } },
		});
	}
	return fields;
}

/** The node version from which Output replaces Simplify (Deliverability.node.ts `version`). */
export const OUTPUT_VERSION = 1.1;

/** Shown from OUTPUT_VERSION on (n8n's `@version` display condition). */
const FROM_OUTPUT_VERSION = { '@version': [{ _cnd: { gte: OUTPUT_VERSION } }] };

/** The Output picker's values, sorted by name (its Simplified entry is described by each operation). */
export const OUTPUT = [
	{ name: 'Raw', value: 'raw', description: "The service's answer as it is" },
	{
		name: 'Selected Fields',
		value: 'fields',
		description: "Only the fields named under Fields, from the service's answer, and the ID",
	},
	{ name: 'Simplified', value: 'simple' },
] as const;

export interface OutputSpec {
	/** Version 1's Simplify switch, as it was ("Whether to give … instead of the raw answer"). */
	simplify: string;
	/** What Simplified returns, for its entry in the Output picker. */
	simplified: string;
	/** The field(s) Selected Fields always keeps, as said on screen ("id"). */
	kept: string;
	/** A sensible pick, for the Fields placeholder ("email, score"). */
	example: string;
}

/**
 * What an operation answering with records returns. Version 1 keeps its Simplify switch exactly as it was (saved
 * workflows keep working); from version 1.1 it is n8n's Output choice instead: Simplified (the default, the same as
 * Simplify on), Raw (Simplify off) or Selected Fields (only the fields named, the record's id always kept), which
 * keeps an AI tool's answer small. Read with `outputView(this, item)` (helpers/output.ts).
 */
export function outputFields(spec: OutputSpec): INodeProperties[] {
	return [
		{
			...simplifyOption(),
			description: spec.simplify,
			displayOptions: { hide: FROM_OUTPUT_VERSION },
		},
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
			description: `Comma-separated names of fields of the service's answer to return (${spec.kept} is always kept)`,
			displayOptions: { show: { ...FROM_OUTPUT_VERSION, output: ['fields'] } },
		},
	];
}

/** The "Simplify" switch for wide responses: on by default, as in n8n's built-in nodes. */
export function simplifyOption(): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
	};
}
