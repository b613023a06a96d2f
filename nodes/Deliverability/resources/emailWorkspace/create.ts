import { DateTime } from 'luxon';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { objectAnswer, type CreateWording } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { choiceField, valuesOf } from '../../params/choices';
import { collectionOf } from '../../params/collections';
import { outputFields } from '../../params/output';
import { workspaceName } from './shared/fields';
import { sendWorkspace } from './shared/sendWorkspace';
import { changedWorkspace } from './shared/simplified';

import type { CredentialUse } from '../../auth/choice';
import { readGoogleKey } from '../../auth/googleWorkspaceKey';
import { readOutlookApp } from '../../auth/outlookApp';
import type { BuilderFacts } from '../../helpers/builder';

const PROVIDERS = [
	{ name: 'Google Workspace', value: 'google' },
	{ name: 'Microsoft 365 / Outlook', value: 'outlook' },
] as const;

const forProvider = (provider: (typeof PROVIDERS)[number]['value']) => ({
	show: { provider: [provider] },
});

export const operation = {
	name: 'Create',
	action: 'Create an email workspace',
	description:
		'Register a Google Workspace (service account key) or Microsoft 365 (app registration) workspace; the secrets come from credentials',
};

/**
 * The credential follows Provider: the API key with the Google key file, or with the Outlook app.
 */
export const credentials: CredentialUse[] = [
	{ credential: 'deliverabilityGoogleWorkspaceKeyApi', when: forProvider('google').show },
	{ credential: 'deliverabilityOutlookAppApi', when: forProvider('outlook').show },
];

export const builder: BuilderFacts = {
	returns: 'one item, the workspace',
	fields: {
		id: 'numeric email workspace id',
		name: '',
		provider: '',
		outcome: '',
		message: 'what happened, in words',
	},
};

/** Its headline when the answer to its create is lost (the transport never repeats it). */
const creates: CreateWording = {
	what: 'The email workspace may have been created',
	where: "the service's email workspaces",
};

export const description: INodeProperties[] = [
	workspaceName('Name of the workspace'),
	{
		...choiceField(
			'Provider',
			'provider',
			PROVIDERS,
			'google',
			'Where the mailboxes of this workspace live. It decides the credential above: the API key with the Google key file, or with the Outlook app.',
		),
		required: true,
		// The credential follows it, and a node has one credential for all its items: no expression.
		noDataExpression: true,
	},
	{
		displayName:
			'The service account key file is read from the "Deliverability with Google Workspace Key API" credential above, so it is never saved in the workflow',
		name: 'googleKeyNotice',
		type: 'notice',
		default: '',
		displayOptions: forProvider('google'),
	},
	{
		displayName:
			'Client ID, tenant ID and the client secret are read from the "Deliverability with Outlook App API" credential above, so the secret is never saved in the workflow',
		name: 'outlookAppNotice',
		type: 'notice',
		default: '',
		displayOptions: forProvider('outlook'),
	},
	{
		...collectionOf('additionalFields', [
			{
				displayName: 'Client Secret Expires At',
				name: 'outlook_client_secret_expires_at',
				type: 'dateTime',
				default: '',
				description:
					'When the client secret expires: pick a date, or give DD/MM/YYYY in an expression',
			},
		]),
		displayOptions: forProvider('outlook'),
	},
	...outputFields({
		simplified: 'The new workspace (ID, name, provider) and what to do next, in words',
		kept: 'id',
		example: 'name, provider',
	}),
];

/**
 * A date from the picker (text), or a Date / luxon DateTime from an expression such as {{
 * $now.plus(...) }}.
 */
function dateText(value: unknown): unknown {
	if (value instanceof Date) return value.toISOString();
	if (DateTime.isDateTime(value)) return value.toISO() ?? '';
	return value;
}

const answer = objectAnswer('the new workspace (with id)', 'id');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const i = item.index;
	const v = item.fields;
	const picked = item.value('provider', 'google');
	// The secrets follow the picked provider, checked or not (anything but Google reads the Outlook
	// app).
	const google = String(picked ?? '').trim() === 'google';
	const { name, provider, app, view } = await v.allAsync({
		name: () => v.nonEmptyString('name', item.value('name')),
		provider: () => v.oneOf('provider', picked, valuesOf(PROVIDERS)),
		app: async (): Promise<{ body: IDataObject; secrets: string[] }> => {
			if (google) {
				const key = await readGoogleKey(this, i);
				return { body: { file_key_json: key.fileKeyJson }, secrets: key.secrets };
			}
			const extra = item.collection('additionalFields');
			const expiry = extra.outlook_client_secret_expires_at;
			const outlook = await readOutlookApp(this, i);
			const body: IDataObject = { ...outlook.body };
			if (expiry !== undefined && expiry !== null && expiry !== '') {
				body.outlook_client_secret_expires_at = v.ddmmyyyy(
					'outlook_client_secret_expires_at',
					dateText(expiry),
				);
			}
			return { body, secrets: outlook.secrets };
		},
		view: () => item.output(),
	});
	const body: IDataObject = { name, provider, ...app.body };
	const secrets = app.secrets;
	const workspace = await sendWorkspace(this, item, secrets, {
		method: 'POST',
		path: '/email_workspaces',
		creates,
		body,
		kind: 'create',
		answer,
	});
	return changedWorkspace(
		workspace,
		view,
		'created',
		(named) => `${named} created: import its mailboxes with Email Workspace → Import Mailboxes`,
	);
}
