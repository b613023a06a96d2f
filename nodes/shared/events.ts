/**
 * Alert events (spec §6). Only ACCOUNT_DISCONNECTED and SPAMCHECK_COMPLETED are documented
 * identifiers; the other nine exist in the docs by label only, so their ids are our best reading
 * and are marked unverified. Users can always add a custom id, and payloads with an unknown event
 * never fail.
 */
import type { INodeProperties } from 'n8n-workflow';

interface EventInfo {
	id: string;
	label: string;
	trigger: string;
	verified: boolean;
}

export const EVENTS: EventInfo[] = [
	{
		id: 'ACCOUNT_DISCONNECTED',
		label: 'Mailbox Disconnected',
		trigger: 'A mailbox lost its IMAP/SMTP or OAuth connection',
		verified: true,
	},
	{
		id: 'SPAMCHECK_COMPLETED',
		// Not "Automated …": the service sends it for on-demand spam tests too.
		label: 'Spam Test Completed',
		trigger: 'A spam test finished, automated (scheduled) or on-demand',
		verified: true,
	},
	{
		id: 'DOMAIN_EXPIRING_SOON',
		label: 'Domain Expiring Soon',
		trigger: 'A connected domain approaches its expiration',
		verified: false,
	},
	{
		id: 'NEW_WARMING_MODE_PROPOSED',
		label: 'New Warming Mode Proposed',
		trigger: 'A switch to a new warming mode is recommended',
		verified: false,
	},
	{
		id: 'ACCOUNT_BACK_TO_NORMAL_WARMING',
		label: 'Mailbox Back to Normal Warming',
		trigger: 'The mailbox returned to its standard warming mode',
		verified: false,
	},
	{
		id: 'MISSING_INBOUND_EMAILS',
		label: 'Missing Inbound Emails',
		trigger: 'Expected inbound emails are not received on a mailbox',
		verified: false,
	},
	{
		id: 'REPUTATION_SCORE_DECREASE',
		label: 'Reputation Score Decrease',
		trigger: "A mailbox's reputation score dropped",
		verified: false,
	},
	{
		id: 'REPUTATION_SCORE_INCREASE',
		label: 'Reputation Score Increase',
		trigger: "A mailbox's reputation score improved",
		verified: false,
	},
	{
		id: 'TOO_MANY_MESSAGES_SENT',
		label: 'Too Many Messages Sent',
		trigger: 'Sending volume exceeds safe thresholds on a mailbox',
		verified: false,
	},
	{
		id: 'SENDGRID_MISSING_EMAILS',
		label: 'SendGrid Missing Emails',
		trigger: 'A mailbox behind an email delivery provider misses expected emails',
		verified: false,
	},
	{
		id: 'OUTLOOK_MISSING_OUTGOING_EMAILS',
		label: 'Outlook Missing Outgoing Emails',
		trigger: 'An Outlook mailbox fails to send expected outgoing emails',
		verified: false,
	},
];

/** Names that keep their capitals inside a sentence. */
const BRANDS = ['SendGrid', 'Outlook'];

/**
 * An event as an action of the trigger in n8n's node creator: "On spam test completed", "On
 * SendGrid missing emails". Without it n8n builds "On " + the label lower-cased word by word, which
 * splits and lowers brand names ("On send grid missing emails").
 */
function eventAction(label: string): string {
	const words = label.split(' ').map((word) => (BRANDS.includes(word) ? word : word.toLowerCase()));
	return `On ${words.join(' ')}`;
}

/**
 * Options for a multi-select, sorted by name as n8n's lint requires. Names are the service's
 * labels, as n8n's own triggers show events; whether an identifier is documented is said in the
 * description (the hover text) only. Each option's `action` is its name in the node creator's list
 * of the trigger's events.
 */
export const EVENT_OPTIONS = EVENTS.map((e) => ({
	name: e.label,
	value: e.id,
	action: eventAction(e.label),
	description: e.verified
		? `${e.trigger} (documented identifier ${e.id})`
		: `${e.trigger}. Unverified identifier: ${e.id} is our reading of the service's label, not documented; if it never fires, add the right one under Custom Events.`,
})).sort((a, b) => a.name.localeCompare(b.name));

/**
 * An n8n expression giving "On <labels>" for a node whose `events` parameter holds event ids (the
 * node subtitle). The labels are written into the expression: subtitles are evaluated in the
 * editor, where this module is not.
 */
export function eventsSubtitle(parameter = 'events', whenNone?: string): string {
	const labels = JSON.stringify(Object.fromEntries(EVENTS.map((e) => [e.id, e.label])));
	const list = `[].concat($parameter["${parameter}"] || [])`;
	const words = `"On " + ${list}.map((e) => (${labels})[e] || e).join(", ")`;
	return whenNone === undefined
		? `={{ ${words} }}`
		: `={{ ${list}.length ? ${words} : ${JSON.stringify(whenNone)} }}`;
}

/**
 * Selected events plus comma-separated custom ids, deduplicated, in a stable order. The selection
 * may also be text (an expression giving "A, B" or a single id).
 */
export function mergeEvents(selected: unknown, custom: unknown): string[] {
	const list = Array.isArray(selected)
		? selected.map(String)
		: typeof selected === 'string'
			? splitIds(selected)
			: [];
	const extra = splitIds(String(custom ?? ''));
	return [...new Set([...list.map((s) => s.trim()).filter((s) => s !== ''), ...extra])];
}

function splitIds(text: string): string[] {
	return text
		.split(/[\s,]+/)
		.map((s) => s.trim())
		.filter((s) => s !== '');
}

/** The Events picker (every event of the list), with its own description and default selection. */
export function eventsField(description: string, defaultEvents: string[] = []): INodeProperties {
	return {
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: EVENT_OPTIONS,
		default: [...defaultEvents],
		description,
	};
}

/**
 * The Custom Events text beside the Events picker: more ids, comma-separated, read with
 * `mergeEvents`.
 */
export function customEventsField(description: string, placeholder: string): INodeProperties {
	return {
		displayName: 'Custom Events',
		name: 'customEvents',
		type: 'string',
		default: '',
		placeholder,
		description,
	};
}
