/**
 * Email Workspace → Import Accounts after waiting for its task: the item reads as the finished import (completed
 * true, the failures per address in errors), not as the first answer's "completed: false, errors: []" said before
 * anything ran; the task and its logs stay as the service gave them.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, jsonOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 20 });

async function workspace(): Promise<number> {
	const res = await t.api<{ id: number }>('POST', '/email_workspaces', {
		name: 'Sales',
		file_key_json: {
			type: 'service_account',
			client_email: 'importer@example-project.iam.gserviceaccount.com',
			private_key: '-----BEGIN PRIVATE KEY-----\nMIIEdummy\n-----END PRIVATE KEY-----\n',
		},
	});
	await t.clearRequests();
	return res.data.id;
}

const importing = (id: number, extra: IDataObject = {}): INodeParameters => ({
	resource: 'emailWorkspace',
	operation: 'importAccounts',
	emailWorkspaceId: byId(id),
	waitForCompletion: true,
	pollInterval: 1,
	timeoutMinutes: 1,
	...extra,
});

describe('Email Workspace → Import Accounts after its wait', () => {
	it('reads as finished: completed true, and errors name each address that failed with its reason', async () => {
		const id = await workspace();
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
		const id = await workspace();
		const fresh = ['a', 'b', 'c', 'd', 'e'].map((x) => `${x}@clean.example`);
		const [answer] = jsonOf(await t.run(importing(id, { accounts: fresh.join(', ') })));
		expect(answer).toMatchObject({ completed: true, errors: [], imported: fresh, failed: [] });
	});

	it('a task that has not finished when the wait gives up still reads as not completed', async () => {
		const id = await workspace();
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
