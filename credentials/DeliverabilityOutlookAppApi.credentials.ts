import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The Microsoft Entra (Azure) app registration that an email workspace of provider Microsoft 365 / Outlook uses
 * (Email Workspace → Create). A credential, not node parameters, because the client secret value is a secret: node
 * parameters are saved in the workflow, visible to anyone who opens or exports it. The four fields travel together
 * (one app registration), so they live together. Nothing is sent with it by itself; the node puts them into the
 * request body. Its test (the node's `testedBy` method) checks the values locally.
 */
export class DeliverabilityOutlookAppApi implements ICredentialType {
	name = 'deliverabilityOutlookAppApi';

	displayName = 'Deliverability Outlook App API';

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
}
