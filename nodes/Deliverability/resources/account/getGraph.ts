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

import type { AnswerFact } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { choiceField, valuesOf } from '../../params/choices';
import { idPicker } from '../../params/locator';

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
	action: 'Get account warming graphs',
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

/**
 * The calendar date (YYYY-MM-DD) of a graph label, in the workflow's time zone: "Today",
 * "Yesterday", an ISO date, or a month and day such as "Apr 10" / "10 Apr" / "April 10" (the latest
 * such day that is not after today). Anything else gives null.
 */
export function labelDate(label: unknown, today: DateTime): string | null {
	if (typeof label !== 'string') return null;
	const text = label.trim();
	if (/^today$/i.test(text)) return today.toISODate();
	if (/^yesterday$/i.test(text)) return today.minus({ days: 1 }).toISODate();
	if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
		const iso = DateTime.fromISO(text.slice(0, 10), { zone: today.zone });
		return iso.isValid ? iso.toISODate() : null;
	}
	for (const format of ['LLL d', 'LLLL d', 'd LLL', 'd LLLL', 'LLL d,', 'LLL dd']) {
		const parsed = DateTime.fromFormat(text, format, { zone: today.zone, locale: 'en-US' });
		if (!parsed.isValid) continue;
		let date = parsed.set({ year: today.year });
		if (date.startOf('day') > today.startOf('day')) date = date.minus({ years: 1 });
		return date.toISODate();
	}
	return null;
}

/** An item a day from the parallel arrays; a label without a date is dated from "Today" back. */
export function perDay(answer: IDataObject, base: IDataObject, today: DateTime): IDataObject[] {
	const labels = Array.isArray(answer.labels) ? (answer.labels as unknown[]) : [];
	const data = Array.isArray(answer.data) ? (answer.data as unknown[]) : [];
	const length = Math.max(labels.length, data.length);
	const endsToday = labels.length > 0 && /^today$/i.test(String(labels[labels.length - 1]).trim());
	const items: IDataObject[] = [];
	for (let i = 0; i < length; i++) {
		const date =
			labelDate(labels[i], today) ??
			(endsToday && labels.length === length
				? today.minus({ days: length - 1 - i }).toISODate()
				: null);
		const raw = data[i];
		const count =
			typeof raw === 'number'
				? raw
				: typeof raw === 'string' && raw.trim() !== '' && !Number.isNaN(Number(raw))
					? Number(raw)
					: (raw ?? null);
		items.push({
			...base,
			label: (labels[i] as string | undefined) ?? null,
			date,
			count: count as number | null,
			consolidated: answer.consolidated ?? null,
		});
	}
	return items;
}

/** Several graphs' days merged: one item per day (by date, else by label), a column per graph. */
export function perDayAll(
	graphs: Array<{ column: string; days: IDataObject[] }>,
	base: IDataObject,
): IDataObject[] {
	const rows = new Map<string, IDataObject>();
	const consolidated: unknown[] = [];
	for (const { column, days } of graphs) {
		for (const day of days) {
			const key = day.date !== null ? `date:${String(day.date)}` : `label:${String(day.label)}`;
			let row = rows.get(key);
			if (!row) {
				row = { ...base, date: day.date, label: day.label };
				rows.set(key, row);
			}
			row[column] = day.count;
			consolidated.push(day.consolidated);
		}
	}
	// Graphs of one query share their consolidation; when they differ, no single value is true, so
	// none is given.
	const known = consolidated.filter((c) => c !== null && c !== undefined);
	const same = known.length > 0 && known.every((c) => c === known[0]) ? known[0] : null;
	const items = [...rows.values()].sort((a, b) =>
		a.date === null || b.date === null ? 0 : String(a.date).localeCompare(String(b.date)),
	);
	for (const row of items) {
		// The share of the warming messages sent that day that landed in the inbox, when all four
		// categories came.
		const landed = ['inbox', 'categories', 'spam', 'others'].map((c) => row[c]);
		if (landed.every((n) => typeof n === 'number')) {
			const total = (landed as number[]).reduce((a, b) => a + b, 0);
			row.inbox_percent = total > 0 ? Math.round(((row.inbox as number) / total) * 100) : null;
		}
		row.consolidated = same as boolean | null;
	}
	return items;
}

const answer: AnswerFact = {
	shape: 'object',
	what: 'a graph ({labels, data})',
	keys: ['labels', 'data'],
};

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
				message: `The graphs of account ${id} have no days.`,
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
			message: `The ${metric} graph of account ${id} has no days.`,
			location: 'outputPane',
		});
	}
	return items;
}
