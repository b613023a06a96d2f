/**
 * Account → Get Graph through n8n's real engine against the sandbox: one graph or all seven merged by day, the raw
 * answer, validation with zero requests, and the dates labels the service sends read in the workflow time zone.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import {
	labelDate,
	perDay,
	perDayAll,
} from '../../../nodes/Deliverability/resources/account/getGraph';
import { byId, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 40 });

const account = parametersOf('account');

describe('account getGraph', () => {
	it.each([
		['sent', {}, '/conversation_message_logs/3/sent/graph'],
		['received', {}, '/conversation_message_logs/3/received/graph'],
		['category', { category: 'SPAM' }, '/conversation_message_logs/3/sent/categories/graph/SPAM'],
		['conversations', {}, '/conversation_statuses/3/graph'],
	])('%s: GET %s, one item per day with label, ISO date and count', async (metric, extra, path) => {
		const result = await t.run(
			account('getGraph', {
				accountId: byId(3),
				metric,
				...extra,
				filters: { past_days: 6, provider: 'gmail' },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(await t.calls()).toEqual([`GET ${path}?provider=gmail&past_days=6`]);
		const { data: raw } = await t.api<{ labels: string[]; data: number[] }>(
			'GET',
			path,
			undefined,
			{ provider: 'gmail', past_days: 6 },
		);
		const items = jsonOf(result);
		expect(items).toHaveLength(7);
		const today = DateTime.utc().startOf('day');
		items.forEach((item, i) => {
			expect(item).toEqual({
				account_id: 3,
				metric,
				...extra,
				label: raw.labels[i],
				date: today.minus({ days: 6 - i }).toISODate(),
				count: raw.data[i],
				consolidated: true,
			});
		});
		expect(items[6].label).toBe('Today');
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
	});

	it('All (the default): the seven graphs in seven GETs, one item per day with a column each and the inbox share', async () => {
		const result = await t.run(
			account('getGraph', { accountId: byId(3), filters: { past_days: 3 } }),
		);
		expect(result.error).toBeUndefined();
		const graphs: Array<[string, string]> = [
			['sent', '/conversation_message_logs/3/sent/graph'],
			['received', '/conversation_message_logs/3/received/graph'],
			['inbox', '/conversation_message_logs/3/sent/categories/graph/INBOX'],
			['categories', '/conversation_message_logs/3/sent/categories/graph/CATEGORIES'],
			['spam', '/conversation_message_logs/3/sent/categories/graph/SPAM'],
			['others', '/conversation_message_logs/3/sent/categories/graph/OTHERS'],
			['conversations', '/conversation_statuses/3/graph'],
		];
		expect(await t.calls()).toEqual(graphs.map(([, path]) => `GET ${path}?past_days=3`));
		const raw: Record<string, { labels: string[]; data: number[] }> = {};
		for (const [column, path] of graphs)
			raw[column] = (
				await t.api<{ labels: string[]; data: number[] }>('GET', path, undefined, { past_days: 3 })
			).data;
		const items = jsonOf(result);
		expect(items).toHaveLength(4);
		const today = DateTime.utc().startOf('day');
		items.forEach((item, i) => {
			const at = (column: string) => raw[column].data[i];
			const landed = at('inbox') + at('categories') + at('spam') + at('others');
			expect(item).toEqual({
				account_id: 3,
				date: today.minus({ days: 3 - i }).toISODate(),
				label: raw.sent.labels[i],
				...Object.fromEntries(graphs.map(([column]) => [column, at(column)])),
				inbox_percent: landed > 0 ? Math.round((at('inbox') / landed) * 100) : null,
				consolidated: true,
			});
		});
		// The sandbox's landing categories add up to the messages sent: the columns are the same days' numbers.
		expect(
			items.every(
				(item) =>
					(item.inbox as number) +
						(item.categories as number) +
						(item.spam as number) +
						(item.others as number) ===
					item.sent,
			),
		).toBe(true);
	});

	it('All with Raw Answer: one item per graph, each the service answer', async () => {
		const result = await t.run(account('getGraph', { accountId: byId(3), output: 'raw' }));
		const items = jsonOf(result);
		expect(items.map((item) => [item.metric, item.category])).toEqual([
			['sent', undefined],
			['received', undefined],
			['category', 'INBOX'],
			['category', 'CATEGORIES'],
			['category', 'SPAM'],
			['category', 'OTHERS'],
			['conversations', undefined],
		]);
		const { data: spam } = await t.api<IDataObject>(
			'GET',
			'/conversation_message_logs/3/sent/categories/graph/SPAM',
		);
		expect(items[4]).toEqual({ account_id: 3, metric: 'category', category: 'SPAM', ...spam });
	});

	it('merges graphs by date: a day one graph lacks has no column there, and no inbox share', () => {
		const today = DateTime.fromISO('2026-03-05T10:00:00', { zone: 'UTC' });
		const days = (data: number[]) =>
			perDay(
				{ labels: ['Mar 4', 'Today'].slice(2 - data.length), data, consolidated: false },
				{},
				today,
			);
		expect(
			perDayAll(
				[
					{ column: 'sent', days: days([10, 12]) },
					{ column: 'inbox', days: days([9, 11]) },
					{ column: 'categories', days: days([1, 1]) },
					{ column: 'spam', days: days([0]) },
					{ column: 'others', days: days([0, 0]) },
				],
				{ account_id: 1 },
			),
		).toEqual([
			{
				account_id: 1,
				date: '2026-03-04',
				label: 'Mar 4',
				sent: 10,
				inbox: 9,
				categories: 1,
				others: 0,
				consolidated: false,
			},
			{
				account_id: 1,
				date: '2026-03-05',
				label: 'Today',
				sent: 12,
				inbox: 11,
				categories: 1,
				spam: 0,
				others: 0,
				inbox_percent: 92,
				consolidated: false,
			},
		]);
	});

	it('Raw Answer returns the service answer as one item', async () => {
		const result = await t.run(
			account('getGraph', { accountId: byId(3), metric: 'received', output: 'raw' }),
		);
		const { data: raw } = await t.api<IDataObject>(
			'GET',
			'/conversation_message_logs/3/received/graph',
		);
		expect(jsonOf(result)).toEqual([{ account_id: 3, metric: 'received', ...raw }]);
	});

	it('rejects a bad metric, category or past days before any request', async () => {
		const result = await t.run(
			account('getGraph', {
				accountId: byId(3),
				metric: 'category',
				category: '={{ "PROMOTIONS" }}',
				filters: { past_days: -1 },
			}),
		);
		expect(result.error?.message).toMatch(/2 invalid fields: "Category".*"Filters → Past Days"/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('dates labels in the workflow time zone: Today, Yesterday, "Apr 10", "10 Apr", ISO; a later month/day is last year', () => {
		const today = DateTime.fromISO('2026-03-05T10:00:00', { zone: 'Europe/Paris' });
		expect(labelDate('Today', today)).toBe('2026-03-05');
		expect(labelDate('Yesterday', today)).toBe('2026-03-04');
		expect(labelDate('Mar 1', today)).toBe('2026-03-01');
		expect(labelDate('1 Mar', today)).toBe('2026-03-01');
		expect(labelDate('Dec 30', today)).toBe('2025-12-30');
		expect(labelDate('2026-02-01', today)).toBe('2026-02-01');
		expect(labelDate('week 9', today)).toBeNull();
		// An unreadable label is dated by its place before "Today"; counts as text are read as numbers.
		expect(
			perDay(
				{ labels: ['d1', 'Today'], data: ['4', 5], consolidated: false },
				{ metric: 'sent' },
				today,
			),
		).toEqual([
			{ metric: 'sent', label: 'd1', date: '2026-03-04', count: 4, consolidated: false },
			{ metric: 'sent', label: 'Today', date: '2026-03-05', count: 5, consolidated: false },
		]);
		expect(perDay({}, {}, today)).toEqual([]);
	});
});
