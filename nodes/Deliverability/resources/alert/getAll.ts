import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { listFrom } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { returnAllAndLimit } from '../../params/list';
import type { BuilderFacts } from '../../helpers/builder';
import { ALERT_LIST } from './shared/alertList';

export const operation = {
	name: 'Get Many',
	action: 'Get many alerts',
	description: 'List the alerts of the project',
};

export const builder: BuilderFacts = {
	returns: 'one item per alert',
	fields: { id: '', events: '', channel: '', hook_url: '', active: '' },
};

export const description: INodeProperties[] = [...returnAllAndLimit()];

/** GET /alerts is one bare array (not paginated): Limit is applied here. */
export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject[]> {
	const limit = item.limit();
	const alerts = listFrom(
		await item.request({ method: 'GET', path: '/alerts', answer: ALERT_LIST }),
	);
	return limit === undefined ? alerts : alerts.slice(0, limit);
}
