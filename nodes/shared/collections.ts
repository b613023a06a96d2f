/**
 * The collections of optional inputs (Additional Fields, Filters, Options, Update Fields) as every
 * node builds them: n8n's standard labels, options sorted by display name. The action node reads
 * their values through params/collections.ts. The options lists built here are hidden from n8n's
 * lint; test/nodes/behaviour/node-description.test.ts checks them on the built descriptions.
 */
import type { INodeProperties } from 'n8n-workflow';

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
