/**
 * Spam Test → Compare: did the fix work? Two spam tests side by side: the latest two completed
 * tests of an automated test or of a sender (GET /spam_tests, the newest 50 read), or two by their
 * public ids (GET /spam_tests/{public_id} each). Score and inbox % overall and per provider before
 * and after, the verdict of helpers/trend.ts, and the problems as three lists: resolved, new,
 * persisting, each problem with its fix (docs/operations.md → Trends).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { PAGE_SIZES } from '../../../shared/pageSizes';
import type { BuilderFacts } from '../../helpers/builder';
import type { Item } from '../../helpers/item';
import {
	NOT_ENOUGH_DATA,
	trendThresholdOptions,
	trendThresholds,
	trendVerdict,
	type Measure,
} from '../../helpers/trend';
import { choiceField, valuesOf } from '../../params/choices';
import { collectionOf } from '../../params/collections';
import { idPicker } from '../../params/locator';
import { PROVIDERS } from './shared/placement';
import {
	hasResults,
	PROVIDER_LABELS,
	readingOf,
	readingsSince,
	type Reading,
} from './shared/reading';
import { SPAM_TEST, SPAM_TEST_LIST } from './shared/answers';

export const operation = {
	name: 'Compare',
	action: 'Compare two spam tests',
	description:
		'What changed between two spam tests: placement per provider, and problems resolved, new or persisting',
};

export const builder: BuilderFacts = {
	returns: 'one item',
	fields: {
		verdict: 'dropped, improved, stable or not enough data',
		verdict_reason: 'in words',
		earlier: '{public_id, created_at, inbox_percent, final_score, providers}',
		later: 'the same for the later test',
		inbox_change: 'points',
		providers: 'per provider {inbox_percent_before, inbox_percent, change}',
		resolved: 'problems of the earlier test gone from the later one',
		new: 'problems only the later test has, with their fixes',
		persisting: 'problems of both, with their fixes',
	},
	note: 'Reads only; costs no credit.',
};

const COMPARE = [
	{
		name: 'Latest Two From a Sender',
		value: 'sender',
		description: 'The two newest completed spam tests sent from an address or domain',
	},
	{
		name: 'Latest Two of an Automated Test',
		value: 'automatedTest',
		description: 'The two newest completed spam tests the automated test ran',
	},
	{ name: 'Two Tests by ID', value: 'ids', description: 'Two spam tests you name' },
] as const;

const OUTPUTS = [
	{
		name: 'Comparison',
		value: 'comparison',
		description:
			'One item: placement before and after, the verdict, problems resolved, new and persisting',
	},
	{
		name: 'Raw Answer',
		value: 'raw',
		description: 'The two spam tests compared, earlier first, as the service sent them',
	},
] as const;

/** How many of the newest tests are read to find the latest two completed ones. */
const NEWEST = 50;

export const description: INodeProperties[] = [
	{
		...choiceField('Compare', 'compare', COMPARE, 'automatedTest', 'Which two spam tests'),
		required: true,
	},
	{
		...idPicker('automatedTestId', 'The automated test whose latest two tests to compare'),
		required: true,
		displayOptions: { show: { compare: ['automatedTest'] } },
	},
	{
		displayName: 'Sender',
		name: 'sender',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'news@example.com',
		description: 'The sender address, or its domain, whose latest two tests to compare',
		displayOptions: { show: { compare: ['sender'] } },
	},
	{
		...idPicker('earlierPublicId'),
		required: true,
		displayOptions: { show: { compare: ['ids'] } },
	},
	{
		...idPicker('publicId', 'The later spam test, by its public_id'),
		displayName: 'Later Spam Test',
		required: true,
		displayOptions: { show: { compare: ['ids'] } },
	},
	{
		...choiceField('Output', 'output', OUTPUTS, 'comparison', 'The shape of the output'),
		required: true,
	},
	collectionOf('options', trendThresholdOptions),
];

function side(r: Reading): IDataObject {
	const out: IDataObject = { public_id: r.public_id, created_at: r.created_at as string };
	if (r.inbox_percent !== undefined) out.inbox_percent = r.inbox_percent;
	if (r.final_score !== undefined) out.final_score = r.final_score;
	out.completed = r.completed;
	out.providers = r.providers as IDataObject;
	return out;
}

/** The problems of two tests by key: resolved (earlier only), new (later only), persisting. */
function problemLists(earlier: Reading, later: Reading): IDataObject {
	const keys = (r: Reading) => new Set(r.fixes.map((f) => String(f.key)));
	const before = keys(earlier);
	const after = keys(later);
	return {
		resolved: earlier.fixes.filter((f) => !after.has(String(f.key))),
		new: later.fixes.filter((f) => !before.has(String(f.key))),
		persisting: later.fixes.filter((f) => before.has(String(f.key))),
	};
}

