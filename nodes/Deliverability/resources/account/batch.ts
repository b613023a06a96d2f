import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { objectAnswer, type CreateWording } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { waitFlags, withWaitFlags } from '../../helpers/waitLoop';
import { choiceField } from '../../params/choices';
import { outputFields, shaped } from '../../params/output';
import type { Validator } from '../../../shared/validation';
import type { ToolFacts } from '../../helpers/toolMode';
import { followTask, taskDone, taskToolFacts, taskWaitOptions } from '../task/shared/followTask';
import { batchOutcomes, isOutcome } from './shared/batchOutcomes';
import type { BuilderFacts } from '../../helpers/builder';

const CUSTOM = 'custom';

/**
 * The documented batch actions (the service says the list "includes" these), sorted, plus a custom
 * one.
 */
const BATCH_ACTIONS = [
	{
		name: 'Custom Action',
		value: CUSTOM,
		description: 'An action the service supports that is not listed here',
	},
	{ name: 'Delete', value: 'delete', description: 'Remove the mailboxes from the project' },
	{
		name: 'Reconnect',
		value: 'reconnect',
		description: 'Reconnect the mailboxes (after a disconnection)',
	},
	{ name: 'Suspend', value: 'suspend', description: 'Suspend the mailboxes' },
] as const;

export const operation = {
	name: 'Batch',
	action: 'Run a batch action on mailboxes',
	description:
		'Queue reconnect, suspend or delete for many mailboxes as a task, optionally waiting for it',
};

export const builder: BuilderFacts = {
	returns:
		'one item, the task (with waitForCompletion true and output simple: one item per mailbox with its outcome in words)',
	fields: { id: 'the task id, for task get', progress: '0 to 100' },
	note: 'A delete is permanent.',
};

/** Its headline when the answer to its create is lost (the transport never repeats it). */
const creates: CreateWording = {
	what: 'The batch task may have been started',
	where: 'Mailbox → Get Many (whether the mailboxes changed)',
};

export const tool: ToolFacts = {
	...taskToolFacts,
	idHints: {
		accountIds:
			'give numeric mailbox ids, comma-separated (e.g. 120, 121), not emails; list the mailboxes to find them',
	},
};

export const description: INodeProperties[] = [
	{
		displayName: 'Mailbox IDs',
		name: 'accountIds',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1042, 1043',
		description:
			'Comma-separated mailbox IDs, or an expression giving an array of IDs or of mailbox objects',
	},
	{
		...choiceField(
			'Action',
			'action',
			BATCH_ACTIONS,
			'reconnect',
			'What to do with every mailbox of the list',
		),
		required: true,
	},
	{
		displayName: 'Custom Action',
		name: 'customAction',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. pause',
		displayOptions: { show: { action: [CUSTOM] } },
		description: 'The action name exactly as the service expects it',
	},
	{
		displayName: 'Deleting mailboxes cannot be undone',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { action: ['delete'] } },
	},
	...taskWaitOptions(
		'The action runs as a queued task. Turn on "Wait for Completion" to wait for it here, or follow its progress with Task → Get and the returned ID.',
	),
	// Only while waiting: without the wait there is no outcome yet, only the task just queued.
	...outputFields({
		simplify:
			'Whether to give one item per mailbox once the task finished, with its outcome in words (e.g. reconnected, still failing, skipped, not in the logs), instead of the task with its raw logs. A reconnect reads each mailbox once to confirm it.',
		simplified:
			'One item per mailbox once the task finished, with its outcome in words (e.g. reconnected, still failing, skipped, not in the logs); a reconnect reads each mailbox once to confirm it',
		kept: 'id and progress',
		example: 'progress, logs',
	}).map((parameter) => ({
		...parameter,
		displayOptions: {
			...parameter.displayOptions,
			show: { ...parameter.displayOptions?.show, waitForCompletion: [true] },
		},
	})),
];

/**
 * Account ids from text ("1, 2"), JSON text ("[1,2]"), a number, or an array of ids or of account
 * objects.
 */
function accountIdsFrom(v: Validator, raw: unknown): number[] {
	let value: unknown = raw;
	if (typeof value === 'string' && value.trim().startsWith('[')) {
		try {
			value = JSON.parse(value);
		} catch {
			v.fail('accountIds', 'looks like a JSON array but is not valid JSON');
		}
	}
	if (Array.isArray(value)) {
		value = value.map((entry) =>
			entry && typeof entry === 'object' && !Array.isArray(entry)
				? (entry as IDataObject).id
				: entry,
		);
	}
	const ids = v.idList('accountIds', value);
	if (ids.length === 0) v.fail('accountIds', 'give at least one mailbox ID');
	return [...new Set(ids)];
}

function batchAction(item: Item): string {
	const v = item.fields;
	const picked = item.value('action') as unknown;
	const field = picked === CUSTOM ? 'customAction' : 'action';
	const text = v.nonEmptyString(field, picked === CUSTOM ? item.value('customAction', '') : picked);
	if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(text))
		v.fail(field, `"${text}" is not an action name (letters, digits, _ and - only)`);
	return text;
}

/**
 * The answer is the batch's task: "Completed" once its progress reaches 100; else "Not Yet" (follow
 * it with Task → Get). With Simplify, the accounts' outcomes (given only once the task finished) go
 * to "Completed".
 */
export function completed(answer: IDataObject): boolean {
	return isOutcome(answer) || taskDone(answer);
}

const answer = objectAnswer('the batch task (with id)', 'id', 'task_id');

export async function execute(
	this: IExecuteFunctions,
	item: Item,
): Promise<IDataObject | IDataObject[]> {
	const i = item.index;
	const v = item.fields;
	const { accountIds, action, settings, output } = v.all({
		accountIds: () => accountIdsFrom(v, item.value('accountIds')),
		action: () => batchAction(item),
		settings: () => item.wait(),
		// Shown (and used) only while Wait for Completion is on: without the wait there is no outcome
		// yet.
		output: () => item.output(),
	});
	const task = await item.request({
		method: 'POST',
		path: '/accounts/batch',
		creates,
		body: { account_ids: accountIds, action },
		kind: 'create',
		answer,
	});
	const taskId = Number(task.id);
	if (!settings.waitForCompletion) {
		if (Number.isInteger(taskId)) {
			this.addExecutionHints({
				message: `The batch runs as task ${taskId}: follow its progress with Task → Get and this ID, or turn on "Wait for Completion".`,
				location: 'outputPane',
			});
		}
		return task;
	}
	if (!Number.isInteger(taskId) || taskId < 1) {
		throw new NodeOperationError(
			this.getNode(),
			'The batch was queued but the answer has no task ID to wait for',
			{
				itemIndex: i,
				description: 'The action was sent once; check the mailboxes before running it again.',
			},
		);
	}
	const { answer: finished, outcome } = await followTask(this, item, taskId, settings, task);
	if (output.mode === 'simple' && taskDone(finished) && !outcome?.timedOut)
		return await batchOutcomes(this, item, accountIds, action, finished);
	// Raw, Selected Fields, or a wait that gave up: the task (its id and progress kept, progress
	// routes the item).
	return output.mode === 'simple'
		? withWaitFlags(finished, outcome)
		: shaped(finished, output, (task) => task, ['id', 'progress'], waitFlags(outcome));
}
