import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { collectionOf, showFor } from '../../descriptions/common';
import { collectionValues, validator } from '../../helpers/params';
import { withoutFields, withSecretsScrubbed } from '../../helpers/secrets';
import type { Validator } from '../../../shared/validation';

const show = showFor('account', 'connectImap');

function text(displayName: string, name: string, placeholder: string, description: string): INodeProperties {
	return { displayName, name, type: 'string', required: true, default: '', placeholder, displayOptions: show, description };
}

function password(displayName: string, name: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		displayOptions: show,
		description,
	};
}

function port(displayName: string, name: string, defaultPort: number, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 65535 },
		required: true,
		default: defaultPort,
		displayOptions: show,
		description,
	};
}

export const operation = {
	name: 'Connect IMAP/SMTP',
	action: 'Connect an IMAP/SMTP mailbox as a new account',
	description: 'Connect a new mailbox with its IMAP and SMTP logins',
};

export const description: INodeProperties[] = [
	text('Email', 'email', 'e.g. name@example.com', 'Address of the mailbox to connect'),
	text('IMAP Host', 'imapHost', 'e.g. imap.example.com', 'IMAP server name (no protocol, no port)'),
	port('IMAP Port', 'imapPort', 993, 'IMAP server port (993 for TLS)'),
	text('IMAP Username', 'imapUsername', 'e.g. name@example.com', 'Login of the IMAP server, often the address itself'),
	password('IMAP Password', 'imapPassword', 'Password (or app password) of the IMAP login'),
	text('SMTP Host', 'smtpHost', 'e.g. smtp.example.com', 'SMTP server name (no protocol, no port)'),
	port('SMTP Port', 'smtpPort', 587, 'SMTP server port (587 for STARTTLS, 465 for TLS)'),
	text('SMTP Username', 'smtpUsername', 'e.g. name@example.com', 'Login of the SMTP server, often the address itself'),
	password('SMTP Password', 'smtpPassword', 'Password (or app password) of the SMTP login'),
	collectionOf('additionalFields', show, [
		{ displayName: 'First Name', name: 'first_name', type: 'string', default: '' },
		{ displayName: 'Last Name', name: 'last_name', type: 'string', default: '' },
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

function host(v: Validator, field: string, value: unknown): string {
	const name = v.nonEmptyString(field, value);
	if (!HOST.test(name) && !/^\[?[0-9a-fA-F:.]+\]?$/.test(name)) {
		v.fail(field, `"${name}" is not a host name`, 'Give the server name only, e.g. imap.example.com (no protocol, no port).');
	}
	return name;
}

/** A password is never shown back, not even in a validation message. */
function secret(v: Validator, field: string, value: unknown): string {
	const textValue = typeof value === 'number' ? String(value) : value;
	if (typeof textValue !== 'string' || textValue === '') v.fail(field, 'a password is required');
	return textValue;
}

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const v = validator(this, i);
	const email = v.nonEmptyString('email', this.getNodeParameter('email', i));
	if (!EMAIL.test(email)) v.fail('email', `"${email}" is not an email address`);
	const body: IDataObject = {
		email,
		imap_host: host(v, 'imapHost', this.getNodeParameter('imapHost', i)),
		imap_port: v.integer('imapPort', this.getNodeParameter('imapPort', i), 1, 65535),
		imap_username: v.nonEmptyString('imapUsername', this.getNodeParameter('imapUsername', i)),
		imap_password: secret(v, 'imapPassword', this.getNodeParameter('imapPassword', i)),
		smtp_host: host(v, 'smtpHost', this.getNodeParameter('smtpHost', i)),
		smtp_port: v.integer('smtpPort', this.getNodeParameter('smtpPort', i), 1, 65535),
		smtp_username: v.nonEmptyString('smtpUsername', this.getNodeParameter('smtpUsername', i)),
		smtp_password: secret(v, 'smtpPassword', this.getNodeParameter('smtpPassword', i)),
	};
	const extra = collectionValues(this, 'additionalFields', i);
	for (const name of ['first_name', 'last_name'] as const) {
		if (extra[name] !== undefined && extra[name] !== null) body[name] = v.string(name, extra[name]);
	}
	if (extra.spamchecker_only !== undefined) body.spamchecker_only = v.boolean('spamchecker_only', extra.spamchecker_only);

	const account = await withSecretsScrubbed(this, [body.imap_password, body.smtp_password], async () =>
		await apiRequest.call(this, { method: 'POST', path: '/imap_auth', body, kind: 'create', itemIndex: i }),
	);
	// The service does not return passwords; make sure none ever reaches the output.
	return withoutFields(account, Object.keys(account).filter((k) => /password/i.test(k)));
}
