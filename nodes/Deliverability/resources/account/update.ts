import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { objectAnswer } from '../../../shared/transport';
import type { Readers } from '../../../shared/validation';
import type { Item } from '../../helpers/item';
import { collectionOf, given, ifGiven } from '../../params/collections';
import { timeZoneOption } from '../../params/fields';
import { idPicker, locatorValue } from '../../params/locator';
import { changed, outputFields, shaped } from '../../params/output';
import { accountName, simplifyAccount } from './shared/simplified';
import type { BuilderFacts } from '../../helpers/builder';

/** Ranges of spec §8 for the account settings. */
const ACCOUNT_RANGES = {
	config_max_conversation_running: [0, 35],
	config_rampup_increase: [0, 5],
	config_rampup_target: [3, 35],
} as const;

const BOOLEAN_FIELDS = [
	'alive',
	'autopilot',
	'config_smtp_append_after_sent',
	'imap_issue',
] as const;
const TEXT_FIELDS = ['desc', 'first_name', 'last_name', 'signature'] as const;

export const operation = {
	name: 'Update',
	action: 'Update a mailbox',
	description: 'Change the settings of a mailbox',
};

export const builder: BuilderFacts = {
	returns: 'one item, the mailbox',
	fields: {
		id: '',
		email: '',
		updated: 'the settings changed',
		outcome: '',
		message: 'what happened, in words',
	},
};

export const description: INodeProperties[] = [
	idPicker('accountId'),
	collectionOf('updateFields', [
		{
			displayName: 'Active (Alive)',
			name: 'alive',
			type: 'boolean',
			default: true,
			description: 'Whether the mailbox is active (warming can run). Off pauses it.',
		},
		{
			displayName: 'Alias',
			name: 'alias',
			type: 'string',
			default: '',
			placeholder: 'e.g. sales@example.com',
			description:
				'Send from this OAuth alias. It must be one of the addresses listed by Mailbox → Get Aliases.',
		},
		{
			displayName: 'Append Sent Messages Over SMTP',
			name: 'config_smtp_append_after_sent',
			type: 'boolean',
			default: false,
			description: 'Whether to append sent messages to the Sent folder over SMTP',
		},
		{
			displayName: 'Autopilot',
			name: 'autopilot',
			type: 'boolean',
			default: true,
			description: 'Whether the service picks the best warming recipe',
		},
		{
			displayName: 'Description',
			name: 'desc',
			type: 'string',
			default: '',
			description: 'Free-form description of the mailbox',
		},
		{
			displayName: 'First Name',
			name: 'first_name',
			type: 'string',
			default: '',
		},
		{
			displayName: 'IMAP Issue (SMTP-Only Mode)',
			name: 'imap_issue',
			type: 'boolean',
			default: false,
			description:
				'Whether to switch the mailbox to SMTP-only mode (on) because IMAP does not work',
		},
		{
			displayName: 'Last Name',
			name: 'last_name',
			type: 'string',
			default: '',
		},
		{
			displayName: 'Max Conversations Running',
			name: 'config_max_conversation_running',
			type: 'number',
			default: 10,
			description: 'Maximum number of warming conversations running at once (0 to 35)',
		},
		{
			displayName: 'Ramp-Up Increase',
			name: 'config_rampup_increase',
			type: 'number',
			default: 1,
			description: 'Conversations added per day until the target is reached (0 to 5)',
		},
		{
			displayName: 'Ramp-Up Target',
			name: 'config_rampup_target',
			type: 'number',
			default: 20,
			description: 'Conversations per day once ramp-up is over (3 to 35)',
		},
		{
			displayName: 'Signature',
			name: 'signature',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			description: 'HTML signature of outgoing warming emails',
		},
		timeZoneOption('Time zone of the mailbox'),
	]),
	...outputFields({
		simplified:
			'Which settings were changed, in words, with the mailbox as it is now: ID, email, paused, the warm-up setting (warming_enabled) and its verdict',
		kept: 'id',
		example: 'email, signature',
	}),
];

/**
 * The update body from the Update Fields collection, every value checked (also values from
 * expressions).
 */
function updateBody(item: Item): IDataObject {
	const v = item.fields;
	const fields = item.collection('updateFields');
	const readers: Readers<IDataObject> = {};
	for (const [name, [min, max]] of Object.entries(ACCOUNT_RANGES)) {
		readers[name] = ifGiven(fields[name], (value) => v.integer(name, value, min, max));
	}
	for (const name of BOOLEAN_FIELDS)
		readers[name] = ifGiven(fields[name], (value) => v.boolean(name, value));
	for (const name of TEXT_FIELDS)
		readers[name] = ifGiven(fields[name] ?? undefined, (value) => v.string(name, value));
	readers.alias = ifGiven(fields.alias, (value) => v.nonEmptyString('alias', value));
	readers.time_zone = ifGiven(fields.time_zone, (value) =>
		v.timeZone('time_zone', locatorValue(value)),
	);
	const { body } = v.all({
		body: () => given(v.all(readers)),
		known: () => {
			const known: string[] = [
				...Object.keys(ACCOUNT_RANGES),
				...BOOLEAN_FIELDS,
				...TEXT_FIELDS,
				'alias',
				'time_zone',
			];
			const unknown = Object.keys(fields).filter((k) => !known.includes(k));
			if (unknown.length) v.fail('Update Fields', `unknown field ${unknown.join(', ')}`);
		},
	});
	// A problem of the reading (not an error of its own), so that a bad Account is named with it.
	if (Object.keys(body).length === 0)
		v.fail(
			'Update Fields',
			'add at least one field to change',
			'To pause or resume a mailbox, the Pause and Resume operations need no fields.',
		);
	return body;
}

const answer = objectAnswer('the updated mailbox (with id)', 'id');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const { id, body, view } = item.fields.all({
		id: () => item.numericId('accountId'),
		body: () => updateBody(item),
		view: () => item.output(),
	});
	const account = await item.request({
		method: 'POST',
		path: `/accounts/${id}`,
		body,
		kind: 'update',
		answer,
	});
	// The settings sent, each named as the service names it (the 2xx says it took them all).
	const sent = Object.keys(body);
	return shaped(
		account,
		view,
		(a) =>
			changed(
				{ ...simplifyAccount(a), updated: sent },
				{ outcome: 'updated', message: `Mailbox ${accountName(a)} updated: ${sent.join(', ')}` },
			),
		['id'],
	);
}
