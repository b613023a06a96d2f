import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { listFrom, type AnswerFact } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Get Aliases',
	action: 'Get mailbox aliases',
	description: 'List the OAuth aliases the mailbox can send from (one item per alias)',
};

export const builder: BuilderFacts = {
	returns: 'one item per alias the mailbox can send from',
	fields: { account_id: '', email: '', name: '' },
};

export const description: INodeProperties[] = [idPicker('accountId')];

/**
 * One output item per alias. The answer's shape is not in the spec: strings and objects are both
 * accepted.
 */
export function aliasItems(body: unknown, accountId: number): IDataObject[] {
	const list: unknown[] = Array.isArray(body) ? body : listFrom(body);
	return list
		.filter((alias) => alias !== null && alias !== undefined && alias !== '')
		.map((alias) =>
			typeof alias === 'object' && !Array.isArray(alias)
				? { ...(alias as IDataObject), account_id: accountId }
				: { email: String(alias), account_id: accountId },
		);
}

const answer: AnswerFact = {
	shape: 'list',
	what: 'a list of aliases',
	wrapper: 'aliases',
	itemsMayBeText: true,
};

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject[]> {
	const id = item.numericId('accountId');
	const body = await item.request({
		method: 'GET',
		path: `/accounts/${id}/aliases`,
		kind: 'read',
		answer,
	});
	const aliases = aliasItems(body, id);
	if (aliases.length === 0) {
		this.addExecutionHints({
			message: `Mailbox ${id} has no aliases, so it produced no output item. Aliases exist for OAuth mailboxes whose provider lists them.`,
			location: 'outputPane',
		});
	}
	return aliases;
}
