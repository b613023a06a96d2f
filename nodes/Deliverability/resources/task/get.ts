import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Item } from '../../helpers/item';
import { withWaitFlags } from '../../helpers/waitLoop';
import { idPicker } from '../../params/locator';

import { followTask, taskDone, taskToolFacts, taskWaitOptions } from './shared/followTask';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Get',
	action: 'Get a task',
	description: 'Retrieve the progress and logs of a task, optionally waiting until it is finished',
};

export const builder: BuilderFacts = {
	returns: 'one item, the task',
	fields: { id: '', progress: '0 to 100; 100 is finished', logs: '' },
};

export const description: INodeProperties[] = [idPicker('taskId'), ...taskWaitOptions()];

/** "Completed" once the task's progress reaches 100; else "Not Yet". */
export const completed = taskDone;

export const tool = taskToolFacts;

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const { id, settings } = item.fields.all({
		id: () => item.numericId('taskId'),
		settings: () => item.wait(),
	});
	const { answer: task, outcome } = await followTask(this, item, id, settings);
	return withWaitFlags(task, outcome);
}
