/**
 * Account → Get Graph: one of the four daily warming graphs of an account, each answering parallel
 * arrays `{labels: ["Apr 10", …, "Today"], data: [65, …], consolidated}`:
 * - sent: GET /conversation_message_logs/{account_id}/sent/graph
 * - received: GET /conversation_message_logs/{account_id}/received/graph
 * - landing category: GET
 *   /conversation_message_logs/{account_id}/sent/categories/graph/{INBOX|CATEGORIES|SPAM|OTHERS}
 * - conversations started: GET /conversation_statuses/{account_id}/graph
 * By default all seven graphs (sent, received, the four landing categories, conversations) are read
 * and become one item per day with a column per graph: the shape a table, a sheet or a chart series
 * takes as it is (a report needs no merge). One graph can be chosen instead (one item per day with
 * its count); the raw answers are an option.
 */
import { DateTime } from 'luxon';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Item } from '../../helpers/item';
import { choiceField, valuesOf } from '../../params/choices';
import { idPicker } from '../../params/locator';

import { GRAPH, perDay, perDayAll } from './shared/graphDays';
import { statsFilters, statsQuery } from './shared/stats';
import type { BuilderFacts } from '../../helpers/builder';

const METRICS = [
	{
		name: 'All (One Column Each)',
		value: 'all',
		description:
			'Every graph at once (seven requests): sent, received, inbox, categories, spam, others, conversations a day, plus inbox_percent',
	},
	{
		name: 'Conversations Started',
		value: 'conversations',
		description: 'Warming conversations started a day',
	},
	{
		name: 'Landing Category',
		value: 'category',
		description: 'Warming messages sent a day that landed in one category',
	},
	{ name: 'Received', value: 'received', description: 'Warming messages received a day' },
	{ name: 'Sent', value: 'sent', description: 'Warming messages sent a day' },
] as const;
const CATEGORIES = [
	{ name: 'Categories (Promotions, Social, Updates, Forums)', value: 'CATEGORIES' },
	{ name: 'Inbox (Inbox, Personal, Important)', value: 'INBOX' },
	{ name: 'Others', value: 'OTHERS' },
	{ name: 'Spam', value: 'SPAM' },
] as const;
const OUTPUTS = [
	{
		name: 'One Item per Day',
		value: 'perDay',
		description:
			'Oldest day first, ready for a table, a sheet or a chart. All: {account_id, date, label, sent, received, inbox, categories, spam, others, conversations, inbox_percent, consolidated}; one graph: {account_id, metric, label, date, count, consolidated}.',
	},
	{
		name: 'Raw Answer',
		value: 'raw',
		description:
			'One item per graph with the parallel labels and data arrays, as the service sends them',
	},
] as const;
type Metric = Exclude<(typeof METRICS)[number]['value'], 'all'>;
type Category = (typeof CATEGORIES)[number]['value'];

/** The graphs of Metric "All", in column order: each column's name and where it is read. */
const ALL_GRAPHS: Array<{ column: string; metric: Metric; category?: Category }> = [
	{ column: 'sent', metric: 'sent' },
	{ column: 'received', metric: 'received' },
	{ column: 'inbox', metric: 'category', category: 'INBOX' },
	{ column: 'categories', metric: 'category', category: 'CATEGORIES' },
	{ column: 'spam', metric: 'category', category: 'SPAM' },
	{ column: 'others', metric: 'category', category: 'OTHERS' },
	{ column: 'conversations', metric: 'conversations' },
];

export const operation = {
	name: 'Get Graph',
	action: 'Get mailbox warming graphs',
	description:
		'Warming messages sent, received, by landing category, and conversations started, per day',
};

export const builder: BuilderFacts = {
	returns: 'one item per day',
	fields: {
		account_id: '',
		date: '',
		sent: '',
		received: '',
		inbox: '',
		spam: '',
		inbox_percent: '',
	},
};

export const description: INodeProperties[] = [
	idPicker('accountId'),
	{
		...choiceField('Metric', 'metric', METRICS, 'all', 'Which daily counts to get'),
		required: true,
	},
	{
		...choiceField(
			'Category',
			'category',
			CATEGORIES,
			'INBOX',
			'Where the counted messages landed',
		),
		required: true,
		displayOptions: { show: { metric: ['category'] } },
	},
	statsFilters(),
	{
		...choiceField('Output', 'output', OUTPUTS, 'perDay', 'The shape of the output'),
		required: true,
	},
];

function pathOf(metric: Metric, id: number, category: string): string {
	if (metric === 'sent') return `/conversation_message_logs/${id}/sent/graph`;
	if (metric === 'received') return `/conversation_message_logs/${id}/received/graph`;
	if (metric === 'category')
		return `/conversation_message_logs/${id}/sent/categories/graph/${category}`;
	return `/conversation_statuses/${id}/graph`;
}

const answer = GRAPH;

export async function execute(
	this: IExecuteFunctions,
	item: Item,
): Promise<IDataObject | IDataObject[]> {
	const v = item.fields;
	const picked = item.value('metric');
	const { id, metric, category, output, qs } = v.all({
		id: () => item.numericId('accountId'),
		metric: () => v.oneOf('metric', picked, valuesOf(METRICS)),
		// Asked for when the picked metric is the category graph, checked or not.
		category: () =>
			String(picked ?? '').trim() === 'category'
				? v.oneOf('category', item.value('category'), valuesOf(CATEGORIES))
				: undefined,
		output: () => v.oneOf('output', item.value('output', 'perDay'), valuesOf(OUTPUTS)),
		qs: () => statsQuery(item),
	});
	const today = DateTime.now().setZone(this.getTimezone());
	if (metric === 'all') {
		// One after another: the pacer spaces them anyway, and a failure stops the item before the next
		// request.
		const answers: IDataObject[] = [];
		for (const graph of ALL_GRAPHS) {
			answers.push(
				await item.request({
					method: 'GET',
					path: pathOf(graph.metric, id, graph.category ?? ''),
					qs,
					answer,
				}),
			);
		}
		const bases = ALL_GRAPHS.map(
			(g): IDataObject => ({
				account_id: id,
				metric: g.metric,
				...(g.category ? { category: g.category } : {}),
			}),
		);
		if (output === 'raw') return answers.map((reply, n) => ({ ...bases[n], ...reply }));
		const items = perDayAll(
			ALL_GRAPHS.map((g, n) => ({ column: g.column, days: perDay(answers[n], {}, today) })),
			{ account_id: id },
		);
		if (items.length === 0)
			this.addExecutionHints({
				message: `The graphs of mailbox ${id} have no days.`,
				location: 'outputPane',
			});
		return items;
	}
	const reply = await item.request({
		method: 'GET',
		path: pathOf(metric, id, category ?? ''),
		qs,
		answer,
	});
	const base: IDataObject = { account_id: id, metric, ...(category ? { category } : {}) };
	if (output === 'raw') return { ...base, ...reply };
	const items = perDay(reply, base, today);
	if (items.length === 0) {
		this.addExecutionHints({
			message: `The ${metric} graph of mailbox ${id} has no days.`,
			location: 'outputPane',
		});
	}
	return items;
}
