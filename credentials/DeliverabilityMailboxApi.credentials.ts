import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The passwords of one mailbox, for Account → Connect IMAP/SMTP. They are sent to the service once (POST /imap_auth),
 * so they belong in a credential (encrypted, never exported with the workflow), not in node parameters. One password
 * for both servers, or one per server; a per-server password wins over the shared one for its server.
 *
 * There is no request of its own to test it with (the login is tried by the service, which needs the API key of the
 * other credential): the node's `mailboxLoginTest` checks that it is complete, and Connect IMAP/SMTP with Test Only on
 * tries the login itself.
 */
export class DeliverabilityMailboxApi implements ICredentialType {
	name = 'deliverabilityMailboxApi';

	displayName = 'Deliverability Mailbox Login API';

	icon: Icon = {
		light: 'file:../icons/deliverability.svg',
		dark: 'file:../icons/deliverability.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-deliverability/n8n-nodes-deliverability/blob/HEAD/docs/credentials.md#mailbox-login-credential';

	properties: INodeProperties[] = [
		{
			displayName:
				'The passwords of one mailbox, used by Account → Connect IMAP/SMTP. Fill in Password (both servers), or IMAP Password and SMTP Password.',
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
}
