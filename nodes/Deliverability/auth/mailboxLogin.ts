/**
 * The mailbox passwords of Account → Connect IMAP/SMTP: where they come from (the "Deliverability
 * with Mailbox Passwords API" credential, or fields of the input item) and how they are read and
 * checked. The passwords are never node parameters, so a saved or exported workflow holds none of
 * them.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Validator } from '../../shared/validation';
import { CREDENTIALS, secretCredential, type CredentialName } from './choice';
import { choiceField, valuesOf } from '../params/choices';

const MAILBOX_CREDENTIAL = 'deliverabilityMailboxApi' satisfies CredentialName;

const PASSWORD_SOURCES = [
	{
		name: `Credential (${CREDENTIALS[MAILBOX_CREDENTIAL]})`,
		value: 'credential',
		description: 'One mailbox: the passwords are kept encrypted in a credential',
	},
	{
		name: 'Fields of the Input Item',
		value: 'inputFields',
		description: 'Many mailboxes, e.g. rows of a sheet: each item carries its own password',
	},
] as const;

/** Shown while Passwords From is "Fields of the Input Item". */
const WITH_INPUT_FIELDS = { show: { passwordSource: ['inputFields'] } };

/**
 * While Passwords From is "Credential", the operation's credential is the one with the passwords.
 */
export const PASSWORDS_FROM_CREDENTIAL = { passwordSource: ['credential'] };

/**
 * The names of the input item fields that may hold the passwords (the parameters hold names, never
 * values).
 */
function fieldName(
	displayName: string,
	name: string,
	defaultName: string,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		// A field name, typed once: no expression, so a password can never be resolved into this
		// parameter.
		noDataExpression: true,
		default: defaultName,
		placeholder: 'e.g. password',
		displayOptions: WITH_INPUT_FIELDS,
		description,
	};
}

/** Where the passwords come from (the credential, or fields of the input item). */
export function passwordFields(): INodeProperties[] {
	return [
		{
			...choiceField(
				'Passwords From',
				'passwordSource',
				PASSWORD_SOURCES,
				'credential',
				'Where the mailbox passwords come from. They are never stored in the node. Credential: the credential above holds the API key and the passwords.',
			),
			required: true,
			noDataExpression: true,
		},
		{
			displayName:
				'The passwords are read from the input item at run time, so the workflow does not store them. Do not pin the input data: pinned data is saved with the workflow.',
			name: 'passwordFieldsNotice',
			type: 'notice',
			default: '',
			displayOptions: WITH_INPUT_FIELDS,
		},
		fieldName(
			'Password Field',
			'passwordField',
			'password',
			'Name of the input field holding one password for both servers (leave empty if the item has one per server)',
		),
		fieldName(
			'IMAP Password Field',
			'imapPasswordField',
			'',
			'Name of the input field holding the IMAP password, when it differs',
		),
		fieldName(
			'SMTP Password Field',
			'smtpPasswordField',
			'',
			'Name of the input field holding the SMTP password, when it differs',
		),
	];
}

export interface Passwords {
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

/**
 * The passwords of the item's login, from the credential or the input item (per Passwords From).
 */
export async function passwordsOf(
	ctx: IExecuteFunctions,
	v: Validator,
	i: number,
	smtpOnly: boolean,
): Promise<Passwords> {
	const source = v.oneOf(
		'passwordSource',
		ctx.getNodeParameter('passwordSource', i, 'credential'),
		valuesOf(PASSWORD_SOURCES),
	);
	if (source === 'credential') {
		const data = (await secretCredential(ctx, MAILBOX_CREDENTIAL, i)) as IDataObject;
		const p = {
			password: secretText(data.password),
			imap: secretText(data.imapPassword),
			smtp: secretText(data.smtpPassword),
		};
		if (missingPassword(p, smtpOnly)) {
			v.fail(
				CREDENTIALS[MAILBOX_CREDENTIAL],
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
	const p = {
		password: read('passwordField'),
		imap: read('imapPasswordField'),
		smtp: read('smtpPasswordField'),
	};
	if (missingPassword(p, smtpOnly)) {
		// The field names are not repeated: a user who typed a password into one of them would see it
		// echoed.
		v.fail(
			'passwordField',
			'the input item has no password in the fields named under Password Field / IMAP Password Field / SMTP Password Field',
			'Name the input field that holds the password for both servers, or the two fields holding the IMAP and SMTP passwords.',
		);
	}
	return p;
}
