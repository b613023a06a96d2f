import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { alertLocator } from '../../descriptions/locators';
import { locatorId } from '../../helpers/params';

export const operation = { name: 'Delete', action: 'Delete an alert', description: 'Delete an alert' };

export const description: INodeProperties[] = [alertLocator(['delete'])];

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const id = locatorId(this, 'alertId', i, true);
	const answer = await apiRequest.call(this, { method: 'DELETE', path: `/alerts/${id}`, kind: 'update', itemIndex: i });
	const extra = answer && typeof answer === 'object' && !Array.isArray(answer) ? answer : {};
	return { ...extra, deleted: true, id };
}
