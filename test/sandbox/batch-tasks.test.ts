/** Spec §4 POST /accounts/batch and GET /tasks/{id}: a task at 0 that advances on polls; the action lands at 100. */
import { expectError, useSandbox } from './helpers';
import type { Json } from './helpers';

const t = useSandbox();

async function batch(account_ids: number[], action: string): Promise<Json> {
	const res = await t.post('/accounts/batch', { account_ids, action });
	expect(res.status).toBe(201);
	return res.data;
}

describe('batch tasks', () => {
	it('returns a task with progress 0 and empty logs; polls advance to 100; suspend lands only at 100', async () => {
		const task = await batch([4, 5], 'suspend');
		expect(task).toEqual({
			id: expect.any(Number),
			progress: 0,
			logs: [],
			email_workspace_id: null,
		});
		const seen: number[] = [];
		for (let i = 0; i < 3; i++) {
			const polled = (await t.get(`/tasks/${task.id}`)).data;
			seen.push(polled.progress);
			if (polled.progress < 100) expect((await t.get('/accounts/4')).data.suspended).toBe(false);
		}
		expect(seen).toEqual([34, 67, 100]);
		expect((await t.get('/accounts/4')).data.suspended).toBe(true);
		expect((await t.get('/accounts/5')).data.suspended).toBe(true);
		const done = (await t.get(`/tasks/${task.id}`)).data;
		expect(done.progress).toBe(100); // stays at 100
		expect(done.logs).toHaveLength(6);
		expect(
			done.logs
				.filter((l: { status: string }) => l.status === 'done')
				.map((l: { account_id: number }) => l.account_id),
		).toEqual([4, 5]);
		for (const log of done.logs)
			expect(log).toEqual({
				account_id: expect.any(Number),
				status: expect.any(String),
				message: expect.any(String),
				at: expect.any(String),
			});
	});

	it('delete removes the accounts (404 afterwards)', async () => {
		const task = await batch([6], 'delete');
		for (let i = 0; i < 3; i++) await t.get(`/tasks/${task.id}`);
		expectError(await t.get('/accounts/6'), 404);
		expect(
			(await t.get('/accounts', { search: 'x', include_spamchecker: true })).data.some(
				(a: { id: number }) => a.id === 6,
			),
		).toBe(false);
	});

	it('reconnect restores the connection (imap_issue false, alive true)', async () => {
		expect((await t.get('/accounts/13')).data.imap_issue).toBe(true);
		await t.admin('POST', '/accounts/14/disconnect');
		await t.post('/accounts/14', { alive: false });
		const task = await batch([13, 14], 'reconnect');
		for (let i = 0; i < 3; i++) await t.get(`/tasks/${task.id}`);
		for (const id of [13, 14])
			expect((await t.get(`/accounts/${id}`)).data).toMatchObject({
				imap_issue: false,
				alive: true,
			});
	});

	it('reconnect skips a connected account and fails one that stays broken, which keeps its issue', async () => {
		await t.admin('POST', '/accounts/14/disconnect');
		await t.admin('POST', '/accounts/14/broken');
		await t.admin('POST', '/accounts/15/disconnect');
		await t.admin('POST', '/login-failures', {
			email: (await t.get('/accounts/15')).data.email,
			error: 'IMAP: AUTHENTICATIONFAILED',
		});
		const task = await batch([13, 14, 15, 16], 'reconnect');
		let done: Json = task;
		for (let i = 0; i < 3; i++) done = (await t.get(`/tasks/${task.id}`)).data;
		const last = Object.fromEntries(
			done.logs
				.slice(-4)
				.map((l: { account_id: number; status: string; message: string }) => [
					l.account_id,
					[l.status, l.message],
				]),
		);
		expect(last).toEqual({
			13: ['done', 'reconnected'],
			14: ['failed', 'still disconnected: the mailbox could not be reached'],
			15: ['failed', 'still disconnected: IMAP: AUTHENTICATIONFAILED'],
			16: ['skipped', 'already connected'],
		});
		expect((await t.get('/accounts/13')).data.imap_issue).toBe(false);
		expect((await t.get('/accounts/14')).data.imap_issue).toBe(true);
		expect((await t.get('/accounts/15')).data.imap_issue).toBe(true);
	});

	it('pause and resume set alive', async () => {
		const pause = await batch([8], 'pause');
		for (let i = 0; i < 3; i++) await t.get(`/tasks/${pause.id}`);
		expect((await t.get('/accounts/8')).data.alive).toBe(false);
		const resume = await batch([8], 'resume');
		for (let i = 0; i < 3; i++) await t.get(`/tasks/${resume.id}`);
		expect((await t.get('/accounts/8')).data.alive).toBe(true);
	});

	it('logs a failure for an account deleted while the task ran', async () => {
		const task = await batch([9], 'suspend');
		const del = await batch([9], 'delete');
		for (let i = 0; i < 3; i++) await t.get(`/tasks/${del.id}`);
		for (let i = 0; i < 3; i++) await t.get(`/tasks/${task.id}`);
		const done = (await t.get(`/tasks/${task.id}`)).data;
		expect(done.logs.at(-1)).toMatchObject({ account_id: 9, status: 'failed' });
	});

	it('validates: unknown action / empty ids → 422; missing fields or wrong types → 400; scope → 403 / 404', async () => {
		expectError(await t.post('/accounts/batch', { account_ids: [4], action: 'explode' }), 422);
		expectError(await t.post('/accounts/batch', { account_ids: [], action: 'suspend' }), 422);
		expectError(await t.post('/accounts/batch', { account_ids: [4] }), 400);
		expectError(await t.post('/accounts/batch', { action: 'suspend' }), 400);
		expectError(await t.post('/accounts/batch', { account_ids: '4', action: 'suspend' }), 400);
		expectError(
			await t.post('/accounts/batch', { account_ids: [4, 100001], action: 'suspend' }),
			403,
		);
		expectError(
			await t.post('/accounts/batch', { account_ids: [4, 999999], action: 'suspend' }),
			404,
		);
		expect((await t.get('/accounts/4')).data.suspended).toBe(false);
	});

	it("another project's task → 403, unknown → 404", async () => {
		const task = (
			await t.post('/accounts/batch', { account_ids: [100002], action: 'suspend' }, 'B')
		).data;
		expectError(await t.get(`/tasks/${task.id}`), 403);
		expectError(await t.get('/tasks/424242'), 404);
		expect((await t.get(`/tasks/${task.id}`, undefined, 'B')).data.progress).toBe(34);
	});
});
