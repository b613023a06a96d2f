/** Account resource: mailboxes used for warming and spam tests. One file per operation. */
import { defineResource } from '../types';
import * as batch from './batch';
import * as connectImap from './connectImap';
import * as deleteAccount from './delete';
import * as get from './get';
import * as getAliases from './getAliases';
import * as getAll from './getAll';
import * as getGraph from './getGraph';
import * as getTrend from './getTrend';
import * as getStats from './getStats';
import * as pause from './pause';
import * as reconnect from './reconnect';
import * as resume from './resume';
import * as update from './update';

export const account = defineResource(
	{
		name: 'Mailbox',
		value: 'account',
		description: 'Sending mailboxes: warm-up, connection, tags and reputation',
	},
	'getAll',
	{
		batch,
		connectImap,
		delete: deleteAccount,
		get,
		getAliases,
		getAll,
		getGraph,
		getTrend,
		getStats,
		pause,
		reconnect,
		resume,
		update,
	},
);
