/**
 * Email Workspace → Import Mailboxes (POST /email_workspaces/{id}/accounts: ≤ 4 at once, larger imports as a task
 * followed with the one wait loop; addresses per item or from all input items) through the real engine against the
 * sandbox, with its errors: bad addresses before any request, the service's 404, an import never repeated. After
 * waiting for its task the item reads as the finished import (completed true, the failures per address in errors),
 * not as the first answer's "completed: false, errors: []" said before anything ran.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, hintsOf, jsonOf, useSandbox } from '../context';
import { workspace } from '../../support/email-workspaces';

const t = useSandbox({ accounts: 20 });

const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

describe('email workspace import accounts', () => {
	const importing = (id: number, extra: IDataObject = {}): INodeParameters => ({
		resource: 'emailWorkspace',
		operation: 'importAccounts',
		emailWorkspaceId: byId(id),
		...extra,
	});
	const tasksPolled = async () =>
		(await t.requests()).filter((r) => /\/tasks\//.test(r.path)).length;

	it('up to 4 addresses: one request, imported at once → {completed: true, errors, task_id: null}', async () => {
		const id = await workspace(t);
		const result = await t.run(
			importing(id, { accounts: 'ann@import.example, bob@import.example\nann@IMPORT.example' }),
			{ input: [{ a: 1 }] },
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{
				completed: true,
				errors: [],
				task_id: null,
				imported: ['ann@import.example', 'bob@import.example'],
				failed: [],
			},
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		const requests = await t.requests();
		expect(requests.map((r) => [r.method, local(r.path), r.body])).toEqual([
			[
				'POST',
				`/email_workspaces/${id}/accounts`,
				{ accounts: ['ann@import.example', 'bob@import.example'] },
			],
		]);
	});

	it('one import per input item in list mode, each paired with its item; Spam Checker Only sent when set', async () => {
		const id = await workspace(t);
		const result = await t.run(
			importing(id, {
				accounts: '={{ $json.emails }}',
				additionalFields: { spamchecker_only: true },
			}),
			{
				input: [{ emails: ['c@one.example'] }, { emails: 'd@two.example' }],
			},
		);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect((await t.requests()).map((r) => r.body)).toEqual([
			{ accounts: ['c@one.example'], spamchecker_only: true },
			{ accounts: ['d@two.example'], spamchecker_only: true },
		]);
	});

	it('all input items → one import of every address; more than 4 come back as a task (not waited for by default)', async () => {
		const id = await workspace(t);
		const input = ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => ({ email: `${x}@bulk.example` }));
		const result = await t.run(importing(id, { addressSource: 'allItems' }), { input });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ completed: false, errors: [], task_id: expect.any(Number) }]);
		expect(result.items[0].pairedItem).toEqual(input.map((_, item) => ({ item })));
		const requests = await t.requests();
		expect(requests.map((r) => [r.method, (r.body as IDataObject | null)?.accounts])).toEqual([
			['POST', input.map((x) => x.email)],
		]);
	});

	it('Wait for Completion follows the task through GET /tasks/{id} until progress 100; the accounts exist', async () => {
		const id = await workspace(t);
		const accounts = ['a', 'b', 'c', 'd', 'e'].map((x) => `${x}@wait.example`).join(', ');
		const result = await t.run(
			importing(id, { accounts, waitForCompletion: true, pollInterval: 1, timeoutMinutes: 1 }),
		);
		expect(result.error).toBeUndefined();
		const [answer] = jsonOf(result);
		expect(answer).toEqual(
			expect.objectContaining({ completed: true, task_id: expect.any(Number) }),
		);
		expect(answer.task).toEqual(
			expect.objectContaining({ id: answer.task_id, progress: 100, email_workspace_id: id }),
		);
		expect(await tasksPolled()).toBe(3);
		const found = await t.api<unknown[]>('GET', '/accounts', undefined, {
			search: 'wait.example',
			include_spamchecker: true,
		});
		expect(found.data).toHaveLength(5);
	});

	it("reports each address that failed with the service's reason: at once from errors, after a task from its logs", async () => {
		const id = await workspace(t);
		const taken = (await t.api<{ email: string }>('GET', '/accounts/5')).data.email;
		const sync = await t.run(importing(id, { accounts: `new1@fail.example, ${taken}` }));
		const [now] = jsonOf(sync);
		expect(now.imported).toEqual(['new1@fail.example']);
		expect(now.failed).toEqual([{ email: taken, reason: expect.any(String) }]);
		expect((now.errors as Array<{ error: string }>)[0].error).toBe(
			(now.failed as Array<{ reason: string }>)[0].reason,
		);

		// More than 4 addresses run as a task: the failure is in its logs, and the item says it once the task finished.
		const many = ['a', 'b', 'c', 'd'].map((x) => `${x}@task-fail.example`);
		const waited = await t.run(
			importing(id, {
				accounts: [...many, taken].join(', '),
				waitForCompletion: true,
				pollInterval: 1,
				timeoutMinutes: 1,
			}),
		);
		expect(waited.error).toBeUndefined();
		const [answer] = jsonOf(waited);
		expect(answer).toMatchObject({ completed: true, imported: many });
		const logs = (
			answer.task as { logs: Array<{ email: string; status: string; message: string }> }
		).logs;
		const failedLine = logs.find((l) => l.email === taken && l.status === 'failed')!;
		expect(answer.failed).toEqual([{ email: taken, reason: failedLine.message }]);
		expect(hintsOf(waited)).toContainEqual(
			`1 of 5 addresses were not imported: ${taken} (${failedLine.message})`,
		);
	});

	it('a synchronous import is not waited for even with Wait for Completion on (no task)', async () => {
		const id = await workspace(t);
		const result = await t.run(
			importing(id, { accounts: 'x@sync.example', waitForCompletion: true, pollInterval: 1 }),
		);
		expect(jsonOf(result)).toEqual([
			{ completed: true, errors: [], task_id: null, imported: ['x@sync.example'], failed: [] },
		]);
		expect(await tasksPolled()).toBe(0);
	});

	it('relinks one IMAP account: imap_only and account_id sent', async () => {
		const id = await workspace(t);
		const account = (await t.api<{ email: string }>('GET', '/accounts/5')).data;
		await t.clearRequests();
		const result = await t.run(
			importing(id, { accounts: account.email, imapOnly: true, accountId: byId(5) }),
		);
		expect(result.error).toBeUndefined();
		expect((await t.requests())[0].body).toEqual({
			accounts: [account.email],
			imap_only: true,
			account_id: 5,
		});
	});

	it.each([
		[{ accounts: 'ann@example.com, not-an-address' }, /Email Addresses.*not-an-address/],
		[{ accounts: '={{ "" }}' }, /Email Addresses.*at least one/],
		[
			{ accounts: 'a@x.example, b@x.example', imapOnly: true, accountId: byId(5) },
			/exactly one address/,
		],
		[{ accounts: 'a@x.example', waitForCompletion: true, pollInterval: 0 }, /Poll Interval/],
	])('refuses %p before any request', async (extra, pattern) => {
		const result = await t.run(importing(1, extra));
		await t.expectRefused(result, pattern);
	});

	it('all input items: a bad address names its input item, before any request', async () => {
		const result = await t.run(importing(1, { addressSource: 'allItems' }), {
			input: [{ email: 'a@x.example' }, { email: 'nope' }],
		});
		expect(result.error!.message).toMatch(/input item 2.*nope/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('errors: unknown workspace → 404; with Continue On Fail the error item of an all-items import is paired with every item', async () => {
		expect((await t.run(importing(999, { accounts: 'a@x.example' }))).error?.httpCode).toBe('404');
		const input = [{ email: 'a@x.example' }, { email: 'b@x.example' }];
		const cof = await t.run(importing(999, { addressSource: 'allItems' }), {
			input,
			continueOnFail: true,
		});
		expect(cof.items).toHaveLength(1);
		expect(cof.items[0].json).toEqual(expect.objectContaining({ httpCode: '404' }));
		expect(cof.items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('an import is never repeated: a 500 after it may have been processed fails after one POST', async () => {
		const id = await workspace(t);
		await t.fault('processed500', `POST /email_workspaces/${id}/accounts`);
		const result = await t.run(importing(id, { accounts: 'once@x.example' }));
		expect(result.error?.httpCode).toBe('500');
		expect(result.error?.message).toMatch(
			/^The mailboxes may have been imported: .*Check Mailbox → Get Many \(search for the addresses\) before running this again/,
		);
		expect((await t.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
	});

	it('when waiting fails after the import was accepted, the headline says so and names the task', async () => {
		const id = await workspace(t);
		await t.fault('500', 'GET /tasks', { count: 10 });
		const accounts = ['a', 'b', 'c', 'd', 'e'].map((x) => `${x}@fail.example`).join(',');
		const result = await t.run(
			importing(id, { accounts, waitForCompletion: true, pollInterval: 1 }),
		);
		expect(result.error!.message).toMatch(
			/The import was accepted \(task \d+\), but waiting for it failed/,
		);
		expect(result.error!.description).toMatch(/do not run the import again/);
		expect((await t.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
	});
});

describe('Email Workspace → Import Mailboxes after its wait', () => {
	const importing = (id: number, extra: IDataObject = {}): INodeParameters => ({
		resource: 'emailWorkspace',
		operation: 'importAccounts',
		emailWorkspaceId: byId(id),
		waitForCompletion: true,
		pollInterval: 1,
		timeoutMinutes: 1,
		...extra,
	});

	it('reads as finished: completed true, and errors name each address that failed with its reason', async () => {
		const id = await workspace(t);
		const taken = (await t.api<{ email: string }>('GET', '/accounts/5')).data.email;
		const fresh = ['a', 'b', 'c', 'd'].map((x) => `${x}@finished.example`);
		const result = await t.run(importing(id, { accounts: [...fresh, taken].join(', ') }));
		expect(result.error).toBeUndefined();
		const [answer] = jsonOf(result);
		const task = answer.task as IDataObject & {
			logs: Array<{ email: string; status: string; message: string }>;
		};
		expect(task).toMatchObject({ id: answer.task_id, progress: 100 });
		const failedLine = task.logs.find((l) => l.email === taken && l.status === 'failed')!;
		expect(failedLine.message).toEqual(expect.any(String));
		expect(answer).toMatchObject({
			completed: true,
			errors: [{ email: taken, error: failedLine.message }],
			task_id: task.id,
			imported: fresh,
			failed: [{ email: taken, reason: failedLine.message }],
		});
		// The finished import goes out on "Completed".
		expect(result.outputs.map((o) => o.length)).toEqual([1, 0]);
	});

	it('an import whose task finished without failures reads completed true with no errors', async () => {
		const id = await workspace(t);
		const fresh = ['a', 'b', 'c', 'd', 'e'].map((x) => `${x}@clean.example`);
		const [answer] = jsonOf(await t.run(importing(id, { accounts: fresh.join(', ') })));
		expect(answer).toMatchObject({ completed: true, errors: [], imported: fresh, failed: [] });
	});

	it('a task that has not finished when the wait gives up still reads as not completed', async () => {
		const id = await workspace(t);
		const fresh = ['a', 'b', 'c', 'd', 'e'].map((x) => `${x}@slow.example`);
		const result = await t.run(
			importing(id, {
				accounts: fresh.join(', '),
				timeoutMinutes: 0.01,
				onTimeout: 'returnLast',
			}),
		);
		expect(result.error).toBeUndefined();
		const [answer] = jsonOf(result);
		expect(answer).toMatchObject({ completed: false, errors: [] });
		expect((answer.task as IDataObject).progress as number).toBeLessThan(100);
		expect(answer.imported).toBeUndefined();
		expect(answer.failed).toBeUndefined();
		expect(result.outputs.map((o) => o.length)).toEqual([0, 1]);
	});
});
