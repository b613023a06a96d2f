/**
 * Account → Connect IMAP/SMTP: POST /imap_auth with the body the service documents (email, first_name, last_name,
 * provider required; servers, ports, usernames, auth type, STARTTLS, smtp_only, imap_issue, spamchecker_only, id to
 * update an existing account, test to only try the login). The passwords come from the "Deliverability Mailbox
 * Login" credential, or from fields of the input item (bulk onboarding from a sheet); never from node parameters.
 */
import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	IExecuteFunctions,
	INodeCredentialTestResult,
	INodeProperties,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiRequest, type CreateWording } from '../../../shared/transport';
import type { Validator } from '../../../shared/validation';
import { collectionOf, showFor } from '../../descriptions/common';
import { accountLocator } from '../../descriptions/locators';
import { collectionValues, flag, locatorId, validator } from '../../helpers/params';
import { withoutFields, withSecretsScrubbed } from '../../helpers/secrets';

export const MAILBOX_CREDENTIAL = 'deliverabilityMailboxApi';

const show = showFor('account', 'connectImap');
const showWith = (extra: Record<string, Array<string | boolean>>) => ({ show: { ...show.show, ...extra } });

export const operation = {
	name: 'Connect IMAP/SMTP',
	action: 'Connect an IMAP/SMTP mailbox as an account, or update its login',
	description: 'Connect a mailbox (or update the login of a connected one) by logging in over IMAP and SMTP',
};

function port(displayName: string, name: string, defaultPort: number, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 65535 },
		default: defaultPort,
		displayOptions: showWith({ provider: ['custom'] }),
		description,
	};
}

/** The names of the input item fields that may hold the passwords (the parameters hold names, never values). */
function fieldName(displayName: string, name: string, defaultName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		// A field name, typed once: no expression, so a password can never be resolved into this parameter.
		noDataExpression: true,
		default: defaultName,
		placeholder: 'e.g. password',
		displayOptions: showWith({ passwordSource: ['inputFields'] }),
		description,
	};
}

/** Its headline when the answer to its create is lost (the transport never repeats it). */
export const creates: CreateWording = { what: 'The mailbox may have been connected', where: 'Account → Get Many (search for its address)' };

