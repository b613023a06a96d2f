/**
 * Return All over the accounts: this node (paced at the service's 20 requests a second, or with its pacer off)
 * against HTTP Request paging "Update a Parameter in Each Request" until the response is empty.
 */
import {
	CRED,
	httpRequest,
	ours,
	trigger,
	workflow,
	type Scenario,
	type Variant,
	type Server,
} from './scenario';

function listScenario(
	name: string,
	baseUrl: string,
	accounts: number,
	server: Server,
	paced: boolean,
	anchor: boolean,
	floorMs?: number,
): Scenario {
	const variants: Variant[] = [
		{
			label: paced ? 'this node (20/s)' : 'this node (pacer off)',
			node: 'List',
			workflow: workflow(`${name} ours`, [
				trigger,
				ours(
					'List',
					{ resource: 'account', operation: 'getAll', returnAll: true, simplify: false },
					paced ? CRED.paced : CRED.unpaced,
				),
			]),
		},
	];
	if (anchor) {
		variants.push({
			label: 'HTTP Request',
			node: 'List',
			workflow: workflow(`${name} http`, [
				trigger,
				httpRequest('List', baseUrl, {
					url: '/accounts',
					options: {
						pagination: {
							pagination: {
								paginationMode: 'updateAParameterInEachRequest',
								parameters: {
									parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount }}' }],
								},
								paginationCompleteWhen: 'responseIsEmpty',
							},
						},
					},
				}),
			]),
		});
	}
	return { name, accounts, server, kind: 'list', variants, floorMs };
}

/** The lists of the goals, measured against their floors (the service's 20/s window). */
export function goalLists(baseUrl: string): Scenario[] {
	return [
		listScenario(
			'10k, 150 ms, 20/s window',
			baseUrl,
			10_000,
			{ latencyMs: 150, perSecond: 20, perPageMode: 'honour' },
			true,
			true,
			5050,
		),
		listScenario(
			'10k, 150 ms, 20/s window, per_page ignored',
			baseUrl,
			10_000,
			{ latencyMs: 150, perSecond: 20, perPageMode: 'ignore' },
			true,
			false,
			10050,
		),
	];
}

/** The same 10,000 accounts without a limit, and at 20 ms a page. */
export function moreLists(baseUrl: string): Scenario[] {
	return [
		listScenario(
			'10k, 20 ms, no limit',
			baseUrl,
			10_000,
			{ latencyMs: 20, perSecond: null, perPageMode: 'honour' },
			false,
			true,
		),
		listScenario(
			'10k, 150 ms, no limit',
			baseUrl,
			10_000,
			{ latencyMs: 150, perSecond: null, perPageMode: 'honour' },
			false,
			true,
		),
		listScenario(
			'10k, 20 ms, 20/s window',
			baseUrl,
			10_000,
			{ latencyMs: 20, perSecond: 20, perPageMode: 'honour' },
			true,
			true,
			5050,
		),
	];
}

/** 200,000 accounts at no latency: the memory a long Return All takes. */
export function largeLists(baseUrl: string): Scenario[] {
	return [
		listScenario(
			'200k, 0 ms, no limit',
			baseUrl,
			200_000,
			{ latencyMs: 0, perSecond: null, perPageMode: 'honour' },
			false,
			true,
		),
	];
}
