/** Spec §6: alerts CRUD and validation, event delivery (payload, retries, slow receivers, duplicates, scoping). */
import { eventually, expectError, startReceiver, useSandbox } from './helpers';
import type { Json } from './helpers';

const t = useSandbox();

let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
afterEach(async () => {
	await receiver?.close();
	receiver = undefined;
});

async function hook(
	events: string[],
	extra: Record<string, unknown> = {},
	answer?: Parameters<typeof startReceiver>[0],
): Promise<Json> {
	receiver = await startReceiver(answer);
	const res = await t.post('/alerts', {
		channel: 'HOOK_URL',
		events,
		active: true,
		hook_url: receiver.url,
		...extra,
	});
	expect(res.status).toBe(201);
	return res.data;
}
/** Waits for `check` without timers, so it works on a fake clock too (it gives the sockets their turn). */
async function whenTrue(check: () => boolean | Promise<boolean>): Promise<void> {
	while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
}
const deliveries = async (): Promise<Json[]> => (await t.admin('GET', '/deliveries')).data;

describe('alerts CRUD', () => {
	it('creates (201), lists, updates only what is sent, and deletes', async () => {
		const created = await t.post('/alerts', {
			channel: 'HOOK_URL',
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
			hook_url: 'https://hooks.example.org/x',
		});
		expect(created.status).toBe(201);
		expect(created.data).toEqual({
			id: expect.any(Number),
			channel: 'HOOK_URL',
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
			hook_url: 'https://hooks.example.org/x',
			slack_channel_id: null,
			automated_test_ids: [],
		});
		const listed = (await t.get('/alerts')).data;
		expect(Array.isArray(listed)).toBe(true);
		expect(listed.map((a: { id: number }) => a.id)).toContain(created.data.id);
		// Update requires active and events (400 without either), and keeps what is not sent.
		expectError(
			await t.post(`/alerts/${created.data.id}`, { events: ['SPAMCHECK_COMPLETED'] }),
			400,
		);
		expectError(await t.post(`/alerts/${created.data.id}`, { active: true }), 400);
		const updated = await t.post(`/alerts/${created.data.id}`, {
			active: true,
			events: ['SPAMCHECK_COMPLETED', 'MY_CUSTOM_EVENT'],
		});
		expect(updated.status).toBe(200);
		expect(updated.data).toEqual({
			...created.data,
			events: ['SPAMCHECK_COMPLETED', 'MY_CUSTOM_EVENT'],
		});
		const deleted = await t.api('DELETE', `/alerts/${created.data.id}`);
		expect(deleted.data).toEqual({ id: created.data.id, deleted: true });
		expectError(await t.api('DELETE', `/alerts/${created.data.id}`), 404);
		expect((await t.get('/alerts')).data.map((a: { id: number }) => a.id)).not.toContain(
			created.data.id,
		);
	});

	it('validates channels, destinations, events and scope', async () => {
		const base = {
			channel: 'HOOK_URL',
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
			hook_url: 'https://h.example.org',
		};
		expectError(await t.post('/alerts', { ...base, events: undefined }), 400);
		expectError(await t.post('/alerts', { ...base, active: undefined }), 400);
		expectError(await t.post('/alerts', { ...base, channel: undefined }), 400);
		expectError(await t.post('/alerts', { ...base, events: [] }), 422);
		expectError(await t.post('/alerts', { ...base, events: ['account disconnected'] }), 422);
		expectError(await t.post('/alerts', { ...base, channel: 'EMAIL' }), 422);
		expectError(await t.post('/alerts', { ...base, hook_url: 'http://example.org/hook' }), 422);
		expectError(await t.post('/alerts', { ...base, hook_url: undefined }), 422);
		expectError(await t.post('/alerts', { ...base, channel: 'SLACK', hook_url: undefined }), 422);
		expectError(await t.post('/alerts', { ...base, channel: 'ALL' }), 422); // needs slack_channel_id too
		expectError(await t.post('/alerts', { ...base, automated_test_ids: [33] }), 422); // project B's test
		expect((await t.post('/alerts', { ...base, hook_url: 'http://127.0.0.1:9/hook' })).status).toBe(
			201,
		);
		expect(
			(
				await t.post('/alerts', {
					...base,
					channel: 'SLACK',
					hook_url: undefined,
					slack_channel_id: 99,
				})
			).status,
		).toBe(201);
		expect(
			(
				await t.post('/alerts', {
					...base,
					channel: 'ALL',
					slack_channel_id: 99,
					automated_test_ids: [1],
				})
			).status,
		).toBe(201);
	});

	it('an automated test lists the alerts scoped to it', async () => {
		const alert = (
			await t.post('/alerts', {
				channel: 'HOOK_URL',
				events: ['SPAMCHECK_COMPLETED'],
				active: true,
				hook_url: 'https://h.example.org',
				automated_test_ids: [7],
			})
		).data;
		expect((await t.get('/automated_tests/7')).data.alerts).toContainEqual(alert);
		expect((await t.get('/automated_tests/8')).data.alerts).not.toContainEqual(alert);
	});
});