export const description: INodeProperties[] = [
	{
		displayName:
			'Google Workspace and Microsoft 365 mailboxes are meant to be connected through an Email Workspace instead.',
		name: 'connectImapNotice',
		type: 'notice',
		default: '',
		displayOptions: show,
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. name@example.com',
		displayOptions: show,
		description: 'Address of the mailbox',
	},
	{
		displayName: 'First Name',
		name: 'firstName',
		type: 'string',
		required: true,
		default: '',
		displayOptions: show,
		description: 'First name of the person the mailbox belongs to (used in warming conversations)',
	},
	{
		displayName: 'Last Name',
		name: 'lastName',
		type: 'string',
		required: true,
		default: '',
		displayOptions: show,
		description: 'Last name of the person the mailbox belongs to',
	},
	{
		displayName: 'Provider',
		name: 'provider',
		type: 'options',
		required: true,
		options: [
			{ name: 'Custom (Own IMAP/SMTP Servers)', value: 'custom' },
			{ name: 'Gmail', value: 'gmail', description: 'The service knows the servers; use an app password' },
			{ name: 'Outlook', value: 'outlook', description: 'The service knows the servers; use an app password' },
		],
		default: 'custom',
		displayOptions: show,
		description: 'Who hosts the mailbox',
	},
	{
		displayName: 'IMAP Server',
		name: 'imapServer',
		type: 'string',
		default: '',
		placeholder: 'e.g. imap.example.com',
		displayOptions: showWith({ provider: ['custom'] }),
		description: 'IMAP server name (no protocol, no port). Required unless SMTP Only is on.',
	},
	port('IMAP Server Port', 'imapServerPort', 993, 'IMAP server port (993 for TLS)'),
	{
		displayName: 'SMTP Server',
		name: 'smtpServer',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. smtp.example.com',
		displayOptions: showWith({ provider: ['custom'] }),
		description: 'SMTP server name (no protocol, no port)',
	},
	port('SMTP Server Port', 'smtpServerPort', 587, 'SMTP server port (587 for STARTTLS, 465 for TLS)'),
	{
		displayName: 'Passwords From',
		name: 'passwordSource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Credential (Deliverability Mailbox Login API)',
				value: 'credential',
				description: 'One mailbox: the passwords are kept encrypted in a credential',
			},
			{
				name: 'Fields of the Input Item',
				value: 'inputFields',
				description: 'Many mailboxes, e.g. rows of a sheet: each item carries its own password',
			},
		],
		default: 'credential',
		displayOptions: show,
		description: 'Where the mailbox passwords come from. They are never stored in the node.',
	},
	{
		displayName:
			'The passwords are read from the input item at run time, so the workflow does not store them. Do not pin the input data: pinned data is saved with the workflow.',
		name: 'passwordFieldsNotice',
		type: 'notice',
		default: '',
		displayOptions: showWith({ passwordSource: ['inputFields'] }),
	},
	fieldName('Password Field', 'passwordField', 'password', 'Name of the input field holding one password for both servers (leave empty if the item has one per server)'),
	fieldName('IMAP Password Field', 'imapPasswordField', '', 'Name of the input field holding the IMAP password, when it differs'),
	fieldName('SMTP Password Field', 'smtpPasswordField', '', 'Name of the input field holding the SMTP password, when it differs'),
	{
		displayName: 'Update an Existing Account',
		name: 'updateExisting',
		type: 'boolean',
		default: false,
		displayOptions: show,
		description: 'Whether to update the login of an account that is already connected instead of connecting a new one',
	},
	{
		...accountLocator(['connectImap']),
		displayOptions: showWith({ updateExisting: [true] }),
		description: 'The connected account whose login changes (sent as id)',
	},
	{
		displayName: 'Test Only',
		name: 'testOnly',
		type: 'boolean',
		default: false,
		displayOptions: show,
		description: 'Whether to only test the IMAP and SMTP login: nothing is created or changed',
	},
	collectionOf('additionalFields', show, [
		{
			displayName: 'IMAP Server Username',
			name: 'imap_server_username',
			type: 'string',
			default: '',
			placeholder: 'e.g. name@example.com',
			description: 'Login of the IMAP server, when it is not the email address',
		},
		{
			displayName: 'Mark as IMAP Issue',
			name: 'imap_issue',
			type: 'boolean',
			default: false,
			description: 'Whether to flag the account as having an IMAP problem (imap_issue)',
		},
		{
			displayName: 'SMTP Only',
			name: 'smtp_only',
			type: 'boolean',
			default: false,
			description: 'Whether the mailbox only sends (no IMAP login)',
		},
		{
			displayName: 'SMTP Server Auth Type',
			name: 'smtp_server_auth_type',
			type: 'options',
			options: [
				{ name: 'Login', value: 'login' },
				{ name: 'Plain', value: 'plain' },
			],
			default: 'plain',
			description: 'SMTP authentication mechanism',
		},
		{
			displayName: 'SMTP Server STARTTLS',
			name: 'smtp_server_starttls',
			type: 'boolean',
			default: true,
			description: 'Whether the SMTP connection is upgraded with STARTTLS (typically on port 587)',
		},
		{
			displayName: 'SMTP Server Username',
			name: 'smtp_server_username',
			type: 'string',
			default: '',
			placeholder: 'e.g. name@example.com',
			description: 'Login of the SMTP server, when it is not the email address',
		},
		{
			displayName: 'Spam Tests Only',
			name: 'spamchecker_only',
			type: 'boolean',
			default: false,
			description:
				'Whether to connect the mailbox for spam tests only (automated tests), without warming: no warming seat is charged',
		},
	]),
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOST = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;
const PROVIDERS = ['custom', 'gmail', 'outlook'] as const;

