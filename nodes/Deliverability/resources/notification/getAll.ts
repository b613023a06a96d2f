/**
 * Notification → Get Many: `GET /notifications` with the optional `account_id` and `event` filters.
 * The service answers with its 25 most recent OPEN notifications, newest first, in one unpaginated
 * list: Return All gives all of them, Limit keeps the newest N; one request either way.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { EVENT_OPTIONS } from '../../../shared/events';
import { listFrom, type AnswerFact } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { choiceField } from '../../params/choices';
import { collectionOf, given, ifGiven } from '../../params/collections';
import { returnAllAndLimit } from '../../params/list';
import { accountFilter } from '../../../shared/resourceLocator';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Get Many',
	action: 'Get many notifications',
	description:
		'List the open notifications (the 25 most recent), optionally of one mailbox or one event',
};

export const builder: BuilderFacts = {
	returns: 'one item per open notification',
	fields: {
		id: '',
		event: 'e.g. ACCOUNT_DISCONNECTED',
		level: '',
		account_id: '',
		account_email: '',
		content: 'the message in words',
		domain: '',
	},
};

export const description: INodeProperties[] = [
	{
		displayName:
			'The service returns its 25 most recent open notifications (closed ones are left out), newest first: Return All gives all of them, Limit the newest ones',
		name: 'notificationsNotice',
		type: 'notice',
		default: '',
	},
	...returnAllAndLimit(),
	collectionOf('filters', [
		accountFilter('Only the notifications of this mailbox'),
		choiceField(
			'Event',
			'event',
			EVENT_OPTIONS,
			'ACCOUNT_DISCONNECTED',
			'Only the notifications of this event. To filter by another event ID, use an expression.',
		),
	]),
];

/**
 * The filters as query parameters, checked before the request (the account may come from a locator
 * or a number).
 */
function notificationQuery(item: Item): IDataObject {
	const filters = item.collection('filters');
	const v = item.fields;
	const raw = filters.account_id;
	const account = raw && typeof raw === 'object' ? (raw as IDataObject).value : raw;
	return given(
		v.all({
			account_id: ifGiven(account === '' || account === null ? undefined : account, (value) =>
				v.id('Filters → Mailbox', typeof value === 'string' ? value.trim() : value),
			),
			event: ifGiven(filters.event === '' ? undefined : filters.event, (value) =>
				v.nonEmptyString('Filters → Event', value),
			),
		}),
	);
}

const answer: AnswerFact = {
	shape: 'list',
	what: 'a list of notifications',
	wrapper: 'notifications',
};

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject[]> {
	const { limit, qs } = item.fields.all({
		limit: () => item.limit(),
		qs: () => notificationQuery(item),
	});
	const list = listFrom(
		await item.request({ method: 'GET', path: '/notifications', qs, kind: 'read', answer }),
	);
	return limit === undefined ? list : list.slice(0, limit);
}
