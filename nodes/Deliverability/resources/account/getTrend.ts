/**
 * Account → Get Warming Trend: is a mailbox's warming placement dropping? Reads the four landing
 * category graphs (GET /conversation_message_logs/{id}/sent/categories/graph/{INBOX|CATEGORIES|
 * SPAM|OTHERS}, `past_days` = 2 × Days − 1, so today and the days before), adds up the last Days
 * and the Days before them, and compares the inbox and spam counts with the verdict of
 * helpers/trend.ts. After a drop of all providers together, the same per provider says which one
 * dropped, with a fix. One item per input item, so Account → Get Many before it trends every
 * mailbox in one run (docs/operations.md → Trends).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { BuilderFacts } from '../../helpers/builder';
import type { Item } from '../../helpers/item';
import {
	NOT_ENOUGH_DATA,
	percentOf,
	trendThresholdOptions,
	trendThresholds,
	trendVerdict,
	windowWords,
	type TrendThresholds,
	type Verdict,
} from '../../helpers/trend';
import { choiceField, valuesOf } from '../../params/choices';
import { collectionOf } from '../../params/collections';
import { idPicker } from '../../params/locator';
import { warmingDropFix } from './shared/warmingFix';
import {
	CATEGORIES,
	periodsOf,
	warmingGraphs,
	type Period,
	type Periods,
} from './shared/warmingCounts';
import {
	WARMING_PROVIDER_CHOICES,
	warmingProviderName,
	WARMING_PROVIDERS,
} from './shared/warmingProviders';

export const operation = {
	name: 'Get Warming Trend',
	action: 'Get the warming placement trend of a mailbox',
	description: 'Whether warming inbox placement dropped: the last days against the days before',
};

export const builder: BuilderFacts = {
	returns:
		'one item per mailbox (input item); put Mailbox → Get Many before it to trend every mailbox',
	fields: {
		account_id: '',
		verdict:
			'dropped, improved, stable or not enough data (too few messages, or a move the counts cannot carry)',
		verdict_reason:
			'in words with the message counts and how sure; names the provider that dropped',
		confidence:
			'percent, how sure the move the verdict rests on is not chance (one-sided Fisher exact test); none when stable',
		sent: 'warming messages sent in the last days; inbox and spam: how many of them landed there',
		inbox_percent: 'last days',
		spam_percent: 'last days',
		sent_before:
			'the days before; inbox_before, spam_before, inbox_percent_before, spam_percent_before',
		inbox_change: 'points',
		spam_change: 'points',
		providers:
			'only after a drop of all providers together: gmail, outlook, others, each with its own verdict and counts',
		fixes: 'with a drop: what to do, naming the provider',
	},
	note: 'Four requests per mailbox, twelve more after a drop (which provider); reads only.',
};

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
			WARMING_PROVIDER_CHOICES,
			'gmail',
			'Only warming messages exchanged with this provider (all three without it)',
		),
	]),
];

/** The counts of a period with their shares, as the output gives them (`suffix`: "_before"). */
function shown(p: Period, suffix = ''): IDataObject {
	return {
		[`sent${suffix}`]: p.sent,
		[`inbox${suffix}`]: p.inbox,
		[`spam${suffix}`]: p.spam,
		...(p.sent
			? {
					[`inbox_percent${suffix}`]: percentOf({ part: p.inbox, of: p.sent }),
					[`spam_percent${suffix}`]: percentOf({ part: p.spam, of: p.sent }),
				}
			: {}),
	};
}

/**
 * The verdict of one mailbox's (or one provider's) two periods: counts, changes, the verdict in
 * words and how sure it is.
 */
function trendOf(
	periods: Periods,
	days: number,
	minMessages: number,
	thresholds: TrendThresholds,
): { fields: IDataObject; verdict?: Verdict } {
	if ('gaps' in periods)
		return {
			fields: {
				verdict: NOT_ENOUGH_DATA,
				verdict_reason: `No full graph: ${periods.gaps.join('; ')}`,
			},
		};
	const { now, before } = periods;
	const counts = { ...shown(now), ...shown(before, '_before') };
	const short = [
		now.sent < minMessages ? `the last ${days} days` : undefined,
		before.sent < minMessages ? `the ${days} days before` : undefined,
	].filter(Boolean);
	if (short.length)
		return {
			fields: {
				verdict: NOT_ENOUGH_DATA,
				verdict_reason: `Fewer than ${minMessages} warming messages in ${short.join(' and ')} (${now.sent} and ${before.sent})`,
				...counts,
			},
		};
	const share = (part: number, p: Period) => ({ part, of: p.sent });
	const verdict = trendVerdict(
		[
			{
				label: 'Warming inbox',
				unit: 'messages',
				now: share(now.inbox, now),
				before: share(before.inbox, before),
			},
			{
				label: 'Warming spam',
				unit: 'messages',
				now: share(now.spam, now),
				before: share(before.spam, before),
				lowerIsBetter: true,
			},
		],
		thresholds,
		`in the ${windowWords(days)} before`,
	);
	return {
		verdict,
		fields: {
			verdict: verdict.verdict,
			verdict_reason: verdict.reason,
			...(verdict.confidence !== undefined ? { confidence: verdict.confidence } : {}),
			...counts,
			inbox_change: (counts.inbox_percent as number) - (counts.inbox_percent_before as number),
			spam_change: (counts.spam_percent as number) - (counts.spam_percent_before as number),
		},
	};
}

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
				: v.oneOf('provider', options.provider, valuesOf(WARMING_PROVIDER_CHOICES)),
	});
	const graphs = await warmingGraphs(item, id, days, provider);
	if (output === 'raw')
		return graphs.map((g, n) => ({ account_id: id, category: CATEGORIES[n], ...g }));
	const read = (g: IDataObject[]) => periodsOf(this, item.index, id, g, days);
	const whole = trendOf(read(graphs), days, minMessages, thresholds);
	const out: IDataObject = {
		account_id: id,
		...whole.fields,
		days,
		...(provider ? { provider } : {}),
	};
	// A drop of all providers together (carried or not): which provider it is costs four more
	// requests each, made only then.
	if (provider || !whole.verdict?.assessed.some((a) => a.kind === 'drop')) return out;
	const providers: IDataObject = {};
	for (const p of WARMING_PROVIDERS)
		providers[p] = trendOf(
			read(await warmingGraphs(item, id, days, p)),
			days,
			minMessages,
			thresholds,
		).fields;
	const dropped = WARMING_PROVIDERS.filter(
		(p) => (providers[p] as IDataObject).verdict === 'dropped',
	);
	out.verdict_reason = `${String(out.verdict_reason)}; by provider: ${
		dropped.length
			? `dropped at ${dropped.map(warmingProviderName).join(', ')} (each one's counts under providers)`
			: "no single provider's counts carry a drop of their own"
	}`;
	out.providers = providers;
	if (out.verdict === 'dropped') out.fixes = [warmingDropFix(dropped)];
	return out;
}