export function comparison(
	earlier: Reading,
	later: Reading,
	thresholds: ReturnType<typeof trendThresholds>,
): IDataObject {
	const out: IDataObject = { earlier: side(earlier), later: side(later) };
	const missing = [earlier, later].filter((r) => !hasResults(r));
	const measures: Measure[] = [];
	if (!missing.length) {
		out.inbox_change = later.inbox_percent! - earlier.inbox_percent!;
		measures.push({ label: 'Inbox', now: later.inbox_percent!, before: earlier.inbox_percent! });
		if (earlier.final_score !== undefined && later.final_score !== undefined)
			out.final_score_change = Math.round((later.final_score - earlier.final_score) * 10) / 10;
		const providers: IDataObject = {};
		for (const p of PROVIDERS) {
			const [was, now] = [earlier.providers[p], later.providers[p]];
			if (was === undefined || now === undefined) continue;
			providers[p] = { inbox_percent_before: was, inbox_percent: now, change: now - was };
			measures.push({ label: `${PROVIDER_LABELS[p]} inbox`, now, before: was });
		}
		out.providers = providers;
		const { verdict, reason } = trendVerdict(measures, thresholds, 'the earlier test');
		out.verdict = verdict;
		out.verdict_reason = reason;
	} else {
		out.verdict = NOT_ENOUGH_DATA;
		out.verdict_reason = missing
			.map(
				(r) =>
					`${r === later ? 'The later' : 'The earlier'} test ${r.public_id} has no seed results yet${r.completed ? '' : ' (still waiting for seed copies)'}`,
			)
			.join('; ');
	}
	return { ...out, ...problemLists(earlier, later) };
}

export async function execute(
	this: IExecuteFunctions,
	item: Item,
): Promise<IDataObject | IDataObject[]> {
	const v = item.fields;
	const picked = String(item.value('compare', 'automatedTest') ?? '').trim();
	const { mode, automatedTestId, sender, ids, thresholds, output } = v.all({
		output: () => v.oneOf('output', item.value('output', 'comparison'), valuesOf(OUTPUTS)),
		mode: () => v.oneOf('compare', picked, valuesOf(COMPARE)),
		automatedTestId: () =>
			picked === 'automatedTest' ? item.numericId('automatedTestId') : undefined,
		sender: () =>
			picked === 'sender'
				? v.nonEmptyString('sender', item.value('sender')).trim().toLowerCase()
				: undefined,
		ids: () =>
			picked === 'ids'
				? v.all({
						earlier: () => item.stringId('earlierPublicId'),
						later: () => item.stringId('publicId'),
					})
				: undefined,
		thresholds: () => trendThresholds(v, item.collection('options')),
	});
	if (mode === 'ids') {
		const tests: IDataObject[] = [];
		for (const id of [ids!.earlier, ids!.later])
			tests.push(
				await item.request({ method: 'GET', path: `/spam_tests/${id}`, answer: SPAM_TEST }),
			);
		if (output === 'raw') return tests;
		return comparison(readingOf(tests[0]), readingOf(tests[1]), thresholds);
	}
	const tests = await item.requestAll(
		{
			path: '/spam_tests',
			qs: mode === 'automatedTest' ? { automated_test_id: automatedTestId } : { search: sender },
			pageSize: PAGE_SIZES.spamTests,
			answer: SPAM_TEST_LIST,
		},
		NEWEST,
	);
	const found = readingsSince(this, item.index, tests)
		.filter(
			({ reading: r }) =>
				hasResults(r) &&
				(mode === 'automatedTest'
					? r.automated_test_id === automatedTestId
					: r.sender === sender || r.domain === sender),
		)
		.sort((a, b) => (b.reading.at ?? 0) - (a.reading.at ?? 0))
		.slice(0, 2);
	if (output === 'raw') return found.map((f) => f.test).reverse();
	const readings = found.map((f) => f.reading);
	if (readings.length < 2) {
		const whose =
			mode === 'automatedTest' ? `automated test ${automatedTestId}` : `sender ${sender}`;
		return {
			...(mode === 'automatedTest' ? { automated_test_id: automatedTestId } : { sender }),
			verdict: NOT_ENOUGH_DATA,
			verdict_reason: `${readings.length === 0 ? 'No' : 'Only one'} completed test with seed results among the ${NEWEST} newest spam tests of ${whose}: two are needed to compare`,
			...(readings[0] ? { later: side(readings[0]) } : {}),
			resolved: [],
			new: [],
			persisting: [],
		};
	}
	return {
		...(mode === 'automatedTest' ? { automated_test_id: automatedTestId } : { sender }),
		...comparison(readings[1], readings[0], thresholds),
	};
}
