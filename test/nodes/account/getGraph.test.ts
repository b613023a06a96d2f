/**
 * Mailbox → Get Graph through n8n's real engine against the sandbox: one graph or all seven merged by day, the raw
 * answer, validation with zero requests (reading the labels into days: graphDays.test.ts).
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

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
});
