/**
 * Account → Batch with Simplify on, once its task finished: one item per account with its outcome
 * in words, read from the task's logs (their shape is not documented: read tolerantly,
 * docs/operations.md, Account → Batch). The latest log line of an account counts; an account the
 * logs do not mention is reported as such, never as a success. A reconnect is checked on the
 * account itself (one read per account, paced): a log that says done while the account still has
 * its IMAP issue is "still failing".
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { readBoolean, readText } from '../../../../shared/lenient';
import type { AnswerFact } from '../../../../shared/transport';
import type { Item } from '../../../helpers/item';

const FAILED = new Set(['failed', 'failure', 'error', 'errored']);
const SKIPPED = new Set(['skipped', 'skip', 'ignored', 'unchanged', 'noop']);
const DONE = new Set(['done', 'success', 'succeeded', 'completed', 'complete', 'ok', 'finished']);

/**
 * What a finished action did to an account, in words (an action this list does not know: "done").
 */
const DONE_WORDS: Record<string, string> = {
	delete: 'deleted',
	pause: 'paused',
	reconnect: 'reconnected',
	resume: 'resumed',
	suspend: 'suspended',
};

/** The outcomes an account can have (`outcome`), besides an action's own word from DONE_WORDS. */
const OUTCOMES = {
	failing: 'still failing',
	failed: 'failed',
	skipped: 'skipped',
	missing: 'not in the logs',
	unfinished: 'no outcome in the logs',
	gone: 'mailbox not found',
} as const;

/** Reads of accounts after a reconnect run this many at a time (within the run's pacer). */
const READS_AT_ONCE = 4;

const ACCOUNT_ANSWER: AnswerFact = { shape: 'object', what: 'a mailbox (with id)', keys: ['id'] };

/**
 * The id a log line is about: `account_id`, `accountId` or `account` (an id or an object with one).
 */
