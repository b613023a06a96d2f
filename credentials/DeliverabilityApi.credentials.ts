import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/**
 * One credential for both nodes. The service reads `X-Api-Key`; its docs show the value both as `Bearer <key>`
 * (general rule, our default) and as the raw key, so the form is a choice. A key pasted with a `Bearer ` prefix
 * already is stripped first, so it never ends up as `Bearer Bearer …`.
 */
export class DeliverabilityApi implements ICredentialType {
	name = 'deliverabilityApi';

	displayName = 'Deliverability API';

	icon: Icon = { light: 'file:../icons/deliverability.svg', dark: 'file:../icons/deliverability.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-deliverability/n8n-nodes-deliverability#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'The API key from your project settings. A key pasted with a "Bearer " prefix works too.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://api.example.com/api/v1',
			description: 'The service address, ending in /api/v1 (a trailing slash is fine)',
		},
		{
			displayName: 'Header Form',
			name: 'headerForm',
			type: 'options',
			options: [
				{
					name: 'Bearer Prefix (X-Api-Key: Bearer <Key>)',
					value: 'bearer',
					description: "The service's general rule",
				},
				{
					name: 'Raw Key (X-Api-Key: <Key>)',
					value: 'raw',
					description: 'As in the per-operation samples of the API reference',
				},
			],
			default: 'bearer',
			description: 'How the key is written in the X-Api-Key header',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'X-Api-Key':
					'={{ ($credentials.headerForm === "raw" ? "" : "Bearer ") + String($credentials.apiKey).trim().replace(/^bearer\\s+/i, "") }}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "") }}',
			url: '/accounts',
			method: 'GET',
			qs: { page: 0 },
		},
	};
}
