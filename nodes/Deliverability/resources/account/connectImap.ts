/**
 * Account → Connect IMAP/SMTP: POST /imap_auth with the body the service documents (email,
 * first_name, last_name, provider required; servers, ports, usernames, auth type, STARTTLS,
 * smtp_only, imap_issue, spamchecker_only, id to update an existing account, test to only try the
 * login). The passwords come from the credential "Deliverability with Mailbox Passwords API" or
 * from the input item's fields (a sheet, say); never from node parameters.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { objectAnswer, type CreateWording } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { withSecretsScrubbed } from '../../helpers/secrets';
import { choiceField, valuesOf } from '../../params/choices';
import { given, ifGiven } from '../../params/collections';
import { idPicker } from '../../params/locator';
import { outputFields, shaped } from '../../params/output';
import type { CredentialUse } from '../../auth/choice';
import { passwordFields, passwordsOf, PASSWORDS_FROM_CREDENTIAL } from '../../auth/mailboxLogin';
import { connectedWords } from './shared/connectedWords';
import { loginFailure } from './shared/loginFailure';
import { mailboxOptionFields, mailboxOptions } from './shared/mailboxOptions';
import { ownServerFields, ownServers } from './shared/ownServers';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Connect IMAP/SMTP',
	action: 'Connect an IMAP/SMTP mailbox',
	description:
		'Connect a mailbox (or update the login of a connected one) by logging in over IMAP and SMTP',
};

/** Passwords from a credential: the one with the API key and them; from the item: the API key's. */
export const credentials: CredentialUse[] = [
	{ credential: 'deliverabilityMailboxApi', when: PASSWORDS_FROM_CREDENTIAL },
	{ credential: 'deliverabilityApi', when: { passwordSource: ['inputFields'] } },
];

export const builder: BuilderFacts = {
	returns: 'one item, the mailbox',
	fields: {
		id: 'numeric mailbox id',
		email: '',
		disconnected: 'true when the service reports an IMAP issue',
		outcome: '',
		message: 'what happened, in words',
	},
};

const PROVIDERS = [
	{ name: 'Custom (Own IMAP/SMTP Servers)', value: 'custom' },
	{
		name: 'Gmail',
		value: 'gmail',
		description: 'The service knows the servers; use an app password',
	},
	{
		name: 'Outlook',
		value: 'outlook',
		description: 'The service knows the servers; use an app password',
	},
] as const;

/** Its headline when the answer to its create is lost (the transport never repeats it). */
const creates: CreateWording = {
	what: 'The mailbox may have been connected',
	where: 'Mailbox → Get Many (search for its address)',
};

export const description: INodeProperties[] = [
	{
		displayName:
			'Google Workspace and Microsoft 365 mailboxes are meant to be connected through an Email Workspace instead.',
		name: 'connectImapNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. name@example.com',
		description: 'Address of the mailbox',
	},
	{
		displayName: 'First Name',
		name: 'firstName',
		type: 'string',
		required: true,
		default: '',
		description: 'First name of the person the mailbox belongs to (used in warming conversations)',
	},
	{
		displayName: 'Last Name',
		name: 'lastName',
		type: 'string',
		required: true,
		default: '',
		description: 'Last name of the person the mailbox belongs to',
	},
	{
		...choiceField('Provider', 'provider', PROVIDERS, 'custom', 'Who hosts the mailbox'),
		required: true,
	},
	...ownServerFields(),
	...passwordFields(),
	{
		displayName: 'Update an Existing Mailbox',
		name: 'updateExisting',
		type: 'boolean',
		default: false,
		description:
			'Whether to update the login of a mailbox that is already connected instead of connecting a new one',
	},
	{
		...idPicker('accountId'),
		displayOptions: { show: { updateExisting: [true] } },
		description: 'The connected mailbox whose login changes (sent as id)',
	},
	{
		displayName: 'Test Only',
		name: 'testOnly',
		type: 'boolean',
		default: false,
		description: 'Whether to only test the IMAP and SMTP login: nothing is created or changed',
	},
	mailboxOptionFields,
	...outputFields({
		simplified:
			'The mailbox (ID, email, verdict) and whether it was connected or its login updated, in words; with Test Only, whether the login works',
		kept: 'id',
		example: 'email, imap_issue',
	}),
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const answer = objectAnswer(
	'the connected mailbox (with id) or the login test result (success)',
	'id',
	'email',
	'success',
);

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const i = item.index;
	const v = item.fields;
	const extra = item.collection('additionalFields');
	// SMTP Only decides as given, checked or not (a bad value counts as off).
	const smtpOnly = extra.smtp_only === true || extra.smtp_only === 'true';
	const { passwords, ...read } = await v.allAsync({
		email: () => {
			const email = v.nonEmptyString('email', item.value('email'));
			if (!EMAIL.test(email)) v.invalid('email', `"${email}" is not an email address`);
			return email;
		},
		provider: () => v.oneOf('provider', item.value('provider'), valuesOf(PROVIDERS)),
		first_name: () => v.nonEmptyString('firstName', item.value('firstName')),
		last_name: () => v.nonEmptyString('lastName', item.value('lastName')),
		id: () => (item.flag('updateExisting') ? item.numericId('accountId') : undefined),
		smtp_only: ifGiven(extra.smtp_only, (value) => v.boolean('smtp_only', value)),
		...ownServers(item, smtpOnly),
		...mailboxOptions(v, extra),
		test: () => item.flag('testOnly') || undefined,
		passwords: async () => await passwordsOf(this, v, i, smtpOnly),
		view: () => item.output(),
	});
	const { email, provider, first_name, last_name, smtp_only, test, view, ...servers } = read;
	const testOnly = test === true;
	const body = given({ email, first_name, last_name, provider, ...servers, smtp_only, test });
	if (passwords.password) body.password = passwords.password;
	if (passwords.imap && !smtpOnly) body.imap_server_password = passwords.imap;
	if (passwords.smtp) body.smtp_server_password = passwords.smtp;

	// Always a create for the transport: a 5xx is never repeated. A new account must not be connected
	// twice, and the service's 500 is also how it says "login failed", which repeating cannot fix.
	const reply = await withSecretsScrubbed(
		this,
		[passwords.password, passwords.imap, passwords.smtp],
		async () => {
			try {
				return await item.request({
					method: 'POST',
					path: '/imap_auth',
					creates,
					body,
					kind: 'create',
					answer,
				});
			} catch (error) {
				throw loginFailure(this, error, i, testOnly);
			}
		},
	);
	// The service does not return passwords; the transport takes out any it would send.
	const words = (answer: IDataObject) =>
		connectedWords(answer, { email, testOnly, updating: servers.id !== undefined });
	if (!testOnly) return shaped(reply, view, words, ['id']);
	this.addExecutionHints({
		message: `Test Only: the login of ${email} works; nothing was created or changed.`,
		location: 'outputPane',
	});
	return shaped({ success: true, test: true, email, ...reply }, view, words, ['email']);
}
