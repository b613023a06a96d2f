/**
 * The mailbox's own servers of Account → Connect IMAP/SMTP, shown and sent while Provider is Custom
 * (the service knows Gmail's and Outlook's): their parameters and their reading, as the body fields
 * imap_server, imap_server_port, smtp_server and smtp_server_port.
 */
import type { INodeProperties } from 'n8n-workflow';

import type { Validator } from '../../../../shared/validation';
import type { Item } from '../../../helpers/item';

/** Shown while Provider is Custom: the mailbox's own servers (Gmail and Outlook need none). */
const OWN_SERVERS = { show: { provider: ['custom'] } };

function port(
	displayName: string,
	name: string,
	defaultPort: number,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'number',
		default: defaultPort,
		displayOptions: OWN_SERVERS,
		description: `${description} (1 to 65535)`,
	};
}

/**
 * IMAP Server and Port, SMTP Server and Port, in this order, each shown while Provider is Custom.
 */
export function ownServerFields(): INodeProperties[] {
	return [
		{
			displayName: 'IMAP Server',
			name: 'imapServer',
			type: 'string',
			default: '',
			placeholder: 'e.g. imap.example.com',
			displayOptions: OWN_SERVERS,
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
			displayOptions: OWN_SERVERS,
			description: 'SMTP server name (no protocol, no port)',
		},
		{
			// Always sent for own servers (the IMAP port is not: SMTP Only leaves it out).
			...port(
				'SMTP Server Port',
				'smtpServerPort',
				587,
				'SMTP server port (587 for STARTTLS, 465 for TLS)',
			),
			required: true,
		},
	];
}

const HOST = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

/** A server name (no protocol, no port), or an IP address. */
function host(v: Validator, field: string, value: unknown): string {
	const name = v.nonEmptyString(field, value);
	if (!HOST.test(name) && !/^\[?[0-9a-fA-F:.]+\]?$/.test(name)) {
		v.invalid(
			field,
			`"${name}" is not a host name`,
			'Give the server name only, e.g. imap.example.com (no protocol, no port).',
		);
	}
	return name;
}

/**
 * The readers of the servers for `item.fields.all`, each undefined where it is not sent: none for
 * Gmail and Outlook; the IMAP server and port are left out with SMTP Only unless an IMAP server was
 * given anyway. What the provider decides follows its value as given, checked or not (the
 * provider's own reader reports a bad one).
 */
export function ownServers(item: Item, smtpOnly: boolean) {
	const v = item.fields;
	const custom = String(item.value('provider') ?? '').trim() === 'custom';
	const imap = item.value('imapServer', '') as unknown;
	const withImap = custom && (!smtpOnly || (typeof imap === 'string' && imap.trim() !== ''));
	return {
		imap_server: () => (withImap ? host(v, 'imapServer', imap) : undefined),
		imap_server_port: () =>
			withImap
				? v.integer('imapServerPort', item.value('imapServerPort', 993), 1, 65535)
				: undefined,
		smtp_server: () => (custom ? host(v, 'smtpServer', item.value('smtpServer', '')) : undefined),
		smtp_server_port: () =>
			custom ? v.integer('smtpServerPort', item.value('smtpServerPort', 587), 1, 65535) : undefined,
	};
}
