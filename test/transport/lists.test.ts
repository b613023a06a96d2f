// Pipelined lists against the sandbox through n8n's real engine (the Deliverability node's Mailbox → Get Many): every
// account exactly once whether the server honours per_page, ignores it or caps it, also under 429/503/reset faults,
// never asking beyond one look-ahead window; and the router's output has no size ceiling.
import axios from 'axios';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { route } from '../../nodes/Deliverability/router';
import { LOOKAHEAD_PAGES, retryPolicy } from '../../nodes/shared/transport';
import { startSandbox, type Sandbox } from '../../sandbox';
import { runNode } from '../../support/harness';
import { testOnlyNode } from '../../support/harness-engine';
import { admin } from '../../support/sandbox-admin';
import { runAction } from '../support/run-action';

const ACCOUNTS = 1234;
let sandbox: Sandbox;
const saved = { ...retryPolicy };

let expected: number[];
beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, smtpPort: 0, accounts: ACCOUNTS });
	retryPolicy.baseDelayMs = 10;
	expected = await expectedIds();
	expect(expected.length).toBeGreaterThan(1000);
});
afterAll(async () => {
	Object.assign(retryPolicy, saved);
	await sandbox.close();
});
beforeEach(async () => {
	await admin(sandbox, 'POST', '/reset');
});

interface Logged {
	path: string;
	query: Record<string, string>;
	status: number | null;
}

async function listRequests(): Promise<Logged[]> {
	return (await admin<Logged[]>(sandbox, 'GET', '/requests')).filter((r) => r.path === '/accounts');
}

async function getMany(parameters: IDataObject, perSecond = 0) {
	return await runAction(
		{ resource: 'account', operation: 'getAll', simplify: false, ...parameters },
		{ apiKey: sandbox.apiKeys.A, baseUrl: sandbox.baseUrl, maxRequestsPerSecond: perSecond },
	);
}

/** The ids the sandbox lists, newest first (read directly, 100 at a time). */
async function expectedIds(): Promise<number[]> {
	const ids: number[] = [];
	for (let page = 0; ; page++) {
		const { data } = await axios.get<Array<{ id: number }>>(`${sandbox.baseUrl}/accounts`, {
			params: { page, per_page: 100 },
			headers: { 'X-Api-Key': sandbox.apiKeys.A },
		});
		ids.push(...data.map((a) => a.id));
		if (data.length < 100) return ids;
	}
}

const MODES: Array<[string, IDataObject, number]> = [
	['honours per_page (100)', { perPageMode: 'honour' }, 100],
	['ignores per_page (its own 50)', { perPageMode: 'ignore' }, 50],
	['caps per_page at 60', { perPageMode: 'cap', perPageCap: 60 }, 60],
	['caps per_page at 75', { perPageMode: 'cap', perPageCap: 75 }, 75],
];

