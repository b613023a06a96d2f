/**
 * A trend read at the service's 20 requests a second (the paced credential), no anchor: the workflow users would
 * otherwise build is a Code node doing the arithmetic, not one request. The history is seeded by
 * scripts/trend-load.ts, which also measures the reads' JS heap in-process ("trend heap").
 */
import { CRED, ours, trigger, workflow, type Scenario, type Server } from './scenario';
import {
	mailboxes,
	seedLongHistory,
	seedTrendHistory,
	spamTestTrend,
	warmingTrend,
} from '../trend-load';

function trendScenario(
	name: string,
	server: Server,
	nodes: Array<Record<string, unknown>>,
	paths: string[],
	setup: Scenario['setup'] = seedTrendHistory,
): Scenario {
	return {
		name,
		accounts: 1_000,
		server,
		kind: 'trend',
		paths,
		setup,
		variants: [
			{ label: 'this node (20/s)', node: 'Trend', workflow: workflow(name, [trigger, ...nodes]) },
		],
	};
}

export function trends(): Scenario[] {
	return [
		trendScenario(
			'trend: 1,000 spam tests, 20 ms, 20/s window',
			{ latencyMs: 20, perSecond: 20, perPageMode: 'honour' },
			[ours('Trend', spamTestTrend, CRED.paced)],
			['/spam_tests'],
		),
		// Two years of daily tests, 4-week window, 10 tests a page (a service that ignores per_page): the walk stops
		// at the window's start instead of reading all 73 pages.
		trendScenario(
			'trend: 28 days of a 2-year daily history, 20 ms, 20/s window, 10 a page',
			{ latencyMs: 20, perSecond: 20, perPageMode: 'ignore' },
			[ours('Trend', { ...spamTestTrend, trendOf: 'automatedTest' }, CRED.paced)],
			['/spam_tests'],
			seedLongHistory,
		),
		trendScenario(
			'trend: 200 mailboxes, 20 ms, 20/s window',
			{ latencyMs: 20, perSecond: 20, perPageMode: 'honour' },
			[ours('Mailboxes', mailboxes, CRED.paced), ours('Trend', warmingTrend, CRED.paced)],
			['/accounts', '/conversation_message_logs'],
		),
	];
}
