/**
 * API fields offered by more than one operation, described once: the seedlist, the asc/desc order, the automated
 * test id list. Names and values are the spec's own.
 */
import type { INodeProperties } from 'n8n-workflow';

/** Seedlists of spec §2/§4: 1–4 for a spam test; an automated test also takes 0. */
export const SPAM_TEST_SEEDLISTS = [1, 2, 3, 4] as const;
export const AUTOMATED_TEST_SEEDLISTS = [0, 1, 2, 3, 4] as const;

export function seedlistOption(allowed: readonly number[], description: string): INodeProperties {
	return {
		displayName: 'Seedlist',
		name: 'seedlist',
		type: 'number',
		typeOptions: { minValue: Math.min(...allowed), maxValue: Math.max(...allowed) },
		default: 1,
		description,
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
	const initial = spec.default;
	return {
		displayName: spec.displayName ?? 'Order',
		name: 'order',
		type: 'options',
		options: [
			{ name: asc, value: 'asc' },
			{ name: desc, value: 'desc' },
		],
		default: initial,
		description: spec.description,
	};
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
