/** Account resource: the operation picker and the table of its operations. */
import { operationPicker, type ResourceModule } from '../types';
import * as batch from './batch';
import * as connectImap from './connectImap';
import * as get from './get';
import * as getAliases from './getAliases';
import * as getAll from './getAll';
import * as pause from './pause';
import * as resume from './resume';
import * as update from './update';

export const account: ResourceModule = {
	option: { name: 'Account', value: 'account', description: 'Mailboxes used for warming and spam tests' },
	description: [
		operationPicker(
			'account',
			[
				{
					name: 'Batch',
					value: 'batch',
					action: 'Run a batch action on accounts',
					description: 'Queue reconnect, suspend or delete for many accounts as a task, optionally waiting for it',
				},
				{
					name: 'Connect IMAP/SMTP',
					value: 'connectImap',
					action: 'Connect an IMAP/SMTP account',
					description: 'Connect a new mailbox with its IMAP and SMTP logins',
				},
				{ name: 'Get', value: 'get', action: 'Get an account', description: 'Retrieve one account with its domain and scores' },
				{
					name: 'Get Aliases',
					value: 'getAliases',
					action: 'Get the aliases of an account',
					description: 'List the OAuth aliases the account can send from (one item per alias)',
				},
				{ name: 'Get Many', value: 'getAll', action: 'Get many accounts', description: 'List accounts, with filters' },
				{ name: 'Pause', value: 'pause', action: 'Pause an account', description: 'Stop warming on an account (alive: false)' },
				{ name: 'Resume', value: 'resume', action: 'Resume an account', description: 'Restart warming on a paused account (alive: true)' },
				{ name: 'Update', value: 'update', action: 'Update an account', description: 'Change the settings of an account' },
			],
			'getAll',
		),
		...batch.description,
		...connectImap.description,
		...get.description,
		...getAliases.description,
		...getAll.description,
		...pause.description,
		...resume.description,
		...update.description,
	],
	operations: {
		batch: batch.execute,
		connectImap: connectImap.execute,
		get: get.execute,
		getAliases: getAliases.execute,
		getAll: getAll.execute,
		pause: pause.execute,
		resume: resume.execute,
		update: update.execute,
	},
};
