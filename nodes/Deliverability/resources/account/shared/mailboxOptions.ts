/**
 * The Additional Fields of Account → Connect IMAP/SMTP, the optional facts sent with a
 * mailbox's login: the IMAP and SMTP usernames when they are not the address, the SMTP auth
 * type and STARTTLS, and the flags SMTP Only, Mark as IMAP Issue and Spam Tests Only. Their
 * parameters and the readers of all but SMTP Only, which the operation reads itself (it decides
 * which servers and passwords are sent).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { Validator } from '../../../../shared/validation';
import { choiceField, valuesOf } from '../../../params/choices';
import { collectionOf, ifGiven } from '../../../params/collections';

const AUTH_TYPES = [
	{ name: 'Login', value: 'login' },
	{ name: 'Plain', value: 'plain' },
] as const;

/** The Additional Fields collection, its options sorted by name. */
export const mailboxOptionFields: INodeProperties = collectionOf('additionalFields', [
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
		description: 'Whether to flag the mailbox as having an IMAP problem (imap_issue)',
	},
	{
		displayName: 'SMTP Only',
		name: 'smtp_only',
		type: 'boolean',
		default: false,
		description: 'Whether the mailbox only sends (no IMAP login)',
	},
	choiceField(
		'SMTP Server Auth Type',
		'smtp_server_auth_type',
		AUTH_TYPES,
		'plain',
		'SMTP authentication mechanism',
	),
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
]);

/**
 * The readers of the Additional Fields but SMTP Only for `item.fields.all`, each undefined where it
 * was not added.
 */
export function mailboxOptions(v: Validator, extra: IDataObject) {
	return {
		imap_server_username: ifGiven(extra.imap_server_username, (value) =>
			v.nonEmptyString('imap_server_username', value),
		),
		smtp_server_username: ifGiven(extra.smtp_server_username, (value) =>
			v.nonEmptyString('smtp_server_username', value),
		),
		smtp_server_auth_type: ifGiven(extra.smtp_server_auth_type, (value) =>
			v.oneOf('smtp_server_auth_type', value, valuesOf(AUTH_TYPES)),
		),
		smtp_server_starttls: ifGiven(extra.smtp_server_starttls, (value) =>
			v.boolean('smtp_server_starttls', value),
		),
		imap_issue: ifGiven(extra.imap_issue, (value) => v.boolean('imap_issue', value)),
		spamchecker_only: ifGiven(extra.spamchecker_only, (value) =>
			v.boolean('spamchecker_only', value),
		),
	};
}
