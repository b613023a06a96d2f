/**
 * Task → Get through n8n's real engine against the sandbox: the task read once, or waited for until its progress
 * reaches 100 (a batch run just before, followed by an expression), the service's 404 and a bad ID refused.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 60 });

const batch = (extra: IDataObject) => ({ resource: 'account', operation: 'batch', ...extra });
const fastWait = { waitForCompletion: true, pollInterval: 1, timeoutMinutes: 0.5 };

const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

async function account(id: number) {
	return await t.api<IDataObject>('GET', `/accounts/${id}`);
}

describe('task get', () => {
	async function queued(): Promise<number> {
		const { data } = await t.api<IDataObject>('POST', '/accounts/batch', {
			account_ids: [11],
			action: 'suspend',
		});
		await t.clearRequests();
		return data.id as number;
	}

	it('reads the task once without waiting', async () => {
		const id = await queued();
		const result = await t.run({ resource: 'task', operation: 'get', taskId: byId(id) });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual(expect.objectContaining({ id, progress: 34 }));
		const requests = await t.requests();
		expect(requests.map((r) => `${r.method} ${local(r.path)}`)).toEqual([`GET /tasks/${id}`]);
	});

	it('waits until progress reaches 100', async () => {
		const id = await queued();
		const result = await t.run({
			resource: 'task',
			operation: 'get',
			taskId: byId(id),
			...fastWait,
		});
		expect(result.error).toBeUndefined();
		const [task] = jsonOf(result);
		expect(task.progress).toBe(100);
		expect(await t.requests()).toHaveLength(3);
		expect((await account(11)).data.suspended).toBe(true);
	});

	it('stops at once when the task is already finished', async () => {
		const id = await queued();
		for (let i = 0; i < 3; i++) await t.api('GET', `/tasks/${id}`);
		await t.clearRequests();
		const result = await t.run({
			resource: 'task',
			operation: 'get',
			taskId: byId(id),
			...fastWait,
		});
		expect(jsonOf(result)[0].progress).toBe(100);
		expect(await t.requests()).toHaveLength(1);
	});

	it('follows the task of a batch run just before (Batch → Task Get with an expression)', async () => {
		const queuedTask = jsonOf(await t.run(batch({ accountIds: '12', action: 'suspend' })))[0];
		const result = await t.run(
			{ resource: 'task', operation: 'get', taskId: byId('={{ $json.id }}'), ...fastWait },
			{ input: [queuedTask] },
		);
		expect(jsonOf(result)[0]).toEqual(
			expect.objectContaining({ id: queuedTask.id, progress: 100 }),
		);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('reports an unknown task (404) and refuses a bad ID before any request', async () => {
		const missing = await t.run({ resource: 'task', operation: 'get', taskId: byId(424242) });
		expect(missing.error!.httpCode).toBe('404');
		await t.clearRequests();
		const bad = await t.run({
			resource: 'task',
			operation: 'get',
			taskId: byId('={{ "task-1" }}'),
		});
		await t.expectRefused(bad, /"Task"/);
	});
});
