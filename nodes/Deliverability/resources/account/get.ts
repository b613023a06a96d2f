import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { AnswerFact } from '../../../shared/transport';
import { simplifyOption } from '../../descriptions/common';
import { idPicker } from '../../descriptions/locators';
import type { Item } from '../../helpers/item';
import { flag, locatorId } from '../../helpers/params';
import { simplifyAccount } from './simplified';

export const operation = {
	name: 'Get',
	action: 'Get an account',
	description: 'Retrieve one account with its domain and scores',
};

export const description: INodeProperties[] = [
	idPicker('accountId'),
	{
		...simplifyOption(),
		description:
			'Whether to give a verdict (pass, warn, fail) with its reasons, reputation scores and disconnected / paused / warming instead of the whole account',
	},
];

/** What the answer must be (checked by the transport before anything becomes an item). */
export const answer: AnswerFact = { shape: 'object', what: 'an account (with id)', keys: ['id'] };

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const { id, simplify } = item.fields.all({
		id: () => locatorId(this, item, 'accountId', true),
		simplify: () => flag(this, item, 'simplify'),
	});
	const account = await item.request({ method: 'GET', path: `/accounts/${id}`, answer });
	return simplify ? simplifyAccount(account) : account;
}