function host(v: Validator, field: string, value: unknown): string {
	const name = v.nonEmptyString(field, value);
	if (name !== '' && !HOST.test(name) && !/^\[?[0-9a-fA-F:.]+\]?$/.test(name)) {
		v.invalid(field, `"${name}" is not a host name`, 'Give the server name only, e.g. imap.example.com (no protocol, no port).');
	}
	return name;
}

interface Passwords {
	password?: string;
	imap?: string;
	smtp?: string;
}

/** A password value, or undefined when empty; never echoed (not even its type) in a message. */
function secretText(value: unknown): string | undefined {
	if (typeof value === 'number') return String(value);
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Which passwords a complete login needs: one for both, or one per server in use. */
function missingPassword(p: Passwords, smtpOnly: boolean): boolean {
	if (p.password) return false;
	return !p.smtp || (!smtpOnly && !p.imap);
}

async function passwordsOf(ctx: IExecuteFunctions, v: Validator, i: number, smtpOnly: boolean): Promise<Passwords> {
	const source = v.oneOf('passwordSource', ctx.getNodeParameter('passwordSource', i, 'credential'), ['credential', 'inputFields'] as const);
	if (source === 'credential') {
		const data = (await ctx.getCredentials(MAILBOX_CREDENTIAL, i)) as IDataObject;
		const p = { password: secretText(data.password), imap: secretText(data.imapPassword), smtp: secretText(data.smtpPassword) };
		if (missingPassword(p, smtpOnly)) {
			v.fail(
				'Deliverability Mailbox Login API',
				'the credential has no password for this login',
				`Fill in Password (both servers), or IMAP Password and SMTP Password${smtpOnly ? ' (SMTP Password is enough with SMTP Only)' : ''}.`,
			);
		}
		return p;
	}
	const json = ctx.getInputData()[i]?.json ?? {};
	const read = (parameter: string): string | undefined => {
		const name = String(ctx.getNodeParameter(parameter, i, '') ?? '').trim();
		return name === '' ? undefined : secretText(json[name]);
	};
	const p = { password: read('passwordField'), imap: read('imapPasswordField'), smtp: read('smtpPasswordField') };
	if (missingPassword(p, smtpOnly)) {
		// The field names are not repeated: a user who typed a password into one of them would see it echoed.
		v.fail(
			'passwordField',
			'the input item has no password in the fields named under Password Field / IMAP Password Field / SMTP Password Field',
			'Name the input field that holds the password for both servers, or the two fields holding the IMAP and SMTP passwords.',
		);
	}
	return p;
}

/**
 * A failed login is answered with HTTP 500 and `{success: false, imap_auth_success, smtp_auth_success, error}`: not a
 * server fault but the mailbox refusing the login, so nothing was created. Anything else is passed on unchanged.
 */
export function loginFailure(ctx: IExecuteFunctions, error: unknown, i: number, testOnly: boolean): unknown {
	if (!(error instanceof NodeApiError) || String(error.httpCode) !== '500') return error;
	const details = {
		...((error.errorResponse as IDataObject | undefined) ?? {}),
		...((error.context?.details as IDataObject | undefined) ?? {}),
	};
	const imapOk = details.imap_auth_success;
	const smtpOk = details.smtp_auth_success;
	if (details.success !== false && typeof imapOk !== 'boolean' && typeof smtpOk !== 'boolean') return error;
	const failed = [imapOk === false ? 'IMAP' : '', smtpOk === false ? 'SMTP' : ''].filter(Boolean);
	const reason = typeof details.error === 'string' && details.error.trim() ? details.error.trim() : 'the login was refused';
	const headline = failed.length ? failed.map((s) => `${s} login failed`).join(' and ') : 'Login failed';
	return new NodeApiError(ctx.getNode(), details as JsonObject, {
		message: `${headline}: ${reason}`,
		description: `${testOnly ? 'Test Only: ' : ''}nothing was created or changed. The service could not log in to the mailbox${failed.length ? ` over ${failed.join(' and ')}` : ''}: check the server, port, username and password (Gmail and Outlook need an app password), then run again.`,
		httpCode: '500',
		itemIndex: i,
	});
}

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const v = validator(this, i);
	const email = v.nonEmptyString('email', this.getNodeParameter('email', i));
	if (email !== '' && !EMAIL.test(email)) v.invalid('email', `"${email}" is not an email address`);
	const provider = v.oneOf('provider', this.getNodeParameter('provider', i), PROVIDERS);
	const body: IDataObject = {
		email,
		first_name: v.nonEmptyString('firstName', this.getNodeParameter('firstName', i)),
		last_name: v.nonEmptyString('lastName', this.getNodeParameter('lastName', i)),
		provider,
	};
	if (flag(this, 'updateExisting', i)) body.id = locatorId(this, 'accountId', i, true);

	const extra = collectionValues(this, 'additionalFields', i);
	const smtpOnly = extra.smtp_only === undefined ? false : v.boolean('smtp_only', extra.smtp_only);
	if (provider === 'custom') {
		const imap = this.getNodeParameter('imapServer', i, '') as unknown;
		if (!smtpOnly || (typeof imap === 'string' && imap.trim() !== '')) {
			body.imap_server = host(v, 'imapServer', imap);
			body.imap_server_port = v.integer('imapServerPort', this.getNodeParameter('imapServerPort', i, 993), 1, 65535);
		}
		body.smtp_server = host(v, 'smtpServer', this.getNodeParameter('smtpServer', i, ''));
		body.smtp_server_port = v.integer('smtpServerPort', this.getNodeParameter('smtpServerPort', i, 587), 1, 65535);
	}
	for (const name of ['imap_server_username', 'smtp_server_username'] as const) {
		if (extra[name] !== undefined) body[name] = v.nonEmptyString(name, extra[name]);
	}
	if (extra.smtp_server_auth_type !== undefined) {
		body.smtp_server_auth_type = v.oneOf('smtp_server_auth_type', extra.smtp_server_auth_type, ['login', 'plain'] as const);
	}
	for (const name of ['smtp_server_starttls', 'imap_issue', 'spamchecker_only'] as const) {
		if (extra[name] !== undefined) body[name] = v.boolean(name, extra[name]);
	}
	if (extra.smtp_only !== undefined) body.smtp_only = smtpOnly;
	const testOnly = flag(this, 'testOnly', i);
	if (testOnly) body.test = true;

	const passwords = await passwordsOf(this, v, i, smtpOnly);
	if (passwords.password) body.password = passwords.password;
	if (passwords.imap && !smtpOnly) body.imap_server_password = passwords.imap;
	if (passwords.smtp) body.smtp_server_password = passwords.smtp;

	// Always a create for the transport: a 5xx is never repeated. A new account must not be connected twice, and the
	// service's 500 is also how it says "login failed", which repeating cannot fix.
	const answer = await withSecretsScrubbed(this, [passwords.password, passwords.imap, passwords.smtp], async () => {
		try {
			return await apiRequest.call(this, { method: 'POST', path: '/imap_auth', creates, body, kind: 'create', itemIndex: i });
		} catch (error) {
			throw loginFailure(this, error, i, testOnly);
		}
	});
	// The service does not return passwords; make sure none ever reaches the output.
	const out = withoutFields(answer, Object.keys(answer).filter((k) => /password/i.test(k)));
	if (!testOnly) return out;
	this.addExecutionHints({ message: `Test Only: the login of ${email} works; nothing was created or changed.`, location: 'outputPane' });
	return { success: true, test: true, email, ...out };
}

/**
 * Credential test of "Deliverability Mailbox Login": it holds no address and no API key, so the login itself cannot be
 * tried from here (Connect IMAP/SMTP with Test Only does that); this checks that the credential is complete.
 */
export async function mailboxLoginTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const p = { password: secretText(data.password), imap: secretText(data.imapPassword), smtp: secretText(data.smtpPassword) };
	if (!p.password && !p.smtp) {
		return { status: 'Error', message: 'Fill in Password (both servers), or IMAP Password and SMTP Password' };
	}
	return {
		status: 'OK',
		message: 'The passwords are filled in. To try the login, run Account → Connect IMAP/SMTP with Test Only on.',
	};
}
