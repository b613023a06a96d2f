/** POST /accounts/batch queues a task; each GET /tasks/{id} advances it one step; the action lands at 100. */
import type { Route } from '../api';
import { created, ok, scoped } from '../api';
import type { Account, Task, TaskLog } from '../resources';
import type { Store } from '../store';
import { reconnectRefused, requireOwnAccounts } from './accounts';
import { importAddress } from './email-workspaces';
import { BodyReader, pathId } from '../validate';

export const BATCH_ACTIONS = ['reconnect', 'suspend', 'delete', 'pause', 'resume'] as const;
const STEPS = [0, 34, 67, 100];

const DONE_MESSAGE: Record<string, string> = {
	reconnect: 'reconnected',
	suspend: 'suspended',
	delete: 'deleted',
	pause: 'paused',
	resume: 'resumed',
};

function apply(store: Store, action: string, account: Account): void {
	if (action === 'suspend') account.suspended = true;
	if (action === 'delete') store.accounts.delete(account.id);
	if (action === 'reconnect')
		Object.assign(account, {
			imap_issue: false,
			alive: true,
			has_refresh_token: account.provider !== 'smtp',
		});
	if (action === 'pause') account.alive = false;
	if (action === 'resume') account.alive = true;
}

/**
 * The last step for one account: the action's effect and its log line. A reconnect skips an account that is not
 * disconnected, and fails (leaving it disconnected) where a single reconnect would fail too.
 */
function finish(store: Store, action: string, account: Account, at: string): TaskLog {
	const line = (status: TaskLog['status'], message: string): TaskLog => ({
		account_id: account.id,
		status,
		message,
		at,
	});
	if (action === 'reconnect') {
		if (!account.imap_issue) return line('skipped', 'already connected');
		const refused = reconnectRefused(store, account);
		if (refused !== undefined) return line('failed', refused);
	}
	apply(store, action, account);
	return line('done', DONE_MESSAGE[action]);
}

/** One step: logs per account (queued → running → done/failed); the effect happens on the last step. */
function advance(store: Store, task: Task): void {
	const step = STEPS.indexOf(task.progress);
	if (step < 0 || step === STEPS.length - 1) return;
	const at = new Date().toISOString();
	const last = step + 1 === STEPS.length - 1;
	if (task.import) {
		advanceImport(store, task, step, last, at);
		task.progress = STEPS[step + 1];
		return;
	}
	for (const id of task.accountIds) {
		const account = store.accounts.get(id);
		let log: TaskLog;
		if (!account || account.project !== task.project)
			log = { account_id: id, status: 'failed', message: 'account not found', at };
		else if (!last)
			log = {
				account_id: id,
				status: step === 0 ? 'queued' : 'running',
				message: `${task.action} ${step === 0 ? 'queued' : 'in progress'}`,
				at,
			};
		else log = finish(store, task.action, account, at);
		if (!store.settings.unloggedAccounts.includes(id)) task.logs.push(log);
	}
	task.progress = STEPS[step + 1];
}

/** An email workspace import: logs per address; the accounts are created on the last step. */
function advanceImport(store: Store, task: Task, step: number, last: boolean, at: string): void {
	const workspace = store.workspaces.get(task.email_workspace_id ?? -1);
	for (const email of task.import!.emails) {
		if (!last) {
			task.logs.push({
				account_id: null,
				email,
				status: step === 0 ? 'queued' : 'running',
				message: `import ${step === 0 ? 'queued' : 'in progress'}`,
				at,
			});
			continue;
		}
		const result = workspace
			? importAddress(
					store,
					store.projects[task.project],
					workspace,
					email,
					task.import!.spamcheckerOnly,
				)
			: { email, error: 'email workspace not found' };
		if ('error' in result)
			task.logs.push({ account_id: null, email, status: 'failed', message: result.error, at });
		else {
			task.accountIds.push(result.id);
			task.logs.push({ account_id: result.id, email, status: 'done', message: 'imported', at });
		}
	}
}

function taskView(t: Task): Record<string, unknown> {
	return {
		id: t.id,
		progress: t.progress,
		logs: t.logs.map((l) => ({ ...l })),
		email_workspace_id: t.email_workspace_id,
	};
}

export const taskRoutes: Route[] = [
	{
		method: 'POST',
		path: '/accounts/batch',
		handler: ({ store, project, body }) => {
			const b = new BodyReader(body, ['account_ids', 'action']);
			const ids = b.intArray('account_ids', { required: true, nonEmpty: true })!;
			const action = b.oneOf('action', BATCH_ACTIONS, { required: true });
			b.done();
			requireOwnAccounts(store, project, ids);
			const task: Task = {
				project: project.key,
				id: store.nextId.task++,
				action: action!,
				accountIds: [...new Set(ids)],
				progress: 0,
				logs: [],
				email_workspace_id: null,
			};
			store.tasks.set(task.id, task);
			return created(taskView(task));
		},
	},
	{
		method: 'GET',
		path: '/tasks/:id',
		handler: ({ store, project, params }) => {
			const task = scoped(store.tasks.get(pathId(params.id)), project, 'Task');
			advance(store, task);
			return ok(taskView(task));
		},
	},
];
