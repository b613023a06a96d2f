/** Every operation of the Deliverability node as a user reads it in the editor's pickers. */
import type { INodePropertyOptions } from 'n8n-workflow';

import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';

/** "Resource → Operation", in the Resource picker's names and each resource's Operation picker's, in picker order. */
export function operationNames(): string[] {
	const { properties } = new Deliverability().description;
	return (properties.find((p) => p.name === 'resource')!.options as INodePropertyOptions[]).flatMap(
		(resource) =>
			properties
				.filter(
					(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === resource.value,
				)
				.flatMap((p) =>
					(p.options as INodePropertyOptions[]).map((o) => `${resource.name} → ${o.name}`),
				),
	);
}
