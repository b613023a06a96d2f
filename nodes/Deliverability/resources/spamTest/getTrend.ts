/**
 * Spam Test → Get Trend: is placement getting worse? Reads the spam tests of the last Window (Days)
 * (GET /spam_tests, newest first, read back to the window's start), groups them by automated test,
 * sender or sender domain, and compares each group's latest completed test with the completed
 * tests before it, their seed copies pooled: inbox overall and per provider, and the final score.
 * One item per group with a verdict in words (dropped, improved, stable, not enough data), its
 * reason with the counts and how sure it is, and the public ids it is based on
 * (docs/operations.md → Trends).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { PAGE_SIZES } from '../../../shared/pageSizes';
import type { BuilderFacts } from '../../helpers/builder';
import type { Item } from '../../helpers/item';
import type { ToolFacts } from '../../helpers/toolMode';
import { NOT_ENOUGH_DATA, trendThresholdOptions, trendThresholds } from '../../helpers/trend';
import { choiceField, valuesOf } from '../../params/choices';
import { collectionOf, given } from '../../params/collections';
import { AUTOMATED_TEST_FILTER } from './shared/filters';
import { readingsSince, type Reading } from './shared/reading';
import { KEY_FIELD, trendOfGroup, type TrendSettings } from './shared/testTrend';
import { SPAM_TEST_LIST } from './shared/answers';

export const operation = {
	name: 'Get Trend',
	action: 'Get the placement trend of spam tests',
	description:
		'Whether inbox placement dropped: the latest test of each automated test, sender or domain against the ones before it',
};

export const builder: BuilderFacts = {
	returns:
		'one item per automated test (or sender, or domain), dropped first; answers "is my deliverability getting worse?" in one call',
	fields: {
		automated_test_id: 'with Trend Of automatedTest',
		verdict:
			'dropped, improved, stable or not enough data (a move past Drop At that the seed counts cannot carry)',
		verdict_reason:
			'in words with counts and certainty, e.g. "Gmail inbox 2 of 10 seeds (20 %), against 31 of 36 (86 %) in the 4 weeks before: 66 points lower, almost certainly not chance (at least 99.9 % confidence)"',
		confidence:
			'percent, how sure the move the verdict rests on is not chance (one-sided Fisher exact test); none when stable',
		inbox_percent: 'latest test; inbox and seeds are its counts',
		inbox_percent_before:
			'the earlier tests of the window pooled (all their copies added up); inbox_before and seeds_before are the counts',
		inbox_change: 'points',
		providers:
			'gmail, outlook, yahoo, other: {inbox_percent, inbox, seeds, inbox_percent_before, inbox_before, seeds_before, change, confidence}',
		latest_public_id: '',
		based_on: 'public ids, latest first',
		fixes:
			"the latest test's problems with their fixes, worst first, each with in_earlier_tests (0: new); a drop's own fix first",
	},
	note: 'Reads only; costs no credit. Filter on verdict = dropped to alert (confidence for how sure); Spam Test → Compare shows what changed between two tests.',
};

/** What a model keeps of a trend that did not drop: whose it is, the verdict and its numbers. */
const BRIEF = [
	...Object.values(KEY_FIELD),
	'verdict',
	// With the counts now and before in its words ("Inbox 18 of 20 seeds (90 %), against 36 of 40").
	'verdict_reason',
	'confidence',
	'inbox_percent',
];

/**
 * A trend (whole or in brief), not a spam test of Output Raw Answer: the service's spam tests have
 * no verdict_reason.
 */
const isTrend = (item: IDataObject) => typeof item.verdict_reason === 'string';

export const tool: ToolFacts = {
	// "Is it getting worse?": every drop whole, with its fixes; the rest in brief, so that many
	// trends fit the caps. Dropped come first, so a capped list cuts the others. Raw spam tests
	// stay whole.
	slim: (item) =>
		!isTrend(item) || item.verdict === 'dropped'
			? item
			: Object.fromEntries(Object.entries(item).filter(([key]) => BRIEF.includes(key))),
	omitted: (left) => {
		const count = (verdict: string) =>
			left.filter((t) => isTrend(t) && t.verdict === verdict).length;
		const words = ['dropped', 'improved', 'stable', NOT_ENOUGH_DATA]
			.map((v) => [count(v), v])
			.filter(([n]) => n);
		return words.length
			? `Their verdicts: ${words.map((w) => w.join(' ')).join(', ')}.`
			: undefined;
	},
	list: {
		items: (left) => (left.some(isTrend) ? 'trends' : 'spam tests'),
		narrow:
			'Ask for one automated test or sender (Filters → Automated Test ID or Sender) instead of everything.',
	},
};

const TREND_OF = [
	{
		name: 'Each Automated Test',
		value: 'automatedTest',
		description: 'One trend per automated test, over the spam tests it ran',
	},
	{
		name: 'Each Sender',
		value: 'sender',
		description: 'One trend per sender address, over all its spam tests',
	},
	{
		name: 'Each Sender Domain',
		value: 'domain',
		description: 'One trend per sender domain, over all its spam tests',
	},
] as const;

const OUTPUTS = [
	{
		name: 'Raw Answer',
		value: 'raw',
		description:
			'The spam tests the trend reads (those of the window, with the filters), one item each, as the service sent them',
	},
	{
		name: 'Trend',
		value: 'trend',
		description: 'One item per automated test, sender or domain, with its verdict in words',
	},
] as const;

