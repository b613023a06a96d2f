/**
 * Account → Delete: DELETE /accounts/{id}, with an optional `disconnect_reason` (free text, sent as
 * a query parameter). Permanent: warming and spam checks stop and running conversations are
 * cancelled.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { AnswerFact } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { collectionOf } from '../../params/collections';
import { idPicker } from '../../params/locator';
import { changed, outputFields, shaped } from '../../params/output';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Delete',
	action: 'Delete a mailbox permanently',
	description:
		'Remove a mailbox for good: warming and spam checks stop, running conversations are cancelled',
};

export const builder: BuilderFacts = {
	returns: 'one item',
	fields: {
		account_id: '',
		deleted: '',
		outcome: '',
		message: 'what happened, in words',
	},
	note: 'Permanent: warming and spam checks of the mailbox stop for good.',
};

export const description: INodeProperties[] = [
	{
		displayName:
			'Deleting a mailbox cannot be undone: its warming and spam checks stop and its running conversations are cancelled. To stop warming for a while, use Pause instead.',
		name: 'deleteAccountNotice',
		type: 'notice',
		default: '',
	},
	idPicker('accountId'),
	collectionOf('additionalFields', [
		{
			displayName: 'Disconnect Reason',
			name: 'disconnect_reason',
			type: 'string',
			default: '',
			placeholder: 'e.g. Mailbox closed',
			description: 'Why the mailbox is removed (free text, kept by the service)',
		},
	]),
	...outputFields({
		simplified: 'Whether the mailbox was deleted (deleted: true), in words, with its ID',
		kept: 'account_id',
		example: 'success',
	}),
];

const answer: AnswerFact = {
	shape: 'object',
	what: 'the outcome ({success: true})',
	keys: ['success'],
	// The service documents {success: true}; a 204 or an empty 200 to a DELETE says "done" as plainly
	// (judgement call, sandbox/BEHAVIOUR.md "Misbehaving answers").
	emptyMeansDone: true,
};

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const v = item.fields;
	const { id, reason, view } = v.all({
		id: () => item.numericId('accountId'),
		view: () => item.output(),
		reason: () => {
			const extra = item.collection('additionalFields');
			return extra.disconnect_reason === undefined
				? ''
				: v.string('disconnect_reason', extra.disconnect_reason).trim();
		},
	});
	const qs: IDataObject = reason === '' ? {} : { disconnect_reason: reason };
	// DELETE is an update for the transport: repeating it after a lost answer cannot delete anything
	// else.
	const reply = await item.request({
		method: 'DELETE',
		path: `/accounts/${id}`,
		qs,
		kind: 'update',
		answer,
	});
	// What the service said, and which account it was about (the id the user gave; a 204 leaves only
	// that).
	return shaped({ account_id: id, ...reply }, view, deletedWords, ['account_id']);
}

/**
 * Deleted unless the service said `success: false` (a 204 or an empty 200 says done, as the answer
 * fact reads it).
 */
function deletedWords(said: IDataObject): IDataObject {
	const id = String(said.account_id);
	if (said.success === false || said.success === 'false')
		return changed(
			{ account_id: said.account_id, deleted: false },
			{ outcome: 'not deleted', message: `The service answered success: false for mailbox ${id}` },
		);
	return changed(
		{ account_id: said.account_id, deleted: true },
		{
			outcome: 'deleted',
			message: `Mailbox ${id} deleted: its warming and spam checks stopped for good`,
		},
	);
}
