/** Admin API: faults (429, 500, 503, reset, latency, processed500), rate limit, request log, reset, credits, state. */
import { expectError, useSandbox } from './helpers';

const t = useSandbox();

describe('injected faults', () => {
	it('429 with the given Retry-After, for the next `count` requests only', async () => {
		await t.admin('POST', '/faults', { kind: '429', count: 2, retryAfter: 7 });
		for (let i = 0; i < 2; i++) {
			const res = await t.get('/ping');
			expectError(res, 429);
			expect(res.headers['retry-after']).toBe('7');
		}
		expect((await t.get('/ping')).status).toBe(200);
		expect((await t.admin('GET', '/faults')).data).toEqual([]);
	});

	it('429 defaults to Retry-After: 1; an HTTP-date is passed through', async () => {
		await t.admin('POST', '/faults', { kind: '429' });
		expect((await t.get('/ping')).headers['retry-after']).toBe('1');
		const date = 'Wed, 21 Oct 2099 07:28:00 GMT';
		await t.admin('POST', '/faults', { kind: '429', retryAfter: date });
		expect((await t.get('/ping')).headers['retry-after']).toBe(date);
	});

	it('500 and 503 with JSON messages', async () => {
		await t.admin('POST', '/faults', { kind: '500' });
		await t.admin('POST', '/faults', { kind: '503' });
		expectError(await t.get('/ping'), 500);
		expectError(await t.get('/ping'), 503);
		expect((await t.get('/ping')).status).toBe(200);
	});

	it('reset cuts the connection without an answer', async () => {
		await t.admin('POST', '/faults', { kind: 'reset' });
		await expect(t.get('/ping')).rejects.toMatchObject({
			code: expect.stringMatching(/ECONNRESET|ERR_BAD_RESPONSE|ECONNABORTED/),
		});
		expect((await t.get('/ping')).status).toBe(200);
		const log = (await t.admin('GET', '/requests')).data;
		expect(log.at(-2)).toMatchObject({ path: '/ping', status: null });
	});

	it('a latency fault holds only the matching request: a later request overtakes it', async () => {
		await t.admin('POST', '/faults', { kind: 'latency', latencyMs: 400, path: '/ping' });
		const order: string[] = [];
		const slow = t.get('/ping').then((r) => order.push(`ping ${r.status}`));
		await new Promise((r) => setTimeout(r, 30));
		const fast = t
			.get('/accounts', { per_page: 1 })
			.then((r) => order.push(`accounts ${r.status}`));
		await Promise.all([slow, fast]);
		expect(order).toEqual(['accounts 200', 'ping 200']);
	});

	it('latency delays and then answers normally (the fault is used up)', async () => {
		await t.admin('POST', '/faults', { kind: 'latency', latencyMs: 50 });
		expect((await t.get('/ping')).data.message).toBe('pong');
		expect((await t.admin('GET', '/faults')).data).toEqual([]);
	});

	it('method and path (prefix below /api/v1) limit what a fault hits', async () => {
		await t.admin('POST', '/faults', { kind: '503', method: 'POST', path: '/spam_tests' });
		expect((await t.get('/spam_tests', { page: 0 })).status).toBe(200);
		expect((await t.post('/accounts/4', { alive: true })).status).toBe(200);
		expectError(await t.post('/spam_tests', {}), 503);
		expect((await t.post('/spam_tests', {})).status).toBe(201);
	});

	it('processed500 performs the request (credit consumed, test created) and then answers 500', async () => {
		await t.admin('POST', '/faults', { kind: 'processed500', method: 'POST', path: '/spam_tests' });
		const before = (await t.admin('GET', '/state')).data.projects.A;
		expectError(await t.post('/spam_tests', {}), 500);
		const after = (await t.admin('GET', '/state')).data.projects.A;
		expect(after.credits).toBe(before.credits - 1);
		expect(after.spamTests).toBe(before.spamTests + 1);
	});

	it('a rate of 1 hits every matching request until cleared; a rate of 0 never', async () => {
		await t.admin('POST', '/faults', { kind: '500', rate: 0, path: '/accounts' });
		expect((await t.get('/accounts')).status).toBe(200);
		await t.admin('DELETE', '/faults');
		await t.admin('POST', '/faults', { kind: '500', rate: 1, path: '/accounts' });
		for (let i = 0; i < 3; i++) expectError(await t.get('/accounts'), 500);
		await t.admin('DELETE', '/faults');
		expect((await t.get('/accounts')).status).toBe(200);
	});

	it('refuses a bad fault description with 400', async () => {
		expect((await t.admin('POST', '/faults', { kind: 'explode' })).status).toBe(400);
		expect((await t.admin('POST', '/faults', { kind: '429', rate: 2 })).status).toBe(400);
		expect((await t.admin('POST', '/faults', { kind: '429', count: 0 })).status).toBe(400);
	});
});

