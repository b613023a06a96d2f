import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { objectAnswer, type CreateWording } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';
import { outputFields } from '../../params/output';
import { changedAutomatedTest } from './shared/simplified';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Create',
	action: 'Create an automated test',
	description: 'Create an automated test for a mailbox (inactive until updated)',
};

export const builder: BuilderFacts = {
	returns: 'one item, the automated test',
	fields: {
		id: 'numeric automated test id',
		active: 'false until updated',
		run_days: 'weekday names',
		outcome: '',
		message: 'what happened, in words',
	},
	note: 'Once active, it spends one credit per scheduled run.',
};

/** Its headline when the answer to its create is lost (the transport never repeats it). */
const creates: CreateWording = {
	what: 'The automated test may have been created',
	where: 'Automated Test → Get Many',
};

export const description: INodeProperties[] = [
	idPicker(
		'accountId',
		'The mailbox whose messages are tested. It must belong to the project of the API key and be connected.',
	),
	{
		displayName:
			'The new automated test is inactive. Set its schedule, audience and activation with Update, and its weekdays with Set Run Days.',
		name: 'createNotice',
		type: 'notice',
		default: '',
	},
	...outputFields({
		simplified: 'The new test (ID, active, schedule) and what to do next, in words',
		kept: 'id',
		example: 'active, account_ids',
	}),
];

const answer = objectAnswer('the new automated test (with id)', 'id');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const { accountId, view } = item.fields.all({
		accountId: () => item.numericId('accountId'),
		view: () => item.output(),
	});
	const test = await item.request({
		method: 'POST',
		path: '/automated_tests',
		creates,
		body: { account_id: accountId },
		kind: 'create',
		answer,
	});
	return changedAutomatedTest(
		test,
		view,
		'created',
		(id, state) =>
			`Automated test ${id} created, ${state}: set its schedule and activation with Update, its weekdays with Set Run Days`,
	);
}
