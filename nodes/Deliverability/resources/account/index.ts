/** Account resource: mailboxes used for warming and spam tests. One file per operation. */
import { defineResource } from '../types';
import * as batch from './batch';
import * as connectImap from './connectImap';
import * as get from './get';
import * as getAliases from './getAliases';
import * as getAll from './getAll';
import * as pause from './pause';
import * as resume from './resume';
import * as update from './update';

export const account = defineResource(
	{ name: 'Account', value: 'account', description: 'Mailboxes used for warming and spam tests' },
	'getAll',
	{ batch, connectImap, get, getAliases, getAll, pause, resume, update },
);
