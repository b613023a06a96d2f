/** Alert operations through n8n's real engine against the sandbox: create, getAll, update, delete. */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, useSandbox } from './context';

const t = useSandbox();

const HOOK = 'https://hooks.example.com/n8n';

describe('alert create', () => {
	it('creates a webhook alert with documented, unverified and custom events', async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'create',
			channel: 'HOOK_URL',
			hookUrl: HOOK,
			events: ['SPAMCHECK_COMPLETED', 'REPUTATION_SCORE_DECREASE'],
			customEvents: 'MY_CUSTOM_EVENT, SPAMCHECK_COMPLETED',
			active: true,
			additionalFields: { automated_test_ids: '1, 2' },
		});
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out).toMatchObject({
			channel: 'HOOK_URL',
			hook_url: HOOK,
			active: true,
			events: ['SPAMCHECK_COMPLETED', 'REPUTATION_SCORE_DECREASE', 'MY_CUSTOM_EVENT'],
			automated_test_ids: [1, 2],
		});
		expect(typeof out.id).toBe('number');
		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({
			method: 'POST',
			path: '/alerts',
			status: 201,
			body: {
				channel: 'HOOK_URL',
				hook_url: HOOK,
				active: true,
				events: ['SPAMCHECK_COMPLETED', 'REPUTATION_SCORE_DECREASE', 'MY_CUSTOM_EVENT'],
				automated_test_ids: [1, 2],
			},
		});
		expect(log[0].body).not.toHaveProperty('slack_channel_id');
	});

	it('creates a Slack alert with only the Slack destination', async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'create',
			channel: 'SLACK',
			slackChannelId: 5150,
			hookUrl: 'ignored because the channel is Slack',
			events: ['ACCOUNT_DISCONNECTED'],
			active: false,
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({
			channel: 'SLACK',
			slack_channel_id: 5150,
			active: false,
		});
		expect((await t.requests())[0].body).toEqual({
			channel: 'SLACK',
			slack_channel_id: 5150,
			events: ['ACCOUNT_DISCONNECTED'],
			active: false,
		});
	});

	it('creates an alert on both channels', async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'create',
			channel: 'ALL',
			slackChannelId: 77,
			hookUrl: HOOK,
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
		});
		expect(result.error).toBeUndefined();
		expect((await t.requests())[0].body).toEqual({
			channel: 'ALL',
			hook_url: HOOK,
			slack_channel_id: 77,
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
		});
	});

	it('creates from a custom event alone', async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'create',
			channel: 'HOOK_URL',
			hookUrl: HOOK,
			events: [],
			customEvents: 'SOMETHING_NEW',
			active: true,
		});
		expect(result.error).toBeUndefined();
		expect((await t.requests())[0].body).toMatchObject({ events: ['SOMETHING_NEW'] });
	});

	it('surfaces the service refusing an http hook URL (422)', async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'create',
			channel: 'HOOK_URL',
			hookUrl: 'http://hooks.example.com/x',
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
		});
		expect(result.error?.httpCode).toBe('422');
		expect((await t.requests()).map((r) => r.status)).toEqual([422]);
	});

	it.each([
		['no events', { events: [], customEvents: '' }, /"Events"/],
		['a hook URL that is not a URL', { hookUrl: 'hooks.example.com/x' }, /"Hook URL"/],
		['a hook URL with another scheme', { hookUrl: 'ftp://hooks.example.com/x' }, /"Hook URL"/],
		['an empty hook URL (from an expression)', { hookUrl: '={{ "" }}' }, /"Hook URL"/],
		['an unknown channel', { channel: 'EMAIL' }, /"Channel"/],
		['no Slack channel for SLACK', { channel: 'SLACK', slackChannelId: 0 }, /"Slack Channel ID"/],
		[
			'a Slack channel that is not a number',
			{ channel: 'ALL', slackChannelId: '=general' },
			/"Slack Channel ID"/,
		],
		[
			'automated test ids that are not integers',
			{ additionalFields: { automated_test_ids: '1, two' } },
			/"Additional Fields → Automated Test IDs"/,
		],
		['a custom event id with a quote', { customEvents: 'BAD"EVENT' }, /"Events"/],
	])('refuses %s before any request', async (_label, parameters, message) => {
		const result = await t.run({
			resource: 'alert',
			operation: 'create',
			channel: 'HOOK_URL',
			hookUrl: HOOK,
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
			...parameters,
		});
		expect(result.error?.message).toMatch(message);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(await t.requests()).toHaveLength(0);
	});
});

