import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { AnswerFact } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';

export const operation = {
	name: 'Pause',
	action: 'Pause an account',
	description: 'Stop warming on an account (alive: false)',
};

export const description: INodeProperties[] = [idPicker('accountId')];

/** Pause and Resume are the account update with only `alive` (the most common reaction to an alert). */
export async function setAlive(item: Item, { alive }: { alive: boolean }): Promise<IDataObject> {
	const id = item.numericId('accountId');
	return await item.request({
		method: 'POST',
		path: `/accounts/${id}`,
		body: { alive },
		kind: 'update',
		answer,
	});
}

/** What the answer must be (checked by the transport before anything becomes an item). */
const answer: AnswerFact = {
	shape: 'object',
	what: 'the account (with id)',
	keys: ['id', 'alive'],
};

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	return await setAlive(item, { alive: false });
}
