/**
 * Spam Test → Compare: did the fix work? Two spam tests side by side: the latest two completed
 * tests of an automated test or of a sender (GET /spam_tests, the newest 50 read), or two by their
 * public ids (GET /spam_tests/{public_id} each). Score and inbox overall and per provider before
 * and after, as counts and percentages, the verdict of helpers/trend.ts with how sure it is, and
 * the problems as three lists: resolved, new, persisting (each with how it changed), each problem
 * with its fix (docs/operations.md → Trends).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { PAGE_SIZES } from '../../../shared/pageSizes';
import type { BuilderFacts } from '../../helpers/builder';
import type { Item } from '../../helpers/item';
import { NOT_ENOUGH_DATA, trendThresholdOptions, trendThresholds } from '../../helpers/trend';
import { choiceField, valuesOf } from '../../params/choices';
import { collectionOf } from '../../params/collections';
import { idPicker } from '../../params/locator';
import { SPAM_TEST, SPAM_TEST_LIST } from './shared/answers';
import { comparison, side } from './shared/comparison';
import { hasResults, readingOf, readingsSince } from './shared/reading';

export const operation = {
	name: 'Compare',
	action: 'Compare two spam tests',
	description:
		'What changed between two spam tests: placement per provider, and problems resolved, new or persisting',
};

export const builder: BuilderFacts = {
	returns: 'one item',
	fields: {
		verdict:
			'dropped, improved, stable or not enough data (a move past Drop At that the seed counts cannot carry)',
		verdict_reason:
			'in words with counts and certainty; new critical or high problems and problems that got worse stand after it',
		confidence:
			'percent, how sure the move the verdict rests on is not chance (one-sided Fisher exact test); none when stable',
		earlier: '{public_id, created_at, inbox_percent, inbox, seeds, final_score, providers}',
		later: 'the same for the later test',
		inbox_change: 'points',
		providers:
			'per provider {inbox_percent_before, inbox_before, seeds_before, inbox_percent, inbox, seeds, change, confidence}',
		resolved: 'problems of the earlier test gone from the later one',
		new: 'problems only the later test has, with their fixes',
		persisting:
			'problems of both, with their fixes and change: worse, better, same or changed (earlier_problem: the earlier words)',
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
