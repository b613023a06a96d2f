/**
 * On-screen labels of parameters, for error messages: `time_zone` of Automated Test → Update is
 * shown as "Update Fields → Time Zone", `accountId` as "Account". Read from the description it is
 * given (each resource passes its own, resources/types.ts); a name it does not find is taken as a
 * label already (e.g. "Update Fields").
 */
import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

/**
 * Whether a parameter shows for this resource and operation (a parameter without conditions shows
 * everywhere).
 */
function isShownFor(p: INodeProperties, resource: string, operation: string): boolean {
	const show = p.displayOptions?.show;
	if (!show) return true;
	const resources = show.resource as unknown[] | undefined;
	const operations = show.operation as unknown[] | undefined;
	return (
		(!resources || resources.includes(resource)) && (!operations || operations.includes(operation))
	);
}

function isCollectionOption(o: unknown): o is INodePropertyCollection {
	return (
		typeof o === 'object' && o !== null && Array.isArray((o as INodePropertyCollection).values)
	);
}

/**
 * The label of a parameter (or of an option inside a collection, with where it is) on this
 * resource/operation.
 */
export function labelOf(
	field: string,
	resource: string,
	operation: string,
	properties: INodeProperties[],
): string {
	const shown = properties.filter((p) => isShownFor(p, resource, operation));
	const top = shown.find((p) => p.name === field && p.type !== 'notice');
	if (top) return top.displayName;
	for (const p of shown) {
		for (const option of p.options ?? []) {
			if (
				(p.type === 'collection' || p.type === 'fixedCollection') &&
				'displayName' in option &&
				option.name === field
			) {
				return `${p.displayName} → ${option.displayName}`;
			}
			if (p.type === 'fixedCollection' && isCollectionOption(option)) {
				const inner = option.values.find((value) => value.name === field);
				if (inner) return `${p.displayName} → ${inner.displayName}`;
			}
		}
	}
	return field;
}
