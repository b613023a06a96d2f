/** Spam test resource: inbox placement tests sent to a seedlist. One file per operation. */
import { defineResource } from '../types';
import * as compare from './compare';
import * as create from './create';
import * as get from './get';
import * as getAll from './getAll';
import * as getTrend from './getTrend';
import * as update from './update';

export const spamTest = defineResource(
	{ name: 'Spam Test', value: 'spamTest', description: 'Inbox placement tests sent to a seedlist' },
	'create',
	{ compare, create, get, getAll, getTrend, update },
);
