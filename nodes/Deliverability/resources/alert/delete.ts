import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { AnswerFact } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';

export const operation = {
	name: 'Delete',
	action: 'Delete an alert',
	description: 'Delete an alert',
};

export const description: INodeProperties[] = [idPicker('alertId')];

/** What the answer must be (checked by the transport before anything becomes an item). */
const answer: AnswerFact = {
	shape: 'object',
	what: 'the outcome of the delete',
	keys: ['id', 'deleted', 'success'],
	// The answer to DELETE /alerts/{id} is not documented: the sandbox's {id, deleted: true}, {success: true}, or a 204
	// / empty 200 (judgement call, sandbox/BEHAVIOUR.md "Misbehaving answers").
	emptyMeansDone: true,
};

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const id = item.numericId('alertId');
	const reply = await item.request({
		method: 'DELETE',
		path: `/alerts/${id}`,
		kind: 'update',
		answer,
	});
	return { id, ...reply };
}
