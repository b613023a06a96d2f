/**
 * Account → Get Warming Trend: is a mailbox's warming placement dropping? Reads the four landing
 * category graphs (GET /conversation_message_logs/{id}/sent/categories/graph/{INBOX|CATEGORIES|
 * SPAM|OTHERS}, `past_days` = 2 × Days − 1, so today and the days before), adds up the last Days
 * and the Days before them, and compares inbox % and spam % with the verdict of helpers/trend.ts.
 * One item per input item, so Account → Get Many before it trends every mailbox in one run
 * (docs/operations.md → Trends).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

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
import { GRAPH } from './shared/graphDays';

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

/** The sum of the numbers among `values` from index `from` to before `to`. */
function sum(values: unknown[], from: number, to: number): number | undefined {
	let total = 0;
	for (let i = Math.max(0, from); i < to; i++) {
		const n = typeof values[i] === 'string' ? Number(values[i]) : values[i];
		if (typeof n !== 'number' || Number.isNaN(n)) return undefined;
		total += n;
	}
	return total;
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
	// The newest day is last in each graph; the periods are counted back from it.
	const totals = graphs.map((g) => {
		const data = Array.isArray(g.data) ? (g.data as unknown[]) : [];
		return {
			now: sum(data, data.length - days, data.length),
			before:
				data.length >= 2 * days ? sum(data, data.length - 2 * days, data.length - days) : undefined,
		};
	});
	const out: IDataObject = { account_id: id, days, ...(provider ? { provider } : {}) };
	const [inbox, , spam] = totals;
	const whole = (period: 'now' | 'before') =>
		totals.every((t) => t[period] !== undefined)
			? totals.reduce((a, t) => a + t[period]!, 0)
			: undefined;
	const [sentNow, sentBefore] = [whole('now'), whole('before')];
	if (sentNow !== undefined) out.sent = sentNow;
	if (sentBefore !== undefined) out.sent_before = sentBefore;
	if (sentNow) {
		out.inbox_percent = percent(inbox.now!, sentNow);
		out.spam_percent = percent(spam.now!, sentNow);
	}
	if (sentBefore) {
		out.inbox_percent_before = percent(inbox.before!, sentBefore);
		out.spam_percent_before = percent(spam.before!, sentBefore);
	}
	const short = [
		sentNow === undefined || sentNow < minMessages ? `the last ${days} days` : undefined,
		sentBefore === undefined || sentBefore < minMessages ? `the ${days} days before` : undefined,
	].filter(Boolean);
	if (short.length) {
		out.verdict = NOT_ENOUGH_DATA;
		out.verdict_reason = `Fewer than ${minMessages} warming messages (or no full graph) in ${short.join(' and ')}`;
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