describe('rate limit', () => {
	it('answers 429 with Retry-After: 1 beyond the per-key limit, per key, and can be lifted', async () => {
		await t.admin('POST', '/rate-limit', { perSecond: 2 });
		const answers = await Promise.all([
			t.get('/ping'),
			t.get('/ping'),
			t.get('/ping'),
			t.get('/ping'),
		]);
		const limited = answers.filter((r) => r.status === 429);
		expect(limited.length).toBeGreaterThanOrEqual(2);
		expect(limited[0].headers['retry-after']).toBe('1');
		expect(typeof limited[0].data.message).toBe('string');
		expect((await t.get('/ping', undefined, 'B')).status).toBe(200); // another key has its own budget
		await t.admin('POST', '/rate-limit', { perSecond: null });
		const free = await Promise.all(Array.from({ length: 10 }, () => t.get('/ping')));
		expect(free.every((r) => r.status === 200)).toBe(true);
	});
});

describe('admin state', () => {
	it('the request log has method, path, query, body, header form, project and status', async () => {
		await t.admin('DELETE', '/requests');
		await t.api('GET', '/accounts', { query: { tags: 'sales', page: 1 } });
		await t.post('/accounts/4', { alive: false });
		await t.api('POST', '/accounts/4', { rawBody: '{bad' });
		const log = (await t.admin('GET', '/requests')).data;
		expect(log).toHaveLength(3);
		expect(log[0]).toEqual({
			seq: expect.any(Number),
			at: expect.any(String),
			method: 'GET',
			path: '/accounts',
			query: { tags: 'sales', page: '1' },
			body: null,
			headerForm: 'bearer',
			project: 'A',
			userAgent: expect.any(String),
			status: 200,
		});
		expect(log[1]).toMatchObject({
			method: 'POST',
			path: '/accounts/4',
			body: { alive: false },
			status: 200,
		});
		expect(log[2]).toMatchObject({ body: '{bad', status: 400 }); // malformed JSON: the text as sent
		expect(log[1].seq).toBeGreaterThan(log[0].seq);
		await t.admin('DELETE', '/requests');
		expect((await t.admin('GET', '/requests')).data).toEqual([]);
	});

	it('reset brings back the seed data, credits, settings and empty logs', async () => {
		await t.post('/spam_tests', {});
		const task = (await t.post('/accounts/batch', { account_ids: [4], action: 'delete' })).data;
		for (let i = 0; i < 3; i++) await t.get(`/tasks/${task.id}`);
		await t.admin('POST', '/settings', { duplicateDeliveries: true });
		await t.admin('POST', '/faults', { kind: '500', path: '/nothing' });
		expect((await t.admin('POST', '/reset')).status).toBe(200);
		expect((await t.get('/accounts/4')).status).toBe(200);
		expect((await t.admin('GET', '/credits')).data).toEqual({ A: 500, B: 3 });
		expect((await t.admin('GET', '/settings')).data.duplicateDeliveries).toBe(false);
		expect((await t.admin('GET', '/faults')).data).toEqual([]);
		expect((await t.admin('GET', '/requests')).data).toHaveLength(1); // the GET /accounts/4 above
	});

	it('credits can be read and set per project', async () => {
		expect((await t.admin('POST', '/credits', { project: 'B', credits: 10 })).data).toEqual({
			A: 500,
			B: 10,
		});
		expect((await t.admin('POST', '/credits', { project: 'C', credits: 10 })).status).toBe(400);
	});

	it('state summarises both projects; alerts can be read per project', async () => {
		const state = (await t.admin('GET', '/state')).data;
		expect(state).toEqual({
			projects: {
				A: { accounts: 120, spamTests: 36, automatedTests: 32, alerts: 3, credits: 500 },
				B: { accounts: 5, spamTests: 2, automatedTests: 2, alerts: 1, credits: 3 },
			},
		});
		const alerts = (await t.admin('GET', '/alerts?project=B')).data;
		expect(alerts.map((a: { channel: string }) => a.channel)).toEqual(['SLACK']);
	});

	it('account score and disconnect shortcuts, and unknown admin routes → 404', async () => {
		const res = await t.admin('POST', '/accounts/3/score', { score: 100 });
		expect(res.data.account.score).toBe(100);
		expect(res.data.event).toBe('REPUTATION_SCORE_INCREASE');
		expect((await t.admin('POST', '/accounts/999999/disconnect')).status).toBe(404);
		expect((await t.admin('GET', '/nope')).status).toBe(404);
	});
});
