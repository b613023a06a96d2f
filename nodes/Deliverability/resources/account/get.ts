import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { accountLocator } from '../../descriptions/locators';
import { locatorId } from '../../helpers/params';

export const operation = {
	name: 'Get',
	action: 'Get an account (a sending mailbox) by numeric ID',
	description: 'Retrieve one account with its domain and scores',
};

export const description: INodeProperties[] = [accountLocator(['get'])];

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const id = locatorId(this, 'accountId', i, true);
	return await apiRequest.call(this, { method: 'GET', path: `/accounts/${id}`, itemIndex: i });
}
