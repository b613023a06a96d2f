/**
 * Tag → Link to Account: `POST /tags/{id}/link` `{account_id}` → `{id, name}`. The account then
 * carries the tag and is found by it (Account → Get Many, Filters → Tags). Tags the provider
 * defines cannot be linked (the service refuses them). Linking a tag the account already has
 * changes nothing, so the request is safe to repeat.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { objectAnswer } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';
import { changed, outputFields, picked, shaped } from '../../params/output';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Link to Mailbox',
	action: 'Link a tag to a mailbox',
	description: 'Add an existing tag to a mailbox (provider-defined tags cannot be linked)',
};

export const builder: BuilderFacts = {
	returns: 'one item',
	fields: {
		account_id: '',
		id: 'the tag id',
		name: '',
		outcome: '',
		message: 'what happened, in words',
	},
};

export const description: INodeProperties[] = [
	idPicker('tagId'),
	idPicker('accountId', 'The mailbox that gets the tag. Search by email or name, or give its ID.'),
	...outputFields({
		simplified: 'The tag (ID, name) and the mailbox it now marks, in words',
		kept: 'id',
		example: 'name',
	}),
];

const answer = objectAnswer('the tag ({id, name})', 'id', 'name');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const { tagId, accountId, view } = item.fields.all({
		tagId: () => item.numericId('tagId'),
		accountId: () => item.numericId('accountId'),
		view: () => item.output(),
	});
	const tag = await item.request({
		method: 'POST',
		path: `/tags/${tagId}/link`,
		body: { account_id: accountId },
		kind: 'update',
		answer,
	});
	return shaped(tag, view, (t) => linkedWords(t, accountId), ['id']);
}

/** The tag as the service answered it, and the account it was linked to (the one the user gave). */
function linkedWords(tag: IDataObject, accountId: number): IDataObject {
	const name =
		typeof tag.name === 'string' ? `"${tag.name}" (ID ${String(tag.id)})` : `ID ${String(tag.id)}`;
	return changed(
		{ ...picked(tag, ['id', 'name']), account_id: accountId },
		{
			outcome: 'linked',
			message: `Tag ${name} linked to mailbox ${accountId}: Mailbox → Get Many finds it by this tag`,
		},
	);
}
