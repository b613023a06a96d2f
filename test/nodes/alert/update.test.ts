/**
 * Alert → Update through n8n's real engine against the sandbox: only the fields given, under their API names,
 * changing only what was set (reading the alert first when the service would reset a field), and its errors.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox();

const alert = parametersOf('alert');

/** Alert → Update of the alert with this id (as typed in the picker's ID mode), with these Update Fields. */
const update = (id: number | string, updateFields: IDataObject) =>
	alert('update', { alertId: byId(id), updateFields });

const HOOK = 'https://hooks.example.com/n8n';

describe('alert update', () => {
	it('version 1.1 answers what the alert does now, in words; Raw gives the alert as answered', async () => {
		const parameters = update(2, { active: false });
		const words = await t.run(parameters, { typeVersion: 1.1 });
		expect(words.error).toBeUndefined();
		const [said] = jsonOf(words);
		expect(said).toMatchObject({ id: 2, active: false, outcome: 'updated' });
		expect(said.message).toMatch(/^Alert 2 updated, inactive \(would send .+ to .+\)$/);
		const raw = await t.run({ ...parameters, output: 'raw' }, { typeVersion: 1.1 });
		expect(jsonOf(raw)[0]).toMatchObject({ id: 2, active: false });
		expect(jsonOf(raw)[0]).not.toHaveProperty('message');
	});

	it('sends only the fields given, with their API names', async () => {
		const result = await t.run(
			update(2, {
				active: true,
				events: ['ACCOUNT_DISCONNECTED', 'DOMAIN_EXPIRING_SOON'],
				hook_url: 'https://hooks.example.com/changed',
				automated_test_ids: '3',
			}),
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({
			id: 2,
			active: true,
			events: ['ACCOUNT_DISCONNECTED', 'DOMAIN_EXPIRING_SOON'],
			hook_url: 'https://hooks.example.com/changed',
			automated_test_ids: [3],
			channel: 'HOOK_URL',
		});
		expect(await t.onlyRequest()).toMatchObject({
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
		const result = await t.run(
			update(1, { channel: 'ALL', hook_url: HOOK, slack_channel_id: 4242 }),
		);
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
		const result = await t.run(update(2, { hook_url: 'https://hooks.example.com/moved' }));
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
		const result = await t.run(update(1, { active: false, events: ['SPAMCHECK_COMPLETED'] }));
		expect(jsonOf(result)[0]).toMatchObject({ active: false, events: ['SPAMCHECK_COMPLETED'] });
		expect((await t.requests()).map((r) => r.method)).toEqual(['POST']);
	});

	it('accepts any event ids from an expression', async () => {
		const result = await t.run(update(1, { events: '={{ $json.events }}' }), {
			input: [{ events: ['ACCOUNT_DISCONNECTED', 'BRAND_NEW_EVENT'] }],
		});
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
		const result = await t.run(update(1, updateFields));
		expect(result.error?.message).toMatch(message);
		expect(await t.requests()).toHaveLength(0);
	});

	it("surfaces a 403 for another project's alert", async () => {
		const result = await t.run(update(4, { active: false, events: ['SPAMCHECK_COMPLETED'] }));
		expect(result.error?.httpCode).toBe('403');
	});

	it("names an alert that is not in the project's list when it has to read it, and sends no update", async () => {
		const result = await t.run(update(4, { active: false }));
		expect(result.error?.message).toMatch(/Alert 4 is not among the alerts/);
		expect((await t.requests()).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /alerts']);
	});
});
