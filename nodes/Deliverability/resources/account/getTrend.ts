/**
 * Account → Get Warming Trend: is a mailbox's warming placement dropping? Reads the four landing
 * category graphs (GET /conversation_message_logs/{id}/sent/categories/graph/{INBOX|CATEGORIES|
 * SPAM|OTHERS}, `past_days` = 2 × Days − 1, so today and the days before), adds up the last Days
 * and the Days before them, and compares inbox % and spam % with the verdict of helpers/trend.ts.
 * One item per input item, so Account → Get Many before it trends every mailbox in one run
 * (docs/operations.md → Trends).
 */
import { DateTime } from 'luxon';
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import type { BuilderFacts } from '../../helpers/builder';
import type { Item } from '../../helpers/item';
import {
	NOT_ENOUGH_DATA,
	trendThresholdOptions,
	trendThresholds,
	trendVerdict,
} from '../../helpers/trend';
import { choiceField, valuesOf } from '../../params/choices';
import { collectionOf, given } from '../../params/collections';
import { idPicker } from '../../params/locator';
import { GRAPH, labelDate } from './shared/graphDays';

export const operation = {
	name: 'Get Warming Trend',
	action: 'Get the warming placement trend of an account',
	description: 'Whether warming inbox placement dropped: the last days against the days before',
};

export const builder: BuilderFacts = {
	returns:
		'one item per account (input item); put Account → Get Many before it to trend every mailbox',
	fields: {
		account_id: '',
		verdict: 'dropped, improved, stable or not enough data',
		verdict_reason: 'in words',
		inbox_percent: 'last days',
		inbox_percent_before: 'the days before',
		inbox_change: 'points',
		spam_percent: '',
		spam_change: 'points',
		sent: 'warming messages sent in the last days',
	},
	note: 'Four requests per account; reads only.',
};

const CATEGORIES = ['INBOX', 'CATEGORIES', 'SPAM', 'OTHERS'] as const;
const PROVIDERS = [
	{ name: 'Gmail', value: 'gmail' },
	{ name: 'Other Providers', value: 'others' },
	{ name: 'Outlook', value: 'outlook' },
] as const;
const OUTPUTS = [
	{
		name: 'Raw Answer',
		value: 'raw',
		description: 'One item per landing category graph read, as the service sent it',
	},
	{
		name: 'Trend',
		value: 'trend',
		description: 'One item with the verdict in words',
	},
] as const;

export const description: INodeProperties[] = [
	idPicker('accountId'),
	{
		displayName: 'Days',
		name: 'days',
		type: 'number',
		required: true,
		default: 7,
		description:
			'The last this many days (today included) against the same number of days before (1 to 90)',
	},
	{
		...choiceField('Output', 'output', OUTPUTS, 'trend', 'The shape of the output'),
		required: true,
	},
	collectionOf('options', [
		...trendThresholdOptions,
		{
			displayName: 'Minimum Messages',
			name: 'minMessages',
			type: 'number',
			default: 20,
			description:
				'How many warming messages each period needs; with fewer the verdict is not enough data (1 to 100000)',
		},
		choiceField(
			'Provider',
			'provider',
			PROVIDERS,
			'gmail',
			'Only warming messages exchanged with this provider (all three without it)',
		),
	]),
];

const answer = GRAPH;