describe('alert getAll', () => {
	it('returns every alert of the project (one bare array, one request)', async () => {
		const result = await t.run({ resource: 'alert', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((a) => a.id)).toEqual([1, 2, 3]);
		expect(
			result.items.every((i) => JSON.stringify(i.pairedItem) === JSON.stringify({ item: 0 })),
		).toBe(true);
		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({ method: 'GET', path: '/alerts', query: {}, status: 200 });
	});

	it('applies Limit locally', async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		});
		expect(jsonOf(result).map((a) => a.id)).toEqual([1, 2]);
		expect(await t.requests()).toHaveLength(1);
	});

	it('refuses a Limit of 0 before any request', async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'getAll',
			returnAll: false,
			limit: 0,
		});
		expect(result.error?.message).toMatch(/"Limit"/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('surfaces a 401 for a wrong key', async () => {
		const result = await t.run(
			{ resource: 'alert', operation: 'getAll', returnAll: true },
			{ apiKey: 'dummy-key-wrong' },
		);
		expect(result.error?.httpCode).toBe('401');
	});
});

describe('alert update', () => {
	it('sends only the fields given, with their API names', async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'update',
			alertId: byId(2),
			updateFields: {
				active: true,
				events: ['ACCOUNT_DISCONNECTED', 'DOMAIN_EXPIRING_SOON'],
				hook_url: 'https://hooks.example.com/changed',
				automated_test_ids: '3',
			},
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({
			id: 2,
			active: true,
			events: ['ACCOUNT_DISCONNECTED', 'DOMAIN_EXPIRING_SOON'],
			hook_url: 'https://hooks.example.com/changed',
			automated_test_ids: [3],
			channel: 'HOOK_URL',
		});
		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({
			method: 'POST',
			path: '/alerts/2',
			status: 200,
			body: {
				active: true,
				events: ['ACCOUNT_DISCONNECTED', 'DOMAIN_EXPIRING_SOON'],
				hook_url: 'https://hooks.example.com/changed',
				automated_test_ids: [3],
			},
		});
	});

	it('switches the channel and its destination', async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'update',
			alertId: byId(1),
			updateFields: { channel: 'ALL', hook_url: HOOK, slack_channel_id: 4242 },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({
			channel: 'ALL',
			hook_url: HOOK,
			slack_channel_id: 4242,
		});
		const log = await t.requests();
		expect(log.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /alerts', 'POST /alerts/1']);
		expect(log[1].body).toEqual({
			channel: 'ALL',
			hook_url: HOOK,
			slack_channel_id: 4242,
			active: true,
			events: ['ACCOUNT_DISCONNECTED'],
		});
	});

	it('changes only what was set: the hook URL alone keeps the events, the state and the scope (read first)', async () => {
		const listAlerts = async () => (await t.api<IDataObject[]>('GET', '/alerts')).data;
		await t.api('POST', '/alerts/2', {
			active: false,
			events: ['SPAMCHECK_COMPLETED', 'DOMAIN_EXPIRING_SOON'],
			automated_test_ids: [3],
		});
		const before = (await listAlerts()).find((a) => a.id === 2)!;
		await t.clearRequests();
		const result = await t.run({
			resource: 'alert',
			operation: 'update',
			alertId: byId(2),
			updateFields: { hook_url: 'https://hooks.example.com/moved' },
		});
		expect(result.error).toBeUndefined();
		const after = (await listAlerts()).find((a) => a.id === 2)!;
		expect(after).toEqual({ ...before, hook_url: 'https://hooks.example.com/moved' });
		const sent = (await t.requests()).filter((r) => r.method === 'POST');
		expect(sent.map((r) => r.body)).toEqual([
			{
				hook_url: 'https://hooks.example.com/moved',
				active: false,
				events: ['SPAMCHECK_COMPLETED', 'DOMAIN_EXPIRING_SOON'],
			},
		]);
	});

	it('does not read when Active and Events are both set', async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'update',
			alertId: byId(1),
			updateFields: { active: false, events: ['SPAMCHECK_COMPLETED'] },
		});
		expect(jsonOf(result)[0]).toMatchObject({ active: false, events: ['SPAMCHECK_COMPLETED'] });
		expect((await t.requests()).map((r) => r.method)).toEqual(['POST']);
	});

	it('accepts any event ids from an expression', async () => {
		const result = await t.run(
			{
				resource: 'alert',
				operation: 'update',
				alertId: byId(1),
				updateFields: { events: '={{ $json.events }}' },
			},
			{ input: [{ events: ['ACCOUNT_DISCONNECTED', 'BRAND_NEW_EVENT'] }] },
		);
		expect(result.error).toBeUndefined();
		expect((await t.requests()).find((r) => r.method === 'POST')?.body).toEqual({
			events: ['ACCOUNT_DISCONNECTED', 'BRAND_NEW_EVENT'],
			active: true,
		});
	});

	it.each([
		['nothing to update', {}, /Update Fields/],
		['an invalid hook URL', { hook_url: 'not a url' }, /"Update Fields → Hook URL"/],
		['an unknown channel', { channel: 'SMS' }, /"Update Fields → Channel"/],
		['an empty event list', { events: [] }, /"Update Fields → Events"/],
		[
			'a non-numeric Slack channel',
			{ slack_channel_id: '=abc' },
			/"Update Fields → Slack Channel ID"/,
		],
		[
			'bad automated test ids',
			{ automated_test_ids: '1;2' },
			/"Update Fields → Automated Test IDs"/,
		],
		['a non-boolean active', { active: '=sometimes' }, /"Update Fields → Active"/],
	])('refuses %s before any request', async (_label, updateFields, message) => {
		const result = await t.run({
			resource: 'alert',
			operation: 'update',
			alertId: byId(1),
			updateFields,
		});
		expect(result.error?.message).toMatch(message);
		expect(await t.requests()).toHaveLength(0);
	});

	it("surfaces a 403 for another project's alert", async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'update',
			alertId: byId(4),
			updateFields: { active: false, events: ['SPAMCHECK_COMPLETED'] },
		});
		expect(result.error?.httpCode).toBe('403');
	});

	it("names an alert that is not in the project's list when it has to read it, and sends no update", async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'update',
			alertId: byId(4),
			updateFields: { active: false },
		});
		expect(result.error?.message).toMatch(/Alert 4 is not among the alerts/);
		expect((await t.requests()).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /alerts']);
	});
});

