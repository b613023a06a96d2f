import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { AnswerFact } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';
import { changed, outputFields, shaped } from '../../params/output';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Delete',
	action: 'Delete an alert',
	description: 'Delete an alert',
};

export const builder: BuilderFacts = {
	returns: 'one item',
	fields: {
		id: '',
		deleted: '',
		outcome: '',
		message: 'what happened, in words',
	},
};

export const description: INodeProperties[] = [
	idPicker('alertId'),
	...outputFields({
		simplified: 'Whether the alert was deleted (deleted: true), in words, with its ID',
		kept: 'id',
		example: 'deleted',
	}),
];

const answer: AnswerFact = {
	shape: 'object',
	what: 'the outcome of the delete',
	keys: ['id', 'deleted', 'success'],
	// The answer to DELETE /alerts/{id} is not documented: the sandbox's {id, deleted: true},
	// {success: true}, or a 204 / empty 200 (judgement call, sandbox/BEHAVIOUR.md "Misbehaving
	// answers").
	emptyMeansDone: true,
};

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const { id, view } = item.fields.all({
		id: () => item.numericId('alertId'),
		view: () => item.output(),
	});
	const reply = await item.request({
		method: 'DELETE',
		path: `/alerts/${id}`,
		kind: 'update',
		answer,
	});
	return shaped({ id, ...reply }, view, deletedWords, ['id']);
}

/**
 * Deleted unless the answer says otherwise (`deleted: false` or `success: false`); a 204 or an
 * empty 200 says done, as the answer fact reads it. The id is the one the user gave when the answer
 * has none.
 */
function deletedWords(said: IDataObject): IDataObject {
	const no = (value: unknown) => value === false || value === 'false';
	const id = String(said.id);
	if (no(said.deleted) || no(said.success))
		return changed(
			{ id: said.id, deleted: false },
			{ outcome: 'not deleted', message: `The service answered that alert ${id} was not deleted` },
		);
	return changed(
		{ id: said.id, deleted: true },
		{ outcome: 'deleted', message: `Alert ${id} deleted: it sends no more notifications` },
	);
}