/** A day's count as the graph gives it: a whole number from 0 (or its text), else undefined. */
function countOf(value: unknown): number | undefined {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** The sum of a period's days, from index `from` to before `to` (every count read by `gap`). */
const sum = (values: unknown[], from: number, to: number): number =>
	values.slice(from, to).reduce((total: number, value) => total + countOf(value)!, 0);

/**
 * Why a graph cannot give both periods, in words (undefined when it can): too few days, a day
 * without a count, or labels that skip a day (when every label of the periods is a date).
 */
function gap(
	category: string,
	graph: IDataObject,
	days: number,
	today: DateTime,
): string | undefined {
	const data = graph.data as unknown[];
	const labels = Array.isArray(graph.labels) ? (graph.labels as unknown[]) : [];
	if (data.length < 2 * days)
		return `the ${category} graph has ${data.length} day${data.length === 1 ? '' : 's'} of the ${2 * days} needed`;
	const first = data.length - 2 * days;
	const at = data.slice(first).findIndex((value) => countOf(value) === undefined);
	if (at >= 0) {
		const day = typeof labels[first + at] === 'string' ? ` for ${String(labels[first + at])}` : '';
		return `the ${category} graph has no count${day} (${JSON.stringify(data[first + at] ?? null)})`;
	}
	if (labels.length !== data.length) return undefined;
	const dates = labels.slice(first).map((label) => labelDate(label, today));
	if (dates.some((d) => d === null)) return undefined;
	const skip = dates.findIndex(
		(d, i) =>
			i > 0 && DateTime.fromISO(d!).diff(DateTime.fromISO(dates[i - 1]!), 'days').days !== 1,
	);
	return skip > 0
		? `the ${category} graph skips from ${String(labels[first + skip - 1])} to ${String(labels[first + skip])}`
		: undefined;
}

const percent = (part: number, whole: number): number => Math.round((part / whole) * 100);

export async function execute(
	this: IExecuteFunctions,
	item: Item,
): Promise<IDataObject | IDataObject[]> {
	const v = item.fields;
	const options = item.collection('options');
	const { id, days, output, thresholds, minMessages, provider } = v.all({
		id: () => item.numericId('accountId'),
		days: () => v.integer('days', item.value('days', 7), 1, 90),
		output: () => v.oneOf('output', item.value('output', 'trend'), valuesOf(OUTPUTS)),
		thresholds: () => trendThresholds(v, options),
		minMessages: () =>
			options.minMessages === undefined
				? 20
				: v.integer('minMessages', options.minMessages, 1, 100000),
		provider: () =>
			options.provider === undefined
				? undefined
				: v.oneOf('provider', options.provider, valuesOf(PROVIDERS)),
	});
	const graphs: IDataObject[] = [];
	for (const category of CATEGORIES)
		graphs.push(
			await item.request({
				method: 'GET',
				path: `/conversation_message_logs/${id}/sent/categories/graph/${category}`,
				qs: given({ past_days: 2 * days - 1, provider }),
				answer,
			}),
		);
	if (output === 'raw')
		return graphs.map((g, n) => ({ account_id: id, category: CATEGORIES[n], ...g }));
	// A graph without its list of days is not a graph: no trend is made up from it.
	const unreadable = graphs.findIndex((g) => !Array.isArray(g.data));
	if (unreadable >= 0)
		throw new NodeOperationError(
			this.getNode(),
			`The service's ${CATEGORIES[unreadable]} graph of account ${id} has no list of daily counts (data: ${JSON.stringify(graphs[unreadable].data ?? null)})`,
			{
				itemIndex: item.index,
				description:
					'Get Warming Trend adds up the daily counts of the four landing category graphs. This was a read: nothing was changed. Run it again later; if the answer stays the same, tell the service.',
			},
		);
	// The newest day is last in each graph; the periods are counted back from it, so the graphs
	// must end on the same day.
	const today = DateTime.now().setZone(this.getTimezone());
	const ends = graphs.map((g) => (Array.isArray(g.labels) ? g.labels[g.labels.length - 1] : null));
	const apart =
		ends.every((e) => typeof e === 'string') &&
		new Set(ends.map((e) => labelDate(e, today) ?? e)).size > 1;
	const gaps = apart
		? [`the graphs end on different days (${ends.join(', ')})`]
		: graphs.map((g, n) => gap(CATEGORIES[n], g, days, today)).filter(Boolean);
	const out: IDataObject = { account_id: id, days, ...(provider ? { provider } : {}) };
	// A graph that is not whole gives no numbers: a share of some of the days would be made up.
	if (gaps.length)
		return {
			...out,
			verdict: NOT_ENOUGH_DATA,
			verdict_reason: `No full graph: ${gaps.join('; ')}`,
		};
	const totals = graphs.map((g) => {
		const data = g.data as unknown[];
		return {
			now: sum(data, data.length - days, data.length),
			before: sum(data, data.length - 2 * days, data.length - days),
		};
	});
	const [inbox, , spam] = totals;
	const sentNow = totals.reduce((a, t) => a + t.now, 0);
	const sentBefore = totals.reduce((a, t) => a + t.before, 0);
	out.sent = sentNow;
	out.sent_before = sentBefore;
	if (sentNow) {
		out.inbox_percent = percent(inbox.now, sentNow);
		out.spam_percent = percent(spam.now, sentNow);
	}
	if (sentBefore) {
		out.inbox_percent_before = percent(inbox.before, sentBefore);
		out.spam_percent_before = percent(spam.before, sentBefore);
	}
	const short = [
		sentNow < minMessages ? `the last ${days} days` : undefined,
		sentBefore < minMessages ? `the ${days} days before` : undefined,
	].filter(Boolean);
	if (short.length) {
		out.verdict = NOT_ENOUGH_DATA;
		out.verdict_reason = `Fewer than ${minMessages} warming messages in ${short.join(' and ')}`;
		return out;
	}
	out.inbox_change = (out.inbox_percent as number) - (out.inbox_percent_before as number);
	out.spam_change = (out.spam_percent as number) - (out.spam_percent_before as number);
	const before = `the previous ${days} days' share`;
	const { verdict, reason } = trendVerdict(
		[
			{
				label: 'Warming inbox',
				now: out.inbox_percent as number,
				before: out.inbox_percent_before as number,
			},
			{
				label: 'Warming spam',
				now: out.spam_percent as number,
				before: out.spam_percent_before as number,
				lowerIsBetter: true,
			},
		],
		thresholds,
		before,
	);
	out.verdict = verdict;
	out.verdict_reason = reason;
	return out;
}
