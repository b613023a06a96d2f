/**
 * Email workspace resource: Google Workspace or Microsoft 365 setups used to batch-connect OAuth
 * accounts.
 */
import { defineResource } from '../types';
import * as create from './create';
import * as importAccounts from './importAccounts';
import * as update from './update';

export const emailWorkspace = defineResource(
	{
		name: 'Email Workspace',
		value: 'emailWorkspace',
		description:
			'Google Workspace or Microsoft 365 setups that connect many OAuth mailboxes at once',
	},
	'create',
	{ create, importAccounts, update },
);
