/** Account resource: the operation picker and the table of its operations. */
import { operationPicker, type ResourceModule } from '../types';
import * as get from './get';
import * as getAll from './getAll';

export const account: ResourceModule = {
	option: { name: 'Account', value: 'account', description: 'Mailboxes used for warming and spam tests' },
	description: [
		operationPicker(
			'account',
			[
				{ name: 'Get', value: 'get', action: 'Get an account', description: 'Retrieve one account with its domain and scores' },
				{ name: 'Get Many', value: 'getAll', action: 'Get many accounts', description: 'List accounts, with filters' },
			],
			'getAll',
		),
		...get.description,
		...getAll.description,
	],
	operations: { get: get.execute, getAll: getAll.execute },
};