describe.each(MODES)('a server that %s', (_name, settings, served) => {
	beforeEach(async () => {
		await admin(sandbox, 'POST', '/settings', settings);
	});

	it('Return All: every account exactly once, in order, pages 0.. without gaps, at most one window past the end', async () => {
		await admin(sandbox, 'DELETE', '/requests');
		const result = await getMany({ returnAll: true });
		expect(result.error).toBeUndefined();
		const ids = result.items.map((i) => i.json.id);
		expect(ids).toEqual(expected);
		const pages = (await listRequests()).map((r) => Number(r.query.page)).sort((a, b) => a - b);
		const needed = Math.floor(ids.length / served) + 1; // the last page is short (or empty)
		expect(pages.slice(0, needed)).toEqual(Array.from({ length: needed }, (_, i) => i));
		expect(pages.length).toBeLessThanOrEqual(needed + LOOKAHEAD_PAGES - 1);
		expect(new Set(pages).size).toBe(pages.length);
	});

	it('Limit 250: the first 250 and no page beyond what 250 can need (plus the window)', async () => {
		await admin(sandbox, 'DELETE', '/requests');
		const result = await getMany({ returnAll: false, limit: 250 });
		expect(result.items.map((i) => i.json.id)).toEqual(expected.slice(0, 250));
		const pages = (await listRequests()).map((r) => Number(r.query.page));
		expect(Math.max(...pages)).toBeLessThanOrEqual(
			Math.ceil(250 / served) - 1 + LOOKAHEAD_PAGES - 1,
		);
	});

	it('under faults (429 with Retry-After 0, 503, resets, four in all): still every account exactly once', async () => {
		// Bounded to 4 faults in all, one fewer than a page's attempts (1 + retryPolicy.maxRetries): unbounded random
		// faults at this rate made five in a row on one page likely enough (about one run in five) to fail CI by chance.
		expect(retryPolicy.maxRetries).toBeGreaterThanOrEqual(4);
		await admin(sandbox, 'POST', '/faults', {
			kind: '429',
			rate: 1,
			count: 1,
			retryAfter: '0',
			method: 'GET',
			path: '/accounts',
		}); // the first page, always
		await admin(sandbox, 'POST', '/faults', {
			kind: '429',
			rate: 0.25,
			count: 1,
			retryAfter: '0',
			method: 'GET',
			path: '/accounts',
		});
		await admin(sandbox, 'POST', '/faults', {
			kind: '503',
			rate: 0.25,
			count: 1,
			method: 'GET',
			path: '/accounts',
		});
		await admin(sandbox, 'POST', '/faults', {
			kind: 'reset',
			rate: 0.25,
			count: 1,
			method: 'GET',
			path: '/accounts',
		});
		await admin(sandbox, 'DELETE', '/requests');
		const result = await getMany({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual(expected);
		const statuses = (await listRequests()).map((r) => r.status);
		expect(statuses.some((s) => s !== 200)).toBe(true);
	});
});

describe('no wasted pages: at most one page past the last non-empty one on short lists', () => {
	/** Tags `count` listed accounts with a tag of their own, so Mailbox → Get Many by that tag lists exactly them. */
	async function taggedList(count: number): Promise<string> {
		const name = `walk-${count}`;
		const tag = await admin<{ id: number }>(sandbox, 'POST', '/tags', { name });
		for (const accountId of expected.slice(0, count)) {
			await axios.post(
				`${sandbox.baseUrl}/tags/${tag.id}/link`,
				{ account_id: accountId },
				{ headers: { 'X-Api-Key': sandbox.apiKeys.A } },
			);
		}
		return name;
	}

	it.each([
		[237, [0, 1, 2, 3]],
		[100, [0, 1]],
		// 99 of 100: the whole list, or a server capping pages at 99; the next page tells (one past the last).
		[99, [0, 1]],
		[0, [0]],
	])('Return All over %i accounts at 100 a page asks for pages %j', async (count, pagesAsked) => {
		const tag = await taggedList(count);
		await admin(sandbox, 'DELETE', '/requests');
		const result = await getMany({ returnAll: true, filters: { tags: tag } });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual(expected.slice(0, count));
		const pages = (await listRequests()).map((r) => Number(r.query.page)).sort((a, b) => a - b);
		expect(pages).toEqual(pagesAsked);
	});

	it('a long list keeps its overlap: LOOKAHEAD_PAGES in flight, so the short last page finds three asked for ahead', async () => {
		await admin(sandbox, 'DELETE', '/requests');
		const result = await getMany({ returnAll: true });
		expect(result.items).toHaveLength(expected.length);
		const last = Math.floor(expected.length / 100); // the short page
		const pages = (await listRequests()).map((r) => Number(r.query.page)).sort((a, b) => a - b);
		expect(pages).toEqual(Array.from({ length: last + LOOKAHEAD_PAGES }, (_, i) => i));
	});
});

describe('the default pacer (20 per second) against the sandbox limit of 20 in any one second', () => {
	it('Return All over 50-account pages sends no request the limit refuses', async () => {
		await admin(sandbox, 'POST', '/settings', { perPageMode: 'ignore' });
		await admin(sandbox, 'POST', '/rate-limit', { perSecond: 20 });
		await admin(sandbox, 'DELETE', '/requests');
		const result = await getMany({ returnAll: true }, 20);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual(expected);
		const log = await listRequests();
		expect(log.length).toBeGreaterThan(20);
		expect(log.filter((r) => r.status === 429)).toHaveLength(0);
	});
});

/** A node that hands the router one input item whose handler returns `count` objects. */
class BigOutput implements INodeType {
	description = testOnlyNode('bigOutput', 'Big Output', [
		{ displayName: 'Resource', name: 'resource', type: 'string', default: 'big' },
		{ displayName: 'Operation', name: 'operation', type: 'string', default: 'list' },
		{ displayName: 'Count', name: 'count', type: 'number', default: 1 },
	]);

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(
			this,
			{
				big: {
					list: {
						execute: async function (this: IExecuteFunctions, item: { index: number }) {
							const count = this.getNodeParameter('count', item.index) as number;
							return Array.from({ length: count }, (_, k) => ({ id: k }));
						},
						label: (field: string) => field,
						title: 'Big → List',
						idHint: () => undefined,
						tool: {},
					},
				},
			},
			{},
			this.continueOnFail(),
		);
	}
}

describe('no size ceiling', () => {
	it('the router passes 250,000 results of one item through (a spread into push overflowed the stack at ~150k)', async () => {
		const result = await runNode({ nodeType: new BigOutput(), parameters: { count: 250000 } });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(250000);
		expect(result.items[249999]).toEqual({ json: { id: 249999 }, pairedItem: { item: 0 } });
	});
});
