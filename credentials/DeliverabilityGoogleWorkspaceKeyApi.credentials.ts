import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The Google service-account key file that an email workspace of provider Google uses (Email Workspace → Create,
 * and → Update when replacing the key). A credential, not a node parameter, because the file holds a private key:
 * node parameters are saved in the workflow, visible to anyone who opens or exports it.
 *
 * Not n8n's own "Google Service Account" credential: that one keeps only the client email and the private key,
 * while the service wants the whole key file (project_id, private_key_id and client_id included), as downloaded.
 * Nothing is sent with it by itself; the node puts the file into the request body as `file_key_json`. Its test
 * (the node's `testedBy` method) checks the file locally: it cannot be tried against Google from here.
 */
export class DeliverabilityGoogleWorkspaceKeyApi implements ICredentialType {
	name = 'deliverabilityGoogleWorkspaceKeyApi';

	displayName = 'Deliverability Google Workspace Key API';

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
	];
}
