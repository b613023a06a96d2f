import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

import { apiKeyAuthentication, apiKeyTest } from './DeliverabilityApi.credentials';

/**
 * The API key and the Microsoft Entra (Azure) app registration of an email workspace of provider
 * Microsoft 365 / Outlook: the one credential of Email Workspace → Create with that provider. The
 * client secret is a secret, so the four fields of the app registration live in a credential, never
 * in node parameters, which are saved in the workflow. The node puts them into the request body,
 * checked first (nodes/Deliverability/auth/). Its test is the API key's (GET /ping): Microsoft
 * cannot be asked from n8n, the service checks the app when it gets it.
 */
export class DeliverabilityOutlookAppApi implements ICredentialType {
	name = 'deliverabilityOutlookAppApi';

	displayName = 'Deliverability with Outlook App API';

	// n8n shows the API key's fields first, then this credential's own, and stores them together.
	extends = ['deliverabilityApi'];

	icon: Icon = {
		light: 'file:../icons/deliverability.svg',
		dark: 'file:../icons/deliverability.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-deliverability/n8n-nodes-deliverability/blob/HEAD/docs/credentials.md#email-workspace-credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 11111111-2222-3333-4444-555555555555',
			description: 'Application (client) ID of the app registration',
		},
		{
			displayName: 'Tenant ID',
			name: 'tenantId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 66666666-7777-8888-9999-000000000000',
			description: 'Directory (tenant) ID of the app registration',
		},
		{
			displayName: 'Client Secret ID',
			name: 'clientSecretId',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'The ID of the client secret (Certificates & secrets → Client secrets → Secret ID)',
		},
		{
			displayName: 'Client Secret Value',
			name: 'clientSecretValue',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'The value of the client secret, shown once when the secret is created',
		},
	];

	authenticate = apiKeyAuthentication();

	test = apiKeyTest();
}
