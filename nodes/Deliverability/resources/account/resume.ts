import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';
import { aliveOutput, setAlive } from './pause';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Resume',
	action: 'Resume a mailbox',
	description: 'Restart warming on a paused mailbox (alive: true)',
};

export const builder: BuilderFacts = {
	returns: 'one item, the mailbox',
	fields: {
		id: '',
		email: '',
		paused: 'false once warming runs again',
		outcome: '',
		message: 'what happened, in words',
	},
};

export const description: INodeProperties[] = [idPicker('accountId'), ...aliveOutput('active')];

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	return await setAlive(item, { alive: true });
}
