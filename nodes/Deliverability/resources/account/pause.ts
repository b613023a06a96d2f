import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readBoolean } from '../../../shared/lenient';
import { objectAnswer } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';
import { changed, outputFields, shaped } from '../../params/output';
import { accountName, simplifyAccount } from './shared/simplified';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Pause',
	action: 'Pause a mailbox',
	description: 'Stop warming on a mailbox (alive: false)',
};

export const builder: BuilderFacts = {
	returns: 'one item, the mailbox',
	fields: {
		id: '',
		email: '',
		paused: 'true once warming is paused',
		outcome: '',
		message: 'what happened, in words',
	},
};

/**
 * Output of Pause and Resume (version 1.1: Simplified by default; version 1 answers raw, as it
 * always did).
 */
export function aliveOutput(done: string): INodeProperties[] {
	return outputFields({
		simplified: `Whether the mailbox is ${done} (paused: ${done === 'paused'}), in words, with its ID, email and verdict`,
		kept: 'id',
		example: 'email, alive',
	});
}

export const description: INodeProperties[] = [idPicker('accountId'), ...aliveOutput('paused')];

/**
 * Pause and Resume are the account update with only `alive` (the most common reaction to an alert).
 * Simplified says whether the account the service answered with is paused, as its `alive` says (not
 * what was asked for).
 */
export async function setAlive(item: Item, { alive }: { alive: boolean }): Promise<IDataObject> {
	const { id, view } = item.fields.all({
		id: () => item.numericId('accountId'),
		view: () => item.output(),
	});
	const account = await item.request({
		method: 'POST',
		path: `/accounts/${id}`,
		body: { alive },
		kind: 'update',
		answer,
	});
	return shaped(account, view, (a) => aliveWords(a, alive), ['id']);
}

function aliveWords(account: IDataObject, asked: boolean): IDataObject {
	const simple = simplifyAccount(account);
	const name = accountName(account);
	const now = readBoolean(account.alive);
	const word = asked ? 'resumed' : 'paused';
	if (now === asked)
		return changed(simple, {
			outcome: word,
			message: asked
				? `Mailbox ${name} is active again: warming and spam tests can run`
				: `Mailbox ${name} is paused: no warming or spam tests run until it is resumed`,
		});
	return changed(simple, {
		outcome: `not ${word}`,
		message: `The service answered, but mailbox ${name} says alive: ${String(account.alive)}`,
	});
}

const answer = objectAnswer('the mailbox (with id)', 'id', 'alive');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	return await setAlive(item, { alive: false });
}
