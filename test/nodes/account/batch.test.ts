/**
 * Mailbox → Batch through n8n's real engine against the sandbox: the action queued as a task, waiting for it through
 * the one wait loop (429 on a poll, timeouts), ids from expressions, custom actions, and the service's errors; then,
 * with Simplify on, the outcome per account once the task finished (reconnected / still failing / skipped / not in the
 * logs…), read from the task's logs and, for a reconnect, confirmed on the account (one read each). An account the logs
 * do not mention is reported as such, never as a success.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { hintsOf, jsonOf, useSandbox } from '../context';
import { runAction } from '../../support/run-action';

const t = useSandbox({ accounts: 60 });

// The task as the service answers it (Simplify off): these cases prove the wait loop, not the outcomes.
const batch = (extra: IDataObject) => ({
	resource: 'account',
	operation: 'batch',
	simplify: false,
	...extra,
});
const fastWait = { waitForCompletion: true, pollInterval: 1, timeoutMinutes: 0.5 };

// Waiting, Simplify on (its default): the outcome per account.
const outcomesOf = (extra: IDataObject) => ({
	resource: 'account',
	operation: 'batch',
	waitForCompletion: true,
	pollInterval: 1,
	timeoutMinutes: 0.5,
	...extra,
});

const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

async function account(id: number) {
	return await t.api<IDataObject>('GET', `/accounts/${id}`);
}

describe('account batch', () => {
	it('queues the action and, without waiting, returns the task at progress 0 with a hint', async () => {
		const result = await t.run(batch({ accountIds: '4, 5', action: 'suspend' }));
		expect(result.error).toBeUndefined();
		const [task] = jsonOf(result);
		expect(task).toEqual({
			id: expect.any(Number),
			progress: 0,
			logs: [],
			email_workspace_id: null,
		});
		const requests = await t.requests();
		expect(requests.map((r) => [r.method, local(r.path), r.body])).toEqual([
			['POST', '/accounts/batch', { account_ids: [4, 5], action: 'suspend' }],
		]);
		expect(hintsOf(result)).toContainEqual(expect.stringMatching(/Task → Get/));
		expect((await account(4)).data.suspended).toBe(false);
	});

	it('waits until progress reaches 100, and the effect is visible (suspended)', async () => {
		const started = Date.now();
		const result = await t.run(batch({ accountIds: '4,5', action: 'suspend', ...fastWait }));
		expect(result.error).toBeUndefined();
		const [task] = jsonOf(result);
		expect(task.progress).toBe(100);
		expect(task._waitTimedOut).toBeUndefined();
		expect(
			(task.logs as IDataObject[]).filter((l) => l.status === 'done').map((l) => l.account_id),
		).toEqual([4, 5]);
		expect((await account(4)).data.suspended).toBe(true);
		expect((await account(5)).data.suspended).toBe(true);
		const requests = (await t.requests()).filter((r) => !/\/accounts\/\d+$/.test(r.path));
		// the batch answer counts as the first snapshot: three reads take the task from 0 to 100, then it stops
		expect(requests.map((r) => `${r.method} ${local(r.path)}`)).toEqual([
			'POST /accounts/batch',
			`GET /tasks/${task.id}`,
			`GET /tasks/${task.id}`,
			`GET /tasks/${task.id}`,
		]);
		expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
	});

	it('keeps waiting through a 429 on a poll, honouring Retry-After', async () => {
		await t.fault('429', 'GET /tasks', { retryAfter: '1' });
		const started = Date.now();
		const result = await t.run(batch({ accountIds: '4', action: 'suspend', ...fastWait }));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].progress).toBe(100);
		const polls = (await t.requests()).filter(
			(r) => r.method === 'GET' && local(r.path).startsWith('/tasks/'),
		);
		expect(polls.map((r) => r.status)).toEqual([429, 200, 200, 200]);
		expect(Date.now() - started).toBeGreaterThanOrEqual(3900); // three poll intervals + the one second asked for
	});

	it('accepts the ids as an expression array, JSON text or account objects, without duplicates', async () => {
		const forms: string[] = [
			'={{ [6, 7, 6] }}',
			'[6, 7]',
			'={{ [{ "id": 6 }, { "id": 7 }] }}',
			'={{ 6 }}',
		];
		for (const accountIds of forms) {
			await t.clearRequests();
			const result = await t.run(batch({ accountIds, action: 'reconnect' }));
			expect(result.error).toBeUndefined();
			const [request] = await t.requests();
			expect({ accountIds, body: request.body }).toEqual({
				accountIds,
				body: { account_ids: accountIds === '={{ 6 }}' ? [6] : [6, 7], action: 'reconnect' },
			});
		}
	});

	it('sends a custom action as given (the service list is open) and waits for its effect', async () => {
		const result = await t.run(
			batch({ accountIds: '8', action: 'custom', customAction: 'pause', ...fastWait }),
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].progress).toBe(100);
		expect((await t.requests())[0].body).toEqual({ account_ids: [8], action: 'pause' });
		expect((await account(8)).data.alive).toBe(false);
	});

	it('reports an action the service does not know (422)', async () => {
		const result = await t.run(
			batch({ accountIds: '8', action: 'custom', customAction: 'archive' }),
		);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error!.httpCode).toBe('422');
	});

	it('delete removes the accounts once the task is done', async () => {
		const result = await t.run(batch({ accountIds: '9', action: 'delete', ...fastWait }));
		expect(jsonOf(result)[0].progress).toBe(100);
		expect((await account(9)).status).toBe(404);
	});

	it('on timeout with "Return Last Snapshot" returns the task flagged as not complete', async () => {
		const result = await t.run(
			batch({
				accountIds: '10',
				action: 'suspend',
				...fastWait,
				timeoutMinutes: 0.02,
				onTimeout: 'returnLast',
			}),
		);
		expect(result.error).toBeUndefined();
		const [task] = jsonOf(result);
		expect(task._waitTimedOut).toBe(true);
		expect(task.progress as number).toBeLessThan(100);
		expect(task._polls).toEqual(expect.any(Number));
		expect((await account(10)).data.suspended).toBe(false);
	});

	it('on timeout with "Fail With an Error" fails clearly', async () => {
		const result = await t.run(
			batch({ accountIds: '10', action: 'suspend', ...fastWait, timeoutMinutes: 0.02 }),
		);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error!.message).toMatch(/Timed out waiting for task \d+ to finish/);
		expect(result.error!.description).toMatch(/On Timeout/);
	});

	it.each([
		[{ accountIds: '={{ "" }}' }, /"Mailbox IDs".*at least one/],
		[{ accountIds: '4, x' }, /"Mailbox IDs".*whole number/],
		[{ accountIds: '0' }, /"Mailbox IDs".*below the minimum 1/],
		[{ accountIds: '[4, 5' }, /"Mailbox IDs".*not valid JSON/],
		[{ accountIds: '={{ [] }}' }, /"Mailbox IDs".*at least one/],
		[{ accountIds: '4', action: 'custom', customAction: '={{ " " }}' }, /"Custom Action"/],
		[
			{ accountIds: '4', action: 'custom', customAction: 'drop table' },
			/"Custom Action".*not an action name/,
		],
		[
			{ accountIds: '4', action: '={{ "re connect" }}', customAction: 'unused' },
			/"Action".*not an action name/,
		],
		[{ accountIds: '4', waitForCompletion: true, pollInterval: '={{ 0 }}' }, /Poll Interval/],
		[{ accountIds: '4', waitForCompletion: true, timeoutMinutes: '={{ 500 }}' }, /Timeout/],
	])('rejects %p before sending the batch', async (parameters, pattern) => {
		const result = await t.run(batch({ action: 'suspend', ...parameters }));
		await t.expectRefused(result, pattern);
	});

	it("refuses another project's account (403) and an unknown one (404)", async () => {
		const other = await t.run(batch({ accountIds: '100001', action: 'suspend' }));
		expect(other.error!.httpCode).toBe('403');
		const unknown = await t.run(batch({ accountIds: '999999', action: 'suspend' }));
		expect(unknown.error!.httpCode).toBe('404');
	});
});

describe('Mailbox → Batch outcomes per account', () => {
	it('a reconnect gives one item per account, in the order sent: reconnected, still failing, skipped', async () => {
		// 13 is disconnected at start (seed); 14 disconnected and broken; 16 connected.
		await t.admin('POST', '/accounts/14/disconnect');
		await t.admin('POST', '/accounts/14/broken');
		await t.clearRequests();
		const result = await t.run(outcomesOf({ accountIds: '16, 13, 14', action: 'reconnect' }));
		expect(result.error).toBeUndefined();
		const items = jsonOf(result);
		const sent = (await t.requests()).map((r) => `${r.method} ${local(r.path)}`);
		const email = async (id: number) =>
			(await t.api<{ email: string }>('GET', `/accounts/${id}`)).data.email;
		expect(items).toEqual([
			{
				account_id: 16,
				email: await email(16),
				disconnected: false,
				paused: false,
				action: 'reconnect',
				outcome: 'skipped',
				outcome_reason: 'already connected',
				log: expect.objectContaining({ account_id: 16, status: 'skipped' }),
				task_id: expect.any(Number),
			},
			expect.objectContaining({
				account_id: 13,
				email: await email(13),
				disconnected: false,
				outcome: 'reconnected',
				outcome_reason: 'reconnected',
			}),
			expect.objectContaining({
				account_id: 14,
				disconnected: true,
				outcome: 'still failing',
				outcome_reason: 'still disconnected: the mailbox could not be reached',
				log: expect.objectContaining({ account_id: 14, status: 'failed' }),
			}),
		]);
		// Every outcome is a finished task's: all on "Completed", each paired with the one input item.
		expect(result.outputs.map((o) => o.length)).toEqual([3, 0]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
		// One batch, the task followed to 100, then one read per account.
		expect(sent.slice(0, 4)).toEqual([
			'POST /accounts/batch',
			`GET /tasks/${String(items[0].task_id)}`,
			`GET /tasks/${String(items[0].task_id)}`,
			`GET /tasks/${String(items[0].task_id)}`,
		]);
		expect(sent.slice(4).sort()).toEqual(
			['GET /accounts/13', 'GET /accounts/14', 'GET /accounts/16'].sort(),
		);
	});

	it('an account the logs do not mention is reported as such, even though it was reconnected', async () => {
		await t.admin('POST', '/settings', { unloggedAccounts: [38] });
		const result = await t.run(outcomesOf({ accountIds: '13, 38', action: 'reconnect' }));
		expect(result.error).toBeUndefined();
		const [first, second] = jsonOf(result);
		expect(first).toMatchObject({ account_id: 13, outcome: 'reconnected' });
		expect(second).toMatchObject({
			account_id: 38,
			disconnected: false,
			outcome: 'not in the logs',
			outcome_reason: expect.stringMatching(/without a log line about this mailbox/),
		});
		expect(second.log).toBeUndefined();
	});

	it('a login that still fails makes the account "still failing" with the reason the service logged', async () => {
		await t.admin('POST', '/accounts/20/disconnect');
		const { data } = await t.api<{ email: string }>('GET', '/accounts/20');
		await t.admin('POST', '/login-failures', {
			email: data.email,
			error: 'IMAP: AUTHENTICATIONFAILED invalid credentials',
		});
		const [outcome] = jsonOf(await t.run(outcomesOf({ accountIds: '20', action: 'reconnect' })));
		expect(outcome).toMatchObject({
			account_id: 20,
			disconnected: true,
			outcome: 'still failing',
			outcome_reason: 'still disconnected: IMAP: AUTHENTICATIONFAILED invalid credentials',
		});
	});

	it('other actions read the logs only: suspend gives "suspended" per account, without reading accounts', async () => {
		await t.clearRequests();
		const result = await t.run(outcomesOf({ accountIds: '4, 5', action: 'suspend' }));
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ account_id: 4, action: 'suspend', outcome: 'suspended' }),
			expect.objectContaining({ account_id: 5, action: 'suspend', outcome: 'suspended' }),
		]);
		expect(jsonOf(result)[0].email).toBeUndefined();
		expect((await t.requests()).filter((r) => /\/accounts\/\d+$/.test(r.path))).toEqual([]);
	});

	it('Simplify off keeps the finished task with its raw logs', async () => {
		const result = await t.run(
			outcomesOf({ accountIds: '13', action: 'reconnect', simplify: false }),
		);
		const [task] = jsonOf(result);
		expect(task).toMatchObject({ progress: 100 });
		expect(task.logs).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ account_id: 13, status: 'done', message: 'reconnected' }),
			]),
		);
		expect(result.outputs.map((o) => o.length)).toEqual([1, 0]);
	});

	it('a wait that gave up returns the last snapshot on "Not Yet", no outcome invented', async () => {
		const result = await t.run(
			outcomesOf({
				accountIds: '13',
				action: 'reconnect',
				timeoutMinutes: 0.01,
				onTimeout: 'returnLast',
			}),
		);
		expect(result.error).toBeUndefined();
		const [task] = jsonOf(result);
		expect(task._waitTimedOut).toBe(true);
		expect(task.outcome).toBeUndefined();
		expect(result.outputs.map((o) => o.length)).toEqual([0, 1]);
	});

	it('reading the accounts failing after the task finished says the batch ran and names the task', async () => {
		await t.fault('500', 'GET /accounts/13', { count: 20 });
		const result = await t.run(outcomesOf({ accountIds: '13', action: 'reconnect' }));
		expect(result.error?.message).toMatch(
			/^The batch finished \(task \d+\), but reading its mailboxes' outcomes failed/,
		);
		expect(result.error?.description).toMatch(/Do not run the batch again/);
		const batches = (await t.requests()).filter((r) => local(r.path) === '/accounts/batch');
		expect(batches).toHaveLength(1);
	});

	describe('node version 1.1: Output in place of Simplify', () => {
		const run = async (parameters: INodeParameters) =>
			await runAction(
				parameters,
				{ apiKey: t.sandbox.apiKeys.A, baseUrl: t.sandbox.baseUrl },
				{ typeVersion: 1.1 },
			);

		it('shows Output only while Wait for Completion is on', () => {
			const shown = (waitForCompletion: boolean) =>
				Object.keys(
					NodeHelpers.getNodeParameters(
						new Deliverability().description.properties,
						{ resource: 'account', operation: 'batch', waitForCompletion },
						true,
						false,
						{ typeVersion: 1.1 },
						new Deliverability().description,
					) ?? {},
				);
			expect(shown(true)).toContain('output');
			expect(shown(true)).not.toContain('simplify');
			expect(shown(false)).not.toContain('output');
		});

		it('Simplified (the default) gives the outcomes, Raw the task, Selected Fields its id, progress and the fields named', async () => {
			const simplified = jsonOf(await run(outcomesOf({ accountIds: '13', action: 'reconnect' })));
			expect(simplified).toEqual([
				expect.objectContaining({ account_id: 13, outcome: 'reconnected' }),
			]);
			const raw = jsonOf(
				await run(outcomesOf({ accountIds: '38', action: 'reconnect', output: 'raw' })),
			);
			expect(raw).toEqual([expect.objectContaining({ progress: 100, logs: expect.any(Array) })]);
			const picked = await run(
				outcomesOf({ accountIds: '21', action: 'reconnect', output: 'fields', fields: 'logs' }),
			);
			expect(picked.error).toBeUndefined();
			const fields = jsonOf(picked);
			expect(Object.keys(fields[0]).sort()).toEqual(['id', 'logs', 'progress']);
		});
	});
});
