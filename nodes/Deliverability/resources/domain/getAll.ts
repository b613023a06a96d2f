import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest, listFrom } from '../../../shared/transport';
import { collectionOf, returnAllAndLimit, showFor } from '../../descriptions/common';
import { ORDERS, orderOption } from '../../descriptions/fields';
import { collectionValues, listLimit, validator } from '../../helpers/params';

export const operation = {
	name: 'Get Many',
	action: 'Get many sending domains with their SPF/DKIM/DMARC health',
	description: 'List the sending domains of the project (one item per domain)',
};

export const description: INodeProperties[] = [
	...returnAllAndLimit('domain', 'getAll'),
	collectionOf('options', showFor('domain', 'getAll'), [
		orderOption({
			displayName: 'Order by Average Score',
			labels: ['Ascending (Lowest First)', 'Descending (Highest First)'],
			default: 'asc',
			description: 'Sort by average score. Without it, domains come in the order they were first connected.',
		}),
	]),
];

/** The domains of the answer: `{domains: [...]}` as the spec says, or a bare array. */
export function domainsFrom(body: unknown): IDataObject[] {
	if (body && typeof body === 'object' && !Array.isArray(body) && Array.isArray((body as IDataObject).domains)) {
		return (body as IDataObject).domains as IDataObject[];
	}
	return listFrom(body);
}

/**
 * GET /projects/domains is not paginated: the whole list comes at once (`{domains: [...]}`, a bare array is
 * accepted too), and Return All / Limit are applied here.
 */
export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const v = validator(this, i);
	const options = collectionValues(this, 'options', i);
	const qs: IDataObject = {};
	if (options.order !== undefined) qs.order = v.oneOf('order', options.order, ORDERS);
	const limit = listLimit(this, i);
	const body = await apiRequest.call(this, { method: 'GET', path: '/projects/domains', qs, kind: 'read', itemIndex: i });
	const domains = domainsFrom(body);
	return limit === undefined ? domains : domains.slice(0, limit);
}