const DEFAULT_WINDOW_DAYS = 28;
const DEFAULT_MIN_EARLIER = 2;

export const description: INodeProperties[] = [
	{
		...choiceField('Trend Of', 'trendOf', TREND_OF, 'automatedTest', 'What each trend follows'),
		required: true,
	},
	{
		displayName: 'Window (Days)',
		name: 'windowDays',
		type: 'number',
		required: true,
		default: 28,
		description:
			'The latest test is compared with the tests before it from this many days back (1 to 365)',
	},
	{
		...choiceField('Output', 'output', OUTPUTS, 'trend', 'The shape of the output'),
		required: true,
	},
	collectionOf('filters', [
		AUTOMATED_TEST_FILTER,
		{
			displayName: 'Sender',
			name: 'sender',
			type: 'string',
			default: '',
			placeholder: 'news@example.com',
			description: 'Only the spam tests sent from this address, or from this domain',
		},
	]),
	collectionOf('options', [
		...trendThresholdOptions,
		{
			displayName: 'Minimum Earlier Tests',
			name: 'minEarlierTests',
			type: 'number',
			default: 2,
			description:
				'How many completed tests before the latest a trend needs; with fewer the verdict is not enough data (1 to 100)',
		},
	]),
];

/**
 * Whether a page of the list reaches back past the window, so that no later page can hold a test of
 * it: the service lists spam tests newest first (spec → List spam tests), so a trend costs its
 * window, not the whole history. Trusted only while each page is older than the one before it (a
 * page's own order is not relied on: its oldest test counts); a page with a test newer than the
 * oldest of the pages before, or with an undated test, means the order cannot be trusted, and the
 * list is then read to its end.
 */
function reachesBack(since: number): (page: IDataObject[]) => boolean {
	let oldest = Infinity;
	let ordered = true;
	return (page) => {
		const times = page.map((t) =>
			typeof t.created_at === 'string' ? Date.parse(t.created_at) : NaN,
		);
		if (times.some(Number.isNaN) || Math.max(...times) > oldest) ordered = false;
		oldest = Math.min(oldest, ...times);
		return ordered && oldest < since;
	};
}

const RANK: Record<string, number> = { dropped: 0, improved: 1, stable: 1, [NOT_ENOUGH_DATA]: 1 };

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject[]> {
	const v = item.fields;
	const filters = item.collection('filters');
	const options = item.collection('options');
	const { trendOf, windowDays, minEarlier, thresholds, automatedTestId, sender, output } = v.all({
		output: () => v.oneOf('output', item.value('output', 'trend'), valuesOf(OUTPUTS)),
		trendOf: () => v.oneOf('trendOf', item.value('trendOf', 'automatedTest'), valuesOf(TREND_OF)),
		windowDays: () =>
			v.integer('windowDays', item.value('windowDays', DEFAULT_WINDOW_DAYS), 1, 365),
		minEarlier: () =>
			options.minEarlierTests === undefined
				? DEFAULT_MIN_EARLIER
				: v.integer('minEarlierTests', options.minEarlierTests, 1, 100),
		thresholds: () => trendThresholds(v, options),
		automatedTestId: () =>
			filters.automated_test_id === undefined || filters.automated_test_id === ''
				? undefined
				: v.id('automated_test_id', filters.automated_test_id),
		sender: () =>
			filters.sender === undefined
				? undefined
				: v.string('sender', filters.sender).trim().toLowerCase() || undefined,
	});
	const settings: TrendSettings = { trendOf, windowDays, minEarlier, thresholds };
	const since = Date.now() - settings.windowDays * 86_400_000;
	const tests = await item.requestAll({
		path: '/spam_tests',
		// The service's search matches subject and sender words; the exact sender is kept below.
		qs: given({ automated_test_id: automatedTestId, search: sender }),
		pageSize: PAGE_SIZES.spamTests,
		answer: SPAM_TEST_LIST,
		lastNeeded: reachesBack(since),
	});
	const groups = new Map<string | number, Reading[]>();
	const read: IDataObject[] = [];
	for (const { test, reading } of readingsSince(this, item.index, tests, since)) {
		if (sender && reading.sender !== sender && reading.domain !== sender) continue;
		const key = reading[KEY_FIELD[settings.trendOf]];
		if (key === undefined) continue;
		read.push(test);
		const group = groups.get(key);
		if (group) group.push(reading);
		else groups.set(key, [reading]);
	}
	if (output === 'raw') return read;
	const trends = [...groups].map(([key, readings]) => ({
		trend: trendOfGroup(key, readings, settings),
		newest: Math.max(...readings.map((r) => r.at ?? 0)),
	}));
	trends.sort(
		(a, b) => RANK[String(a.trend.verdict)] - RANK[String(b.trend.verdict)] || b.newest - a.newest,
	);
	if (trends.length === 0)
		this.addExecutionHints({
			message: `No spam tests${settings.trendOf === 'automatedTest' ? ' of automated tests' : ''} in the last ${settings.windowDays} days${sender ? ` from ${sender}` : ''}.`,
			location: 'outputPane',
		});
	return trends.map((t) => t.trend);
}
