/**
 * A mailbox disconnecting in the sandbox and what the published examples did about it, as the auto-pause and reconnect
 * files walk it: the runs the disconnection started, the account writes the sandbox received, the mailbox's state.
 */
import { isFinished } from '../../support/n8n-process';
import { admin } from '../../support/sandbox-admin';
import { service, waitFor, workflowExecutions, type Execution, type Stack } from './support';

/**
 * Disconnects the account (the sandbox delivers ACCOUNT_DISCONNECTED) and waits until each of these workflows has
 * finished one run more than before, with none still running; returns each one's newest execution, in that order.
 */
export async function disconnectAndWaitForRuns(
	stack: Stack,
	accountId: number,
	workflowIds: string[],
	timeoutMs: number,
): Promise<Execution[]> {
	const executions = (id: string) => workflowExecutions<Execution>(stack, id);
	const before = await Promise.all(workflowIds.map(async (id) => (await executions(id)).length));
	await admin(stack.sandbox, 'POST', `/accounts/${accountId}/disconnect`);
	return await Promise.all(
		workflowIds.map((id, i) =>
			waitFor(
				`a finished run of ${id}`,
				async () => {
					const list = await executions(id);
					return list.length > before[i] && list.every((e) => isFinished(e.status)) && list[0];
				},
				timeoutMs,
				500,
			),
		),
	);
}

/** The account writes (POST /accounts/{id}: pause, resume, update) the sandbox received for the account, in order. */
export async function accountWrites(stack: Stack, accountId: number): Promise<unknown[]> {
	const requests = await admin<Array<{ method: string; path: string; body: unknown }>>(
		stack.sandbox,
		'GET',
		'/requests',
	);
	return requests
		.filter((r) => r.method === 'POST' && r.path === `/accounts/${accountId}`)
		.map((r) => r.body);
}

/** The mailbox's connection (imap_issue) and pause (alive) as the service holds them. */
export async function mailboxState(
	stack: Stack,
	accountId: number,
): Promise<{ imap_issue: boolean; alive: boolean }> {
	return await service(stack.sandbox, 'GET', `/accounts/${accountId}`);
}
