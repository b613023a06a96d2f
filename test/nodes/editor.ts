/**
 * What n8n's editor does with the action node's parameters, computed with n8n's own NodeHelpers: the parameters it
 * saves in the workflow, and the credentials it asks for with them.
 */
import type { INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';

const node = new Deliverability();

const stubWith = (parameters: INodeParameters) =>
	({
		name: 'Deliverability',
		type: 'deliverability',
		typeVersion: 1,
		parameters,
	}) as unknown as INode;

/** The node's parameters as n8n saves them in the workflow (every shown parameter, defaults included). */
export function savedParameters(parameters: INodeParameters): INodeParameters {
	return (
		NodeHelpers.getNodeParameters(
			node.description.properties,
			parameters,
			true,
			false,
			stubWith(parameters),
			node.description,
		) ?? {}
	);
}

/** The credential types n8n asks for with these parameters (shown by the credentials' displayOptions), sorted. */
export function credentialsAskedFor(parameters: INodeParameters): string[] {
	const saved = savedParameters(parameters);
	return (node.description.credentials ?? [])
		.filter((c) => NodeHelpers.displayParameter(saved, c, stubWith(saved), node.description))
		.map((c) => c.name)
		.sort();
}
