import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

import { apiKeyAuthentication, apiKeyTest } from './DeliverabilityApi.credentials';

/**
 * A key file the node accepts, as far as a regular expression can tell (the node parses and checks
 * it before sending): a JSON object with "type": "service_account", a "client_email" with an @ and
 * a PEM "private_key".
 */
export const SERVICE_ACCOUNT_KEY_FILE =
	'^\\s*\\{(?=[\\s\\S]*"type"\\s*:\\s*"service_account")(?=[\\s\\S]*"client_email"\\s*:\\s*"[^"]*@)(?=[\\s\\S]*"private_key"\\s*:\\s*"[^"]*PRIVATE KEY)';

/** Shown under the key file while it is not one the node accepts. */
export const KEY_FILE_NOTICE =
	'This is not a Google service account key file: paste the whole JSON file downloaded from Google Cloud (IAM → Service accounts → Keys → JSON), with "type": "service_account", "client_email" and "private_key". An OAuth client file does not work.';

/**
 * The API key and the Google service-account key file of an email workspace of provider Google: the
 * one credential of Email Workspace → Create with provider Google and → Update with Replace Google
 * Key on. The file is a secret (it holds a private key), so it lives in a credential, never in a
 * node parameter, which is saved in the workflow.
 *
 * Not n8n's own "Google Service Account" credential: that one keeps only the client email and the
 * private key, while the service wants the whole key file (project_id, private_key_id and client_id
 * included), as downloaded. The node puts the file into the request body as `file_key_json`,
 * checked first (nodes/Deliverability/auth/). Its test is the API key's (GET /ping): Google cannot
 * be asked from n8n, the service checks the file when it gets it; the form says while the user
 * types when the file is not a service account key file.
 */
export class DeliverabilityGoogleWorkspaceKeyApi implements ICredentialType {
	name = 'deliverabilityGoogleWorkspaceKeyApi';

	displayName = 'Deliverability with Google Workspace Key API';

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
			displayName: 'Service Account Key File (JSON)',
			name: 'privateKeyFile',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			placeholder: '{"type": "service_account", "client_email": "…", "private_key": "…", …}',
			description:
				'The whole content of the key file downloaded from Google Cloud (IAM → Service accounts → Keys → JSON), with "type": "service_account"',
		},
		{
			// The form checks the file's form as the user types (Google cannot be asked from n8n, and the
			// credential's Test is the API key's). Not for a saved credential reopened: n8n then shows a
			// placeholder that starts with "__n8n_" instead of the secret.
			displayName: KEY_FILE_NOTICE,
			name: 'keyFileNotice',
			type: 'notice',
			default: '',
			displayOptions: {
				show: { privateKeyFile: [{ _cnd: { exists: true } }] },
				hide: {
					privateKeyFile: [
						{ _cnd: { regex: SERVICE_ACCOUNT_KEY_FILE } },
						{ _cnd: { startsWith: '__n8n_' } },
					],
				},
			},
		},
	];

	authenticate = apiKeyAuthentication();

	test = apiKeyTest();
}
