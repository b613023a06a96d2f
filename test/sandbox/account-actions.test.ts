/** Account actions the service documents: reconnect (a delayed job), delete, statistics and the four daily graphs. */
import { expectError, useSandbox } from './helpers';
import type { Json } from './helpers';

const t = useSandbox({ accounts: 120 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function reconnectDelay(ms: number) {
	expect((await t.admin('POST', '/settings', { reconnectDelayMs: ms })).status).toBe(200);
}

describe('POST /accounts/{id}/reconnect', () => {
	it('answers 201 {queued, job_id} and clears imap_issue after the configured delay', async () => {
		await reconnectDelay(150);
		expect((await t.get('/accounts/13')).data.imap_issue).toBe(true);
		const res = await t.post('/accounts/13/reconnect');
		expect(res.status).toBe(201);
		expect(res.data).toEqual({
			queued: true,
			job_id: expect.stringMatching(
				/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
			),
		});
		expect((await t.get('/accounts/13')).data.imap_issue).toBe(true);
		await sleep(200);
		expect((await t.get('/accounts/13')).data.imap_issue).toBe(false);
		// The job id is not a task id.
		expectError(await t.get(`/tasks/${res.data.job_id}`), 400);
	});

	it('an account the admin marked broken stays disconnected; so does one whose login fails', async () => {
		await reconnectDelay(0);
		expect((await t.admin('POST', '/accounts/38/broken', {})).data).toEqual({
			account_id: 38,
			broken: true,
		});
		await t.post('/accounts/38/reconnect');
		expect((await t.get('/accounts/38')).data.imap_issue).toBe(true);
		await t.admin('POST', '/accounts/38/broken', { broken: false });
		await t.post('/accounts/38/reconnect');
		expect((await t.get('/accounts/38')).data.imap_issue).toBe(false);

		const email = (await t.get('/accounts/63')).data.email as string;
		await t.admin('POST', '/login-failures', { email, imap: true });
		await t.post('/accounts/63/reconnect');
		expect((await t.get('/accounts/63')).data.imap_issue).toBe(true);
	});

	it('a disconnection after the reconnect was queued is not undone by it', async () => {
		await reconnectDelay(100);
		await t.post('/accounts/4/reconnect');
		await t.admin('POST', '/accounts/4/disconnect');
		await sleep(150);
		expect((await t.get('/accounts/4')).data.imap_issue).toBe(true);
	});

	it('unknown account → 404, another project’s → 403, bad id → 400', async () => {
		expectError(await t.post('/accounts/99999/reconnect'), 404);
		expectError(await t.post('/accounts/100001/reconnect'), 403);
		expectError(await t.post('/accounts/abc/reconnect'), 400);
	});
});

describe('DELETE /accounts/{id}', () => {
	it('answers {success: true}; the account is gone (GET → 404, not listed)', async () => {
		const res = await t.api('DELETE', '/accounts/5', {
			query: { disconnect_reason: 'Mailbox closed' },
		});
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ success: true });
		expectError(await t.get('/accounts/5'), 404);
		expectError(await t.api('DELETE', '/accounts/5'), 404);
		const ids = (await t.get('/accounts', { per_page: 100 })).data.map((a: Json) => a.id);
		expect(ids).not.toContain(5);
		expectError(await t.api('DELETE', '/accounts/100001'), 403);
	});
});

describe('GET /accounts/{id}/stats and the graphs', () => {
	const graphs = [
		'/conversation_message_logs/2/sent/graph',
		'/conversation_message_logs/2/received/graph',
		'/conversation_message_logs/2/sent/categories/graph/SPAM',
		'/conversation_statuses/2/graph',
	];

	it('answers parallel labels and data, one a day ending with "Today", default 14 past days', async () => {
		for (const path of graphs) {
			const res = await t.get(path);
			expect(res.status).toBe(200);
			expect(res.data).toEqual({
				labels: expect.any(Array),
				data: expect.any(Array),
				consolidated: true,
			});
			expect(res.data.labels).toHaveLength(15);
			expect(res.data.data).toHaveLength(15);
			expect(res.data.labels[14]).toBe('Today');
			expect(res.data.labels[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
			expect(res.data.data.every((n: unknown) => Number.isInteger(n) && (n as number) >= 0)).toBe(
				true,
			);
		}
		const today = await t.get(graphs[0], { past_days: 0 });
		expect(today.data).toEqual({
			labels: ['Today'],
			data: [expect.any(Number)],
			consolidated: false,
		});
	});

	it('is deterministic, and the statistics are the sums of the graphs over the same days', async () => {
		const query = { provider: 'gmail', past_days: 30 };
		const sent = (await t.get('/conversation_message_logs/2/sent/graph', query)).data;
		expect((await t.get('/conversation_message_logs/2/sent/graph', query)).data).toEqual(sent);
		const received = (await t.get('/conversation_message_logs/2/received/graph', query)).data;
		const spam = (await t.get('/conversation_message_logs/2/sent/categories/graph/SPAM', query))
			.data;
		const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
		const stats = await t.get('/accounts/2/stats', query);
		expect(stats.status).toBe(200);
		expect(stats.data).toEqual({
			total_messages_sent: sum(sent.data),
			total_messages_received: sum(received.data),
			total_spam: sum(spam.data),
			config_current_conversation_running: expect.any(Number),
			consolidated_cutoff: expect.any(String),
		});
		expect(Date.parse(stats.data.consolidated_cutoff)).toBeLessThan(Date.now() - 47 * 3600_000);
		// The four landing categories add up to the messages sent; no provider = the three providers together.
		const cats = await Promise.all(
			['INBOX', 'CATEGORIES', 'SPAM', 'OTHERS'].map(
				async (c) =>
					(await t.get(`/conversation_message_logs/2/sent/categories/graph/${c}`, query)).data
						.data as number[],
			),
		);
		expect(sent.data.map((_: number, i: number) => cats.reduce((a, c) => a + c[i], 0))).toEqual(
			sent.data,
		);
		const all = (await t.get('/accounts/2/stats', { past_days: 30 })).data;
		const parts = await Promise.all(
			['gmail', 'outlook', 'others'].map(
				async (p) => (await t.get('/accounts/2/stats', { provider: p, past_days: 30 })).data,
			),
		);
		expect(all.total_messages_sent).toBe(sum(parts.map((p) => p.total_messages_sent)));
	});

	it('a spam-test-only account exchanges no warming messages', async () => {
		const stats = (await t.get('/accounts/7/stats')).data;
		expect([stats.total_messages_sent, stats.total_messages_received, stats.total_spam]).toEqual([
			0, 0, 0,
		]);
	});

	it('bad provider, past_days or category → 422; unknown account → 404; another project’s → 403', async () => {
		for (const path of [...graphs, '/accounts/2/stats']) {
			const bad = await t.get(path, { provider: 'yahoo', past_days: 181 });
			expectError(bad, 422);
			expect(Object.keys(bad.data.errors).sort()).toEqual(['past_days', 'provider']);
			expectError(await t.get(path, { past_days: -1 }), 422);
		}
		expectError(await t.get('/conversation_message_logs/2/sent/categories/graph/PROMOTIONS'), 422);
		expectError(await t.get('/accounts/99999/stats'), 404);
		expectError(await t.get('/conversation_statuses/100001/graph'), 403);
	});
});
