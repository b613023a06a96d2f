/**
 * Following a task (the answer of account Batch) until it is finished: used by task Get and account Batch, both
 * through the one wait loop of helpers/wait.ts.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { waitOptionsCollection } from '../../descriptions/common';
import { collectionValues } from '../../helpers/params';
import { waitSettings, waitUntil, type WaitSettings } from '../../helpers/wait';

/** The `options` collection with the wait settings, for one resource/operation. */
export function taskWaitOptions(resource: string, operation: string): INodeProperties {
	return waitOptionsCollection(resource, operation, 'the task', 'progress reaches 100');
}

/** A task is finished once its progress reaches 100 (numeric text from a proxy is accepted too). */
export function taskDone(task: IDataObject): boolean {
	const progress = Number(task.progress);
	return Number.isFinite(progress) && progress >= 100;
}

export async function getTask(ctx: IExecuteFunctions, taskId: number, itemIndex: number): Promise<IDataObject> {
	return await apiRequest.call(ctx, { method: 'GET', path: `/tasks/${taskId}`, kind: 'read', itemIndex });
}

/** The wait settings of the `options` collection, checked (call it before the first request). */
export function taskWaitSettings(ctx: IExecuteFunctions, itemIndex: number): WaitSettings {
	return waitSettings(ctx, collectionValues(ctx, 'options', itemIndex), itemIndex);
}

/**
 * Waits for the task when the user asked for it (else returns `first` as it is, or fetches the task once).
 * `first` is a snapshot already in hand (the batch answer), so no poll is wasted when it is already done.
 */
export async function followTask(
	ctx: IExecuteFunctions,
	itemIndex: number,
	taskId: number,
	settings: WaitSettings,
	first?: IDataObject,
): Promise<IDataObject> {
	if (!settings.waitForCompletion) return first ?? (await getTask(ctx, taskId, itemIndex));
	let pending: IDataObject | undefined = first;
	return await waitUntil(
		ctx,
		itemIndex,
		settings,
		async () => {
			if (pending) {
				const snapshot = pending;
				pending = undefined;
				return snapshot;
			}
			return await getTask(ctx, taskId, itemIndex);
		},
		taskDone,
		`task ${taskId} to finish`,
	);
}
