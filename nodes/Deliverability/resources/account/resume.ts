import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { accountLocator } from '../../descriptions/locators';
import { setAlive } from './pause';

export const operation = {
	name: 'Resume',
	action: 'Resume an account',
	description: 'Restart warming on a paused account (alive: true)',
};

export const description: INodeProperties[] = [accountLocator(['resume'])];

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	return await setAlive(this, i, true);
}