describe('alert delete', () => {
	it('deletes and answers {deleted: true, id}', async () => {
		const result = await t.run({ resource: 'alert', operation: 'delete', alertId: byId(3) });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ deleted: true, id: 3 }]);
		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({ method: 'DELETE', path: '/alerts/3', status: 200 });
		const { data } = await t.api<Array<{ id: number }>>('GET', '/alerts');
		expect(data.map((a) => a.id)).toEqual([1, 2]);
	});

	it('surfaces a 404 for an unknown alert as an error (not retried)', async () => {
		const result = await t.run({ resource: 'alert', operation: 'delete', alertId: byId(999) });
		expect(result.error?.httpCode).toBe('404');
		expect((await t.requests()).map((r) => r.status)).toEqual([404]);
	});

	it('with Continue On Fail, deletes the good ids and reports the bad ones', async () => {
		const result = await t.run(
			{ resource: 'alert', operation: 'delete', alertId: byId('={{ $json.id }}') },
			{ input: [{ id: 1 }, { id: 'x' }, { id: 999 }, { id: 2 }], continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		const out = jsonOf(result);
		expect(result.items.map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(out[0]).toEqual({ deleted: true, id: 1 });
		expect(String(out[1].error)).toMatch(/"Alert"/);
		expect(out[2].httpCode).toBe('404');
		expect(out[3]).toEqual({ deleted: true, id: 2 });
		expect((await t.requests()).map((r) => r.path)).toEqual([
			'/alerts/1',
			'/alerts/999',
			'/alerts/2',
		]);
	});

	it('refuses a non-numeric id before any request', async () => {
		const result = await t.run({
			resource: 'alert',
			operation: 'delete',
			alertId: byId('={{ "twelve" }}'),
		});
		expect(result.error?.message).toMatch(/"Alert"/);
		expect(await t.requests()).toHaveLength(0);
	});
});
