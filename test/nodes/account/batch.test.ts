/**
 * Account → Batch through n8n's real engine against the sandbox: the action queued as a task, waiting for it through
 * the one wait loop (429 on a poll, timeouts), ids from expressions, custom actions, and the service's errors.
 */
import type { IDataObject } from 'n8n-workflow';

import { jsonOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 60 });

const batch = (extra: IDataObject) => ({ resource: 'account', operation: 'batch', ...extra });
const fastWait = { waitForCompletion: true, pollInterval: 1, timeoutMinutes: 0.5 };

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
		const hints = JSON.stringify(
			result.run.data.resultData.runData['Node Under Test'][0].hints ?? [],
		);
		expect(hints).toMatch(/Task → Get/);
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
		await t.admin('POST', '/faults', {
			kind: '429',
			count: 1,
			retryAfter: '1',
			method: 'GET',
			path: '/tasks',
		});
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
		[{ accountIds: '={{ "" }}' }, /"Account IDs".*at least one/],
		[{ accountIds: '4, x' }, /"Account IDs".*whole number/],
		[{ accountIds: '0' }, /"Account IDs".*below the minimum 1/],
		[{ accountIds: '[4, 5' }, /"Account IDs".*not valid JSON/],
		[{ accountIds: '={{ [] }}' }, /"Account IDs".*at least one/],
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
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error!.message).toMatch(pattern);
		expect(await t.requests()).toHaveLength(0);
	});

	it("refuses another project's account (403) and an unknown one (404)", async () => {
		const other = await t.run(batch({ accountIds: '100001', action: 'suspend' }));
		expect(other.error!.httpCode).toBe('403');
		const unknown = await t.run(batch({ accountIds: '999999', action: 'suspend' }));
		expect(unknown.error!.httpCode).toBe('404');
	});
});