describe('event delivery', () => {
	it('ACCOUNT_DISCONNECTED: the account loses its connection and the event is POSTed as JSON, logged', async () => {
		const alert = await hook(['ACCOUNT_DISCONNECTED']);
		const res = await t.admin('POST', '/accounts/4/disconnect');
		expect(res.data.account).toMatchObject({ id: 4, imap_issue: true, has_refresh_token: false });
		expect((await t.get('/accounts/4')).data.imap_issue).toBe(true);
		await eventually(() => receiver!.received.length === 1);
		const { headers, body } = receiver!.received[0];
		expect(headers['content-type']).toBe('application/json');
		expect(body).toMatchObject({
			id: expect.stringMatching(/^evt_[0-9a-f]{16}$/),
			event: 'ACCOUNT_DISCONNECTED',
			account_id: 4,
			project_id: 1,
			alert_id: alert.id,
			level: 'warning',
		});
		expect(body.account_email).toBe(res.data.account.email);
		expect(res.data.payloads).toEqual([body]);
		await eventually(async () => (await deliveries()).length === 1);
		expect((await deliveries())[0]).toMatchObject({
			eventId: body.id,
			event: 'ACCOUNT_DISCONNECTED',
			alertId: alert.id,
			url: receiver!.url,
			attempt: 1,
			status: 200,
			error: null,
		});
	});

	it('does not deliver to inactive alerts or alerts of other events / projects', async () => {
		await hook(['REPUTATION_SCORE_DECREASE'], { active: false });
		const other = await t.post(
			'/alerts',
			{
				channel: 'HOOK_URL',
				events: ['ACCOUNT_DISCONNECTED'],
				active: true,
				hook_url: receiver!.url,
			},
			'B',
		);
		expect(other.status).toBe(201);
		await t.admin('POST', '/accounts/4/disconnect');
		const score = await t.admin('POST', '/accounts/4/score', { score: 0 });
		expect(score.data.event).toBe('REPUTATION_SCORE_DECREASE');
		expect(score.data.payloads).toEqual([]);
		await new Promise((r) => setTimeout(r, 200));
		expect(receiver!.received).toEqual([]);
	});

	it('channel ALL delivers to its hook_url; a SLACK alert never POSTs, even with a hook_url', async () => {
		const all = await hook(['ACCOUNT_DISCONNECTED'], { channel: 'ALL', slack_channel_id: 5 });
		const slack = await t.post('/alerts', {
			channel: 'SLACK',
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
			slack_channel_id: 6,
			hook_url: receiver!.url,
		});
		expect(slack.status).toBe(201);
		const res = await t.admin('POST', '/accounts/4/disconnect');
		expect(res.data.payloads.map((p: { alert_id: number }) => p.alert_id)).toEqual([all.id]);
		await eventually(() => receiver!.received.length === 1);
		await new Promise((r) => setTimeout(r, 100));
		expect(receiver!.received.map((r) => r.body.alert_id)).toEqual([all.id]);
	});

	it('retries a non-2xx answer with the same event id until a 2xx, logging every attempt', async () => {
		await t.admin('POST', '/settings', { deliveryRetryDelaysMs: [20, 20, 20] });
		await hook(['REPUTATION_SCORE_INCREASE'], {}, (n) => ({ status: n < 3 ? 500 : 204 }));
		await t.admin('POST', '/accounts/5/score', { score: 100 });
		await eventually(() => receiver!.received.length === 3);
		expect(new Set(receiver!.received.map((r) => r.body.id)).size).toBe(1);
		await eventually(async () => (await deliveries()).length === 3);
		expect((await deliveries()).map((d) => [d.attempt, d.status])).toEqual([
			[1, 500],
			[2, 500],
			[3, 204],
		]);
	});

	it('backs off: the defaults are 0.5, 1, 2 s after a 5 s timeout, and each wait is at least its delay', async () => {
		expect((await t.admin('GET', '/settings')).data).toMatchObject({
			deliveryTimeoutMs: 5000,
			deliveryRetryDelaysMs: [500, 1000, 2000],
		});
		await t.admin('POST', '/settings', { deliveryRetryDelaysMs: [60, 120, 240] });
		await hook(['ACCOUNT_DISCONNECTED'], {}, () => ({ status: 500 }));
		await t.admin('POST', '/accounts/4/disconnect');
		await eventually(async () => (await deliveries()).length === 4);
		const times = (await deliveries()).map((d) => Date.parse(d.at));
		const gaps = times.slice(1).map((x, i) => x - times[i]);
		expect(gaps[0]).toBeGreaterThanOrEqual(55);
		expect(gaps[1]).toBeGreaterThanOrEqual(115);
		expect(gaps[2]).toBeGreaterThanOrEqual(235);
	});

	it('gives up after 4 attempts', async () => {
		await t.admin('POST', '/settings', { deliveryRetryDelaysMs: [10, 10, 10] });
		await hook(['ACCOUNT_DISCONNECTED'], {}, () => ({ status: 503 }));
		await t.admin('POST', '/accounts/4/disconnect');
		await eventually(async () => (await deliveries()).length === 4);
		await new Promise((r) => setTimeout(r, 100));
		expect(receiver!.received).toHaveLength(4);
		expect((await deliveries()).map((d) => d.attempt)).toEqual([1, 2, 3, 4]);
	});

	// On a fake clock: the receiver never answers the first attempt, and the sandbox's 100 ms pass only when the test
	// moves the clock, so the second attempt, answered at once, cannot run out of time however busy the machine is.
	it('a slow receiver counts as a failure and is retried', async () => {
		await t.admin('POST', '/settings', {
			deliveryTimeoutMs: 100,
			deliveryRetryDelaysMs: [10, 10, 10],
		});
		await hook(['ACCOUNT_DISCONNECTED'], {}, (n) => ({
			status: 200,
			delayMs: n === 1 ? 3_600_000 : 0,
		}));
		jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
		try {
			await t.admin('POST', '/accounts/4/disconnect');
			await whenTrue(() => receiver!.received.length === 1);
			jest.advanceTimersByTime(99);
			expect(await deliveries()).toEqual([]);
			jest.advanceTimersByTime(1); // the first attempt's 100 ms are up
			jest.advanceTimersByTime(10); // the retry's delay
			await whenTrue(() => receiver!.received.length === 2);
			jest.advanceTimersByTime(0); // the receiver answers the second attempt at once
			await whenTrue(async () => (await deliveries()).length === 2);
		} finally {
			jest.useRealTimers();
		}
		const log = await deliveries();
		expect(log[0]).toMatchObject({
			attempt: 1,
			status: null,
			error: 'no answer within 100 ms',
		});
		expect(log[1]).toMatchObject({ attempt: 2, status: 200 });
		expect(receiver!.received[1].body.id).toBe(receiver!.received[0].body.id);
	});

	it('duplicateDeliveries delivers every event twice with the same id', async () => {
		await t.admin('POST', '/settings', { duplicateDeliveries: true });
		await hook(['ACCOUNT_DISCONNECTED']);
		await t.admin('POST', '/accounts/4/disconnect');
		await eventually(() => receiver!.received.length === 2);
		expect(receiver!.received[0].body).toEqual(receiver!.received[1].body);
		await eventually(async () => (await deliveries()).length === 2);
		expect((await deliveries()).map((d) => d.copy).sort()).toEqual([1, 2]);
	});

	it('SPAMCHECK_COMPLETED when a spam test completes, with the test named in the payload', async () => {
		await hook(['SPAMCHECK_COMPLETED']);
		const created = (await t.post('/spam_tests', {})).data;
		await t.admin('POST', `/spam_tests/${created.public_id}/complete`, {
			sender: 'n@clean-news.test',
		});
		await eventually(() => receiver!.received.length === 1);
		expect(receiver!.received[0].body).toMatchObject({
			event: 'SPAMCHECK_COMPLETED',
			public_id: created.public_id,
			public_full_id: created.public_full_id,
			automated_test_id: null,
			score: 9,
			final_score: 9,
			level: 'info',
		});
		// completing again sends nothing new
		await t.admin('POST', `/spam_tests/${created.public_id}/complete`, {});
		await new Promise((r) => setTimeout(r, 100));
		expect(receiver!.received).toHaveLength(1);
	});

	it('automated_test_ids scopes SPAMCHECK_COMPLETED to those automated tests', async () => {
		await hook(['SPAMCHECK_COMPLETED'], { automated_test_ids: [7] });
		const manual = (await t.post('/spam_tests', {})).data;
		await t.admin('POST', `/spam_tests/${manual.public_id}/complete`, {});
		const other = (await t.admin('POST', '/automated_tests/8/run')).data.spam_test;
		await t.admin('POST', `/spam_tests/${other.public_id}/complete`, {});
		const scoped = (await t.admin('POST', '/automated_tests/7/run')).data.spam_test;
		expect(scoped).toMatchObject({ automated: true, automated_test_id: 7 });
		await t.admin('POST', `/spam_tests/${scoped.public_id}/complete`, {});
		await eventually(() => receiver!.received.length === 1);
		await new Promise((r) => setTimeout(r, 100));
		expect(receiver!.received.map((r) => r.body.public_id)).toEqual([scoped.public_id]);
		expect(receiver!.received[0].body.automated_test_id).toBe(7);
	});

	it('any event can be emitted through the admin API, with extra fields', async () => {
		const alert = await hook(['DOMAIN_EXPIRING_SOON']);
		const res = await t.admin('POST', '/events', {
			event: 'DOMAIN_EXPIRING_SOON',
			account_id: 1,
			note: 'hello',
		});
		expect(res.status).toBe(200);
		expect(res.data.payloads).toHaveLength(1);
		expect(res.data.payloads[0]).toMatchObject({
			event: 'DOMAIN_EXPIRING_SOON',
			alert_id: alert.id,
			account_id: 1,
			domain: 'acme-mail.com',
			domain_expire_on: expect.any(String),
			note: 'hello',
		});
		await eventually(() => receiver!.received.length === 1);
		expect(receiver!.received[0].body).toEqual(res.data.payloads[0]);
		expect((await t.admin('POST', '/events', { event: 'NOBODY_LISTENS' })).data.payloads).toEqual(
			[],
		);
	});

	it('a reset drops pending deliveries: no late log entries, no retries', async () => {
		await t.admin('POST', '/settings', { deliveryRetryDelaysMs: [50, 50, 50] });
		await hook(['ACCOUNT_DISCONNECTED'], {}, () => ({ status: 200, delayMs: 1000 }));
		await t.admin('POST', '/accounts/4/disconnect');
		await eventually(() => receiver!.received.length === 1);
		await t.admin('POST', '/reset');
		await new Promise((r) => setTimeout(r, 300));
		expect(await deliveries()).toEqual([]);
		expect(receiver!.received).toHaveLength(1);
	});
});
