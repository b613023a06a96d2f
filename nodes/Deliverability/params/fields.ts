/**
 * API fields offered by more than one operation, described once: the seedlist, the asc/desc order,
 * the automated test id list. Names and values are the spec's own.
 */
import type { INodeProperties } from 'n8n-workflow';

import { choiceField } from './choices';

/** Seedlists of spec §2/§4: 1–4 for a spam test; an automated test also takes 0. */
export const SPAM_TEST_SEEDLISTS = [1, 2, 3, 4] as const;
export const AUTOMATED_TEST_SEEDLISTS = [0, 1, 2, 3, 4] as const;

/**
 * The seedlist number, with a short hint saying what the numbers are (the service's four fixed
 * lists; 0, for automated tests, leaves the choice to the service) and the longer explanation in
 * the description (its tooltip): n8n's lint keeps a hint to 120 characters, as it shows under the
 * field.
 */
export function seedlistOption(allowed: readonly number[], description: string): INodeProperties {
	const withZero = allowed.includes(0);
	return {
		displayName: 'Seedlist',
		name: 'seedlist',
		type: 'number',
		// No minValue/maxValue: the editor's number input would cut a typed value to fit (see
		// docs/behaviour.md → Numbers out of range are refused); the hint states the range and execute
		// refuses anything outside it.
		default: 1,
		description: `${description}. Each seed list is its own set of seed mailboxes at business and consumer providers.`,
		hint: `1 to 4: one of the service's four seed lists (1 is the default)${withZero ? '. 0: no particular list, the service chooses.' : '.'}`,
	};
}

/**
 * An IANA time zone inside a collection: a searchable list of zones (methods/listSearch.ts →
 * searchTimeZones), or a name typed or mapped from an expression. Read it with `locatorValue` and
 * check it with `Validator.timeZone`.
 */
export function timeZoneOption(description: string): INodeProperties {
	return {
		displayName: 'Time Zone',
		name: 'time_zone',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a time zone…',
				typeOptions: { searchListMethod: 'searchTimeZones', searchable: true },
			},
			{
				displayName: 'By Name',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. Europe/Paris',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*(UTC|[A-Za-z_]+(/[A-Za-z0-9_+-]+)+)\\s*$',
							errorMessage: 'An IANA time zone name, e.g. Europe/Paris',
						},
					},
				],
			},
		],
	};
}

export const ORDERS = ['asc', 'desc'] as const;

/** The `order` query parameter (asc | desc) of the spam test, automated test and domain lists. */
export function orderOption(spec: {
	description: string;
	default: (typeof ORDERS)[number];
	displayName?: string;
	/** Labels of asc and desc, when the sort key makes plainer words possible. */
	labels?: [string, string];
}): INodeProperties {
	const [asc, desc] = spec.labels ?? ['Ascending', 'Descending'];
	const choices = [
		{ name: asc, value: 'asc' },
		{ name: desc, value: 'desc' },
	] as const;
	return choiceField(spec.displayName ?? 'Order', 'order', choices, spec.default, spec.description);
}

/** `automated_test_ids` of an alert: the automated tests whose spam tests trigger it. */
export const automatedTestIdsOption: INodeProperties = {
	displayName: 'Automated Test IDs',
	name: 'automated_test_ids',
	type: 'string',
	default: '',
	placeholder: 'e.g. 12, 15',
	description: 'Comma-separated automated test IDs: only their spam tests trigger the alert',
};
