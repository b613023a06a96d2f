/**
 * Following a task (the answer of account Batch) until it is finished: used by task Get and account
 * Batch, both through the one wait loop of helpers/waitLoop.ts.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readNumber } from '../../../../shared/lenient';
import { objectAnswer } from '../../../../shared/transport';
import type { Item } from '../../../helpers/item';
import type { ToolFacts } from '../../../helpers/toolMode';
import { waitUntil, type WaitOutcome } from '../../../helpers/waitLoop';
import { waitForCompletionFields, type WaitSettings } from '../../../params/wait';

/** Wait for Completion and its settings, for an operation that follows a task. */
export function taskWaitOptions(whenOff?: string): INodeProperties[] {
	return waitForCompletionFields('the task', 'progress reaches 100', whenOff);
}

/** What GET /tasks/{id} must answer (checked by the transport before anything becomes an item). */
const TASK_ANSWER = objectAnswer('a task (with id and progress)', 'id', 'progress');

/** A task is finished once its progress reaches 100 (numeric text from a proxy is accepted too). */
export function taskDone(task: IDataObject): boolean {
	const progress = readNumber(task.progress);
	return progress !== undefined && progress >= 100;
}

/** For a model (task Get and account Batch): a task still running is followed with Task → Get. */
export const taskToolFacts: ToolFacts = {
	nextStep: (answer) =>
		Number(answer.progress) < 100
			? `The task is still running (progress ${String(answer.progress)}%): call the task Get tool again with task id ${String(answer.id ?? answer.task_id ?? '')} to follow it.`
			: undefined,
};

async function getTask(item: Item, taskId: number): Promise<IDataObject> {
	return await item.request({
		method: 'GET',
		path: `/tasks/${taskId}`,
		kind: 'read',
		answer: TASK_ANSWER,
	});
}

/**
 * Waits for the task when the user asked for it (else returns `first` as it is, or fetches the task
 * once), and says how the wait ended beside the task (`withWaitFlags` shows it). `first` is a
 * snapshot already in hand (the batch answer), so no poll is wasted when it is already done.
 */
export async function followTask(
	ctx: IExecuteFunctions,
	item: Item,
	taskId: number,
	settings: WaitSettings,
	first?: IDataObject,
): Promise<{ answer: IDataObject; outcome?: WaitOutcome }> {
	if (!settings.waitForCompletion) return { answer: first ?? (await getTask(item, taskId)) };
	let pending: IDataObject | undefined = first;
	return await waitUntil(
		ctx,
		item.index,
		settings,
		async () => {
			if (pending) {
				const snapshot = pending;
				pending = undefined;
				return snapshot;
			}
			return await getTask(item, taskId);
		},
		taskDone,
		`task ${taskId} to finish`,
	);
}
