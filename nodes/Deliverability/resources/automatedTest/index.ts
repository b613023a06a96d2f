/**
 * Automated test resource: spam tests repeated on a schedule for an account. One file per
 * operation.
 */
import { defineResource } from '../types';
import * as create from './create';
import * as get from './get';
import * as getAll from './getAll';
import * as setRuns from './setRuns';
import * as update from './update';

export const automatedTest = defineResource(
	{
		name: 'Automated Test',
		value: 'automatedTest',
		description: 'Spam tests repeated on a schedule for a mailbox',
	},
	'getAll',
	{ create, get, getAll, setRuns, update },
);
