/** Email workspace resource: Google Workspace or Microsoft 365 setups used to batch-connect OAuth accounts. */
import { operationPicker, type ResourceModule } from '../types';
import * as create from './create';

export const emailWorkspace: ResourceModule = {
	option: {
		name: 'Email Workspace',
		value: 'emailWorkspace',
		description: 'Google Workspace or Microsoft 365 setups that connect many OAuth accounts at once',
	},
	description: [
		operationPicker(
			'emailWorkspace',
			[
				{
					name: 'Create',
					value: 'create',
					action: 'Create an email workspace',
					description: 'Register a Google Workspace (service account key) or Microsoft 365 (app registration) workspace',
				},
			],
			'create',
		),
		...create.description,
	],
	operations: { create: create.execute },
};
