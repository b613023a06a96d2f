/**
 * A number outside its field's range is refused with the field and the allowed range named, typed or from an
 * expression, before any request; it is never cut to fit. (The editor's number input cut typed values above
 * `maxValue` — Hour 24 became 2 — so the node description bounds no number input; node-description.test.ts checks
 * that, and these runs through n8n's engine prove execute refuses what the editor now lets through.)
 */
import type { INodeParameters } from 'n8n-workflow';

import { DeliverabilityNotificationTrigger } from '../../../nodes/DeliverabilityNotificationTrigger/DeliverabilityNotificationTrigger.node';
import { pollHarness } from '../../../support/poll-harness';
import { byId, useSandbox } from '../context';

const t = useSandbox({ accounts: 20 });

describe('numbers out of range', () => {
	it.each<[string, INodeParameters, string]>([
		[
			'Hour 24 typed',
			{
				resource: 'automatedTest',
				operation: 'update',
				automatedTestId: byId(1),
				updateFields: {
					hour: 24,
					active: true,
					time_zone: { __rl: true, mode: 'id', value: 'UTC' },
				},
			},
			'Invalid "Update Fields → Hour": 24 is above the maximum 23 (allowed: 0 to 23)',
		],
		[
			'Hour 24 from an expression',
			{
				resource: 'automatedTest',
				operation: 'update',
				automatedTestId: byId(1),
				updateFields: {
					hour: '={{ 20 + 4 }}',
					active: true,
					time_zone: { __rl: true, mode: 'id', value: 'UTC' },
				},
			},
			'Invalid "Update Fields → Hour": 24 is above the maximum 23 (allowed: 0 to 23)',
		],
		[
			'Past Days 400 typed',
			{
				resource: 'account',
				operation: 'getStats',
				accountId: byId(3),
				filters: { past_days: 400 },
			},
			'Invalid "Filters → Past Days": 400 is above the maximum 180 (allowed: 0 to 180)',
		],
		[
			'Past Days 400 from an expression on Get Graph',
			{
				resource: 'account',
				operation: 'getGraph',
				accountId: byId(3),
				filters: { past_days: '={{ "400" }}' },
			},
			'Invalid "Filters → Past Days": 400 is above the maximum 180 (allowed: 0 to 180)',
		],
		[
			'a ramp-up target below its minimum',
			{
				resource: 'account',
				operation: 'update',
				accountId: byId(3),
				updateFields: { config_rampup_target: 2 },
			},
			'Invalid "Update Fields → Ramp-Up Target": 2 is below the minimum 3 (allowed: 3 to 35)',
		],
		[
			'Max Score 150',
			{ resource: 'account', operation: 'getAll', filters: { max_score: 150 } },
			'Invalid "Filters → Max Score": 150 is above the maximum 101 (allowed: 0 to 101)',
		],
		[
			'a seedlist of 5',
			{ resource: 'spamTest', operation: 'create', additionalFields: { seedlist: 5 } },
			'"Additional Fields → Seedlist"',
		],
	])('%s: refused with the field and the range, nothing sent', async (_, parameters, message) => {
		const result = await t.run(parameters);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error!.message).toContain(message);
		expect(result.error!.description).toMatch(/Nothing was sent to the service\.$/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('Max Score says what its range means: strictly below, scores 0 to 100, 101 for every mailbox', async () => {
		const result = await t.run({
			resource: 'account',
			operation: 'getAll',
			filters: { max_score: 150 },
		});
		expect(result.error!.description).toBe(
			'Scores run 0 to 100, so 50 lists the mailboxes scoring 0 to 49, and 101 lists every mailbox. Nothing was sent to the service.',
		);
	});

	it('an id whose expression gives nothing is named as such, with how to fix it, nothing sent', async () => {
		const result = await t.run(
			{
				resource: 'account',
				operation: 'getStats',
				accountId: byId('={{ $json.id }}'),
			},
			{ input: [{ account: 9 }] },
		);
		expect(result.error!.message).toBe(
			'Invalid "Mailbox": expected a whole number, but its expression gave nothing (undefined)',
		);
		expect(result.error!.description).toMatch(
			/^Its expression gave no value for this item: check that it reads a field the input item has .* Nothing was sent to the service\.$/,
		);
		expect(await t.requests()).toHaveLength(0);
	});

	it('Poll Interval 601 is refused, not cut to 600', async () => {
		const result = await t.run({
			resource: 'task',
			operation: 'get',
			taskId: byId(1),
			waitForCompletion: true,
			pollInterval: 601,
		});
		expect(result.error!.message).toMatch(/"Poll Interval \(Seconds\)": 601 is outside 1 to 600/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('the notification trigger refuses Remember Last N Notifications outside 25 to 10000', async () => {
		const poller = pollHarness({
			nodeType: new DeliverabilityNotificationTrigger(),
			parameters: { options: { dedupeWindow: 20000 } },
			credentials: {
				deliverabilityApi: {
					apiKey: t.sandbox.apiKeys.A,
					baseUrl: t.sandbox.baseUrl,
					headerForm: 'bearer',
				},
			},
		});
		await expect(poller.poll()).rejects.toThrow(
			'Invalid "Options → Remember Last N Notifications": 20000 is above the maximum 10000 (allowed: 25 to 10000)',
		);
		expect(await t.requests()).toHaveLength(0);
	});
});
