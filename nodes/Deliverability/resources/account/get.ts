import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { AnswerFact } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';
import { outputFields, shaped } from '../../params/output';
import { simplifyAccount } from './shared/simplified';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Get',
	action: 'Get a mailbox',
	description: 'Retrieve one mailbox with its domain and scores',
};

export const builder: BuilderFacts = {
	returns: 'one item',
	fields: {
		id: 'numeric mailbox id',
		email: '',
		score: 'reputation 0 to 100',
		verdict: 'pass, warn or fail',
		verdict_reason: 'in words',
		disconnected: 'true when the mailbox lost its connection',
		paused: 'true when warming is paused',
		warming_enabled: 'the warm-up setting; a pause keeps it for Resume',
		problems: '',
	},
};

export const description: INodeProperties[] = [
	idPicker('accountId'),
	...outputFields({
		simplify:
			'Whether to give a verdict (pass, warn, fail) with its reasons, reputation scores, disconnected, paused and the warm-up setting (warming_enabled) instead of the whole mailbox',
		simplified:
			'A verdict (pass, warn, fail) with its reasons, reputation scores, disconnected, paused and the warm-up setting (warming_enabled)',
		kept: 'id',
		example: 'email, score, imap_issue',
	}),
];

export const answer: AnswerFact = { shape: 'object', what: 'a mailbox (with id)', keys: ['id'] };

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const { id, view } = item.fields.all({
		id: () => item.numericId('accountId'),
		view: () => item.output(),
	});
	const account = await item.request({ method: 'GET', path: `/accounts/${id}`, answer });
	return shaped(account, view, simplifyAccount, ['id']);
}
