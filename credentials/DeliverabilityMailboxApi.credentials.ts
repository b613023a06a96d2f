import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

import { apiKeyAuthentication, apiKeyTest } from './DeliverabilityApi.credentials';

/**
 * The API key and the passwords of one mailbox: the one credential of Account → Connect IMAP/SMTP
 * with Passwords From set to this credential. The passwords are sent to the service once (POST
 * /imap_auth), so they belong in a credential (encrypted, never exported with the workflow), not in
 * node parameters. One password for both servers, or one per server; a per-server password wins
 * over the shared one for its server.
 *
 * Its test is the API key's (GET /ping). The login itself is tried by the service: Connect
 * IMAP/SMTP with Test Only on does that, and the node refuses a credential without the password a
 * login needs before sending anything.
 */
export class DeliverabilityMailboxApi implements ICredentialType {
	name = 'deliverabilityMailboxApi';

	displayName = 'Deliverability with Mailbox Passwords API';

	// n8n shows the API key's fields first, then this credential's own, and stores them together.
	extends = ['deliverabilityApi'];

	icon: Icon = {
		light: 'file:../icons/deliverability.svg',
		dark: 'file:../icons/deliverability.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-deliverability/n8n-nodes-deliverability/blob/HEAD/docs/credentials.md#mailbox-login-credential';

	properties: INodeProperties[] = [
		{
			displayName:
				'The passwords of one mailbox, used by Mailbox → Connect IMAP/SMTP. Fill in Password (both servers), or IMAP Password and SMTP Password. To try the login, run Connect IMAP/SMTP with Test Only on.',
			name: 'notice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'One password (or app password) for both the IMAP and the SMTP login',
		},
		{
			displayName: 'IMAP Password',
			name: 'imapPassword',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Password of the IMAP login, when it differs from Password',
		},
		{
			displayName: 'SMTP Password',
			name: 'smtpPassword',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Password of the SMTP login, when it differs from Password',
		},
	];

	authenticate = apiKeyAuthentication();

	test = apiKeyTest();
}
