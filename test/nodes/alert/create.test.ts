/**
 * Alert → Create through n8n's real engine against the sandbox: webhook, Slack or both channels, documented,
 * unverified and custom events, the service's 422, and bad input refused before any request.
 */
import type { IDataObject } from 'n8n-workflow';

import { jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox();

const alert = parametersOf('alert');

const HOOK = 'https://hooks.example.com/n8n';

/** Alert → Create of an active alert that sends Account Disconnected to HOOK, with `changes` over that. */
const create = (changes: IDataObject = {}) =>
	alert('create', {
		channel: 'HOOK_URL',
		hookUrl: HOOK,
		events: ['ACCOUNT_DISCONNECTED'],
		active: true,
		...changes,
	});

describe('alert create', () => {
	it('version 1.1 answers where the new alert sends what, in words; Raw gives the alert as answered', async () => {
		const parameters = create();
		const words = await t.run(parameters, { typeVersion: 1.1 });
		expect(words.error).toBeUndefined();
		const [said] = jsonOf(words);
		expect(said).toMatchObject({
			channel: 'HOOK_URL',
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
			outcome: 'created',
			message: `Alert ${String(said.id)} created, active: sends ACCOUNT_DISCONNECTED to ${HOOK}`,
		});
		const raw = await t.run({ ...parameters, output: 'raw' }, { typeVersion: 1.1 });
		expect(jsonOf(raw)[0]).toMatchObject({ channel: 'HOOK_URL', hook_url: HOOK });
		expect(jsonOf(raw)[0]).not.toHaveProperty('outcome');
	});

	it('creates a webhook alert with documented, unverified and custom events', async () => {
		const result = await t.run(
			create({
				events: ['SPAMCHECK_COMPLETED', 'REPUTATION_SCORE_DECREASE'],
				customEvents: 'MY_CUSTOM_EVENT, SPAMCHECK_COMPLETED',
				additionalFields: { automated_test_ids: '1, 2' },
			}),
		);
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
		const sent = await t.onlyRequest();
		expect(sent).toMatchObject({
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
		expect(sent.body).not.toHaveProperty('slack_channel_id');
	});

	it('creates a Slack alert with only the Slack destination', async () => {
		const result = await t.run(
			create({
				channel: 'SLACK',
				slackChannelId: 5150,
				hookUrl: 'ignored because the channel is Slack',
				active: false,
			}),
		);
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
		const result = await t.run(create({ channel: 'ALL', slackChannelId: 77 }));
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
		const result = await t.run(create({ events: [], customEvents: 'SOMETHING_NEW' }));
		expect(result.error).toBeUndefined();
		expect((await t.requests())[0].body).toMatchObject({ events: ['SOMETHING_NEW'] });
	});

	it('surfaces the service refusing an http hook URL (422)', async () => {
		const result = await t.run(create({ hookUrl: 'http://hooks.example.com/x' }));
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
		const result = await t.run(create(parameters));
		expect(result.error?.message).toMatch(message);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(await t.requests()).toHaveLength(0);
	});
});
