/**
 * Account → Get Statistics: GET /accounts/{id}/stats with `provider` (gmail | outlook | others) and
 * `past_days` (0–180): totals of warming messages sent, received and landed in spam, the running
 * conversations, and the consolidation cutoff (data older than about 48 hours is consolidated).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { objectAnswer } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';

import { statsFilters, statsQuery } from './shared/stats';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Get Statistics',
	action: 'Get mailbox statistics',
	description: 'Totals of warming messages sent, received and landed in spam over the past days',
};

export const builder: BuilderFacts = {
	returns: 'one item',
	fields: {
		account_id: '',
		total_messages_sent: 'warming messages',
		total_messages_received: '',
		total_spam: 'warming messages that landed in spam',
	},
};

export const description: INodeProperties[] = [idPicker('accountId'), statsFilters()];

const answer = objectAnswer(
	'the statistics (total_messages_sent, total_messages_received, total_spam)',
	'total_messages_sent',
	'total_messages_received',
	'total_spam',
);

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const { id, qs } = item.fields.all({
		id: () => item.numericId('accountId'),
		qs: () => statsQuery(item),
	});
	const stats = await item.request({ method: 'GET', path: `/accounts/${id}/stats`, qs, answer });
	return { account_id: id, ...stats };
}
