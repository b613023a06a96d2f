/** Account resource: the operation picker and the table of its operations. */
import type { INodeProperties } from 'n8n-workflow';

import type { OperationHandler } from '../../router';
import * as get from './get';
import * as getAll from './getAll';

export const operationPicker: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['account'] } },
	options: [
		{ name: 'Get', value: 'get', action: 'Get an account', description: 'Retrieve one account with its domain and scores' },
		{ name: 'Get Many', value: 'getAll', action: 'Get many accounts', description: 'List accounts, with filters' },
	],
	default: 'getAll',
};

export const description: INodeProperties[] = [operationPicker, ...get.description, ...getAll.description];

export const operations: Record<string, OperationHandler> = {
	get: get.execute,
	getAll: getAll.execute,
};