function accountIdOf(line: IDataObject): number | undefined {
	const account = line.account;
	const raw =
		line.account_id ??
		line.accountId ??
		(account && typeof account === 'object' ? (account as IDataObject).id : account);
	const id = Number(readText(raw));
	return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The latest log line per account id (log lines in the order the service wrote them). */
function latestLines(logs: unknown): Map<number, IDataObject> {
	const latest = new Map<number, IDataObject>();
	for (const line of Array.isArray(logs) ? (logs as unknown[]) : []) {
		if (!line || typeof line !== 'object' || Array.isArray(line)) continue;
		const id = accountIdOf(line as IDataObject);
		if (id !== undefined) latest.set(id, line as IDataObject);
	}
	return latest;
}

/** The service's words of a log line (`message`, `error` or `reason`). */
function reasonOf(line: IDataObject): string | undefined {
	return readText(line.message) ?? readText(line.error) ?? readText(line.reason);
}

/** An account's outcome from its latest log line alone. */
function fromLog(
	action: string,
	line: IDataObject | undefined,
): { outcome: string; reason: string } {
	const reconnect = action === 'reconnect';
	if (!line)
		return {
			outcome: OUTCOMES.missing,
			reason:
				'The task finished without a log line about this mailbox: check it with Mailbox → Get',
		};
	const status = String(line.status ?? line.state ?? '')
		.trim()
		.toLowerCase();
	const said = reasonOf(line);
	if (FAILED.has(status) || (line.error !== undefined && line.error !== null))
		return {
			outcome: reconnect ? OUTCOMES.failing : OUTCOMES.failed,
			reason: said ?? 'The task logged a failure without a reason',
		};
	if (SKIPPED.has(status))
		return { outcome: OUTCOMES.skipped, reason: said ?? 'The task skipped this mailbox' };
	if (DONE.has(status))
		return { outcome: DONE_WORDS[action] ?? 'done', reason: said ?? `The task logged ${status}` };
	return {
		outcome: OUTCOMES.unfinished,
		reason: `The task finished, but its last line about this mailbox says "${status || 'nothing'}"${said ? `: ${said}` : ''}`,
	};
}

/**
 * A reconnect's outcome checked on the account read after the task (undefined when it was not
 * found).
 */
function checkedReconnect(
	logged: { outcome: string; reason: string },
	account: IDataObject | undefined,
): { outcome: string; reason: string } {
	if (!account)
		return {
			outcome: OUTCOMES.gone,
			reason: 'The mailbox no longer exists (Mailbox → Get answers 404)',
		};
	const issue = readBoolean(account.imap_issue);
	if (logged.outcome === DONE_WORDS.reconnect && issue === true)
		return {
			outcome: OUTCOMES.failing,
			reason: `The task logged "${logged.reason}", but the mailbox is still disconnected (imap_issue true)`,
		};
	if (logged.outcome === DONE_WORDS.reconnect && issue === undefined)
		return {
			outcome: OUTCOMES.unfinished,
			reason: `The task logged "${logged.reason}", but the mailbox does not say whether it is connected (no imap_issue)`,
		};
	return logged;
}

/**
 * The batch ran: an error while reading its accounts says so and names the task, so nobody runs it
 * again.
 */
function readFailed(
	ctx: IExecuteFunctions,
	item: Item,
	taskId: unknown,
	error: unknown,
): NodeOperationError {
	const description = (error as NodeOperationError).description ?? '';
	return new NodeOperationError(
		ctx.getNode(),
		`The batch finished (task ${String(taskId)}), but reading its mailboxes' outcomes failed: ${(error as Error).message}`,
		{
			itemIndex: item.index,
			description:
				`Do not run the batch again: see its logs with Task → Get (ID ${String(taskId)}), or turn off Simplify. ${description}`.trim(),
		},
	);
}

/**
 * Reads the accounts a few at a time; an account the service answers 404 for (deleted meanwhile) is
 * undefined.
 */
async function readAccounts(
	ctx: IExecuteFunctions,
	item: Item,
	ids: number[],
	taskId: unknown,
): Promise<Map<number, IDataObject | undefined>> {
	const found = new Map<number, IDataObject | undefined>();
	const read = async (id: number): Promise<IDataObject | undefined> => {
		try {
			return await item.request({
				method: 'GET',
				path: `/accounts/${id}`,
				kind: 'read',
				answer: ACCOUNT_ANSWER,
			});
		} catch (error) {
			if (error instanceof NodeApiError && String(error.httpCode) === '404') return undefined;
			throw readFailed(ctx, item, taskId, error);
		}
	};
	let next = 0;
	const worker = async () => {
		while (next < ids.length) {
			const id = ids[next++];
			found.set(id, await read(id));
		}
	};
	await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, ids.length) }, worker));
	return found;
}

/**
 * One item per account of the batch (in the order sent): `account_id`, `email` and the connection
 * state when the account was read (a reconnect), `outcome` and `outcome_reason` in words, `log`
 * (its latest log line as the service wrote it, absent when none) and `task_id`.
 */
export async function batchOutcomes(
	ctx: IExecuteFunctions,
	item: Item,
	accountIds: number[],
	action: string,
	task: IDataObject,
): Promise<IDataObject[]> {
	const latest = latestLines(task.logs);
	const accounts =
		action === 'reconnect' ? await readAccounts(ctx, item, accountIds, task.id) : undefined;
	return accountIds.map((id) => {
		const line = latest.get(id);
		const logged = fromLog(action, line);
		const out: IDataObject = { account_id: id };
		let decided = logged;
		if (accounts) {
			const account = accounts.get(id);
			decided = checkedReconnect(logged, account);
			if (account?.email !== undefined) out.email = account.email;
			const issue = readBoolean(account?.imap_issue);
			if (issue !== undefined) out.disconnected = issue;
			const alive = readBoolean(account?.alive);
			if (alive !== undefined) out.paused = !alive;
		}
		out.action = action;
		out.outcome = decided.outcome;
		out.outcome_reason = decided.reason;
		if (line) out.log = line;
		out.task_id = task.id;
		return out;
	});
}

/** An item of batchOutcomes (it is only made once the task finished). */
export function isOutcome(answer: IDataObject): boolean {
	return typeof answer.outcome === 'string' && answer.account_id !== undefined;
}
