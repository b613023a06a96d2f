import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { accountLocator } from '../../descriptions/locators';
import { setAlive } from './pause';

export const description: INodeProperties[] = [accountLocator(['resume'])];

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	return await setAlive(this, i, true);
}
