import { DateTime } from 'luxon';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { Validator } from '../../../shared/validation';
import { collectionOf, showFor } from '../../descriptions/common';
import { collectionValues, validator } from '../../helpers/params';
import { withoutFields, withSecretsScrubbed } from '../../helpers/secrets';

const forProvider = (provider: 'google' | 'outlook') => ({
	show: { ...showFor('emailWorkspace', 'create').show, provider: [provider] },
});

function outlookField(displayName: string, name: string, secret: boolean, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		...(secret ? { typeOptions: { password: true } } : {}),
		required: true,
		default: '',
		displayOptions: forProvider('outlook'),
		description,
	};
}

export const operation = {
	name: 'Create',
	action: 'Create an email workspace',
	description: 'Register a Google Workspace (service account key) or Microsoft 365 (app registration) workspace',
};

export const description: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Sales team',
		displayOptions: showFor('emailWorkspace', 'create'),
		description: 'Name of the workspace',
	},
	{
		displayName: 'Provider',
		name: 'provider',
		type: 'options',
		options: [
			{ name: 'Google Workspace', value: 'google' },
			{ name: 'Microsoft 365 / Outlook', value: 'outlook' },
		],
		default: 'google',
		displayOptions: showFor('emailWorkspace', 'create'),
		description: 'Where the accounts of this workspace live',
	},
	{
		displayName: 'Service Account Key (JSON)',
		name: 'fileKeyJson',
		type: 'json',
		required: true,
		default: '',
		displayOptions: forProvider('google'),
		description:
			'The content of the Google service account key file (the JSON downloaded from Google Cloud, with "type": "service_account")',
	},
	outlookField('Client ID', 'outlookClientId', false, 'Application (client) ID of the Azure app registration'),
	outlookField('Client Secret ID', 'outlookClientSecret', true, 'The ID of the client secret of the app registration'),
	outlookField('Client Secret Value', 'outlookClientSecretValue', true, 'The value of the client secret'),
	outlookField('Tenant ID', 'outlookTenantId', false, 'Directory (tenant) ID of the Azure app registration'),
	collectionOf('additionalFields', forProvider('outlook'), [
		{
			displayName: 'Client Secret Expires At',
			name: 'outlook_client_secret_expires_at',
			type: 'dateTime',
			default: '',
			description: 'When the client secret expires: pick a date, or give DD/MM/YYYY in an expression',
		},
	]),
];

/** Checks the Google key file without ever quoting it (it holds a private key) and returns it as JSON text. */
export function googleKeyFile(v: Validator, value: unknown): string {
	const field = 'fileKeyJson';
	let key: unknown = value;
	if (typeof value === 'string') {
		if (value.trim() === '') v.fail(field, 'the service account key file content is required');
		try {
			key = JSON.parse(value);
		} catch {
			v.fail(field, 'not valid JSON', 'Paste the whole content of the key file downloaded from Google Cloud.');
		}
	}
	if (!key || typeof key !== 'object' || Array.isArray(key)) v.fail(field, 'expected a JSON object (the key file)');
	const file = key as IDataObject;
	if (file.type !== 'service_account') {
		v.fail(field, '"type" is not "service_account"', 'Use a service account key file, not an OAuth client file.');
	}
	if (typeof file.client_email !== 'string' || !file.client_email.includes('@')) {
		v.fail(field, '"client_email" is missing or not an email address');
	}
	if (typeof file.private_key !== 'string' || !file.private_key.includes('PRIVATE KEY')) {
		v.fail(field, '"private_key" is missing or not a PEM private key');
	}
	return JSON.stringify(file);
}

/** A date from the picker (text), or a Date / luxon DateTime from an expression such as {{ $now.plus(...) }}. */
function dateText(value: unknown): unknown {
	if (value instanceof Date) return value.toISOString();
	if (DateTime.isDateTime(value)) return value.toISO() ?? '';
	return value;
}

function required(v: Validator, field: string, value: unknown): string {
	if (typeof value !== 'string' || value.trim() === '') v.fail(field, `required when the provider is Microsoft 365 / Outlook`);
	return value.trim();
}

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const v = validator(this, i);
	const name = v.nonEmptyString('name', this.getNodeParameter('name', i));
	const provider = v.oneOf('provider', this.getNodeParameter('provider', i, 'google'), ['google', 'outlook'] as const);
	const body: IDataObject = { name, provider };
	const secrets: unknown[] = [];
	if (provider === 'google') {
		body.file_key_json = googleKeyFile(v, this.getNodeParameter('fileKeyJson', i, ''));
		const key = JSON.parse(body.file_key_json as string) as IDataObject;
		secrets.push(key.private_key, key.private_key_id, body.file_key_json);
	} else {
		body.outlook_client_id = required(v, 'outlookClientId', this.getNodeParameter('outlookClientId', i, ''));
		body.outlook_client_secret = required(v, 'outlookClientSecret', this.getNodeParameter('outlookClientSecret', i, ''));
		body.outlook_client_secret_value = required(
			v,
			'outlookClientSecretValue',
			this.getNodeParameter('outlookClientSecretValue', i, ''),
		);
		body.outlook_tenant_id = required(v, 'outlookTenantId', this.getNodeParameter('outlookTenantId', i, ''));
		secrets.push(body.outlook_client_secret, body.outlook_client_secret_value);
		const extra = collectionValues(this, 'additionalFields', i);
		const expiry = extra.outlook_client_secret_expires_at;
		if (expiry !== undefined && expiry !== null && expiry !== '') {
			body.outlook_client_secret_expires_at = v.ddmmyyyy('outlook_client_secret_expires_at', dateText(expiry));
		}
	}
	const workspace = await withSecretsScrubbed(this, secrets, async () =>
		await apiRequest.call(this, { method: 'POST', path: '/email_workspaces', body, kind: 'create', itemIndex: i }),
	);
	// Secrets and the key file are not returned by the service; never let one through if that changes.
	return withoutFields(workspace, ['file_key_json', 'outlook_client_secret', 'outlook_client_secret_value', 'private_key']);
}
