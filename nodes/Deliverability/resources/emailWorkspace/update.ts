/**
 * Email Workspace → Update: `POST /email_workspaces/{id}` `{name, file_key_json?}` → the workspace.
 * The service requires `name` on every update and documents no way to read a workspace first, so
 * Name is a required field of the operation (the workspace picker shows the current name). The
 * replacement Google key comes from the "Deliverability with Google Workspace Key API" credential
 * (the operation's one credential while Replace Google Key is on), never from a node parameter.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { objectAnswer } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';
import { outputFields } from '../../params/output';
import { workspaceName } from './shared/fields';
import { sendWorkspace } from './shared/sendWorkspace';
import { changedWorkspace } from './shared/simplified';
import type { CredentialUse } from '../../auth/choice';
import { readGoogleKey, REPLACE_KEY_PARAMETER } from '../../auth/googleWorkspaceKey';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Update',
	action: 'Update an email workspace',
	description: 'Rename a workspace and/or replace its Google service account key',
};

/** Replacing the Google key needs the credential that holds it; renaming only, the API key's. */
export const credentials: CredentialUse[] = [
	{ credential: 'deliverabilityGoogleWorkspaceKeyApi', when: { [REPLACE_KEY_PARAMETER]: [true] } },
	{ credential: 'deliverabilityApi', when: { [REPLACE_KEY_PARAMETER]: [false] } },
];

export const builder: BuilderFacts = {
	returns: 'one item, the workspace',
	fields: {
		id: '',
		name: '',
		outcome: '',
		message: 'what happened, in words',
	},
};

export const description: INodeProperties[] = [
	idPicker('emailWorkspaceId'),
	workspaceName(
		'The name the workspace will have. The service requires it on every update: to keep the current name, enter it here (the picker above shows it).',
	),
	{
		displayName: 'Replace Google Key',
		name: REPLACE_KEY_PARAMETER,
		type: 'boolean',
		default: false,
		// The credential follows it, and a node has one credential for all its items: no expression.
		noDataExpression: true,
		description:
			'Whether to send a new service account key file (Google workspaces only), read from the "Deliverability with Google Workspace Key API" credential, which then replaces the API key credential above. Off: the current key stays.',
	},
	...outputFields({
		simplified: 'The workspace as it is now (ID, name, provider), in words',
		kept: 'id',
		example: 'name',
	}),
];

const answer = objectAnswer('the workspace (with id)', 'id');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const i = item.index;
	const v = item.fields;
	const { id, name, replaceKey, view } = v.all({
		id: () => item.numericId('emailWorkspaceId'),
		name: () => v.nonEmptyString('name', item.value('name', '')),
		replaceKey: () => item.flag(REPLACE_KEY_PARAMETER),
		view: () => item.output(),
	});
	const body: IDataObject = { name };
	let secrets: string[] = [];
	if (replaceKey) {
		const key = await readGoogleKey(this, i);
		body.file_key_json = key.fileKeyJson;
		secrets = key.secrets;
	}
	const workspace = await sendWorkspace(this, item, secrets, {
		method: 'POST',
		path: `/email_workspaces/${id}`,
		body,
		kind: 'update',
		answer,
	});
	return changedWorkspace(
		workspace,
		view,
		'updated',
		(named) => `${named} updated${replaceKey ? ': name and Google key replaced' : ''}`,
	);
}
