/**
 * What the sandbox says about an event, wherever it says it (alert deliveries and notifications): its level and its
 * content text. The service documents neither; these are the sandbox's words (BEHAVIOUR.md, Event delivery).
 */
const INFO_EVENTS = new Set([
	'SPAMCHECK_COMPLETED',
	'REPUTATION_SCORE_INCREASE',
	'ACCOUNT_BACK_TO_NORMAL_WARMING',
	'NEW_WARMING_MODE_PROPOSED',
]);

const CONTENT: Record<string, string> = {
	ACCOUNT_DISCONNECTED: 'Account {email} lost its connection',
	SPAMCHECK_COMPLETED: 'Spam test {public_id} completed',
	DOMAIN_EXPIRING_SOON: 'Domain {domain} expires soon',
	NEW_WARMING_MODE_PROPOSED: 'A new warming mode is proposed for {email}',
	ACCOUNT_BACK_TO_NORMAL_WARMING: 'Account {email} is back to normal warming',
	MISSING_INBOUND_EMAILS: 'Account {email} is missing inbound emails',
	REPUTATION_SCORE_DECREASE: 'The reputation score of {email} decreased',
	REPUTATION_SCORE_INCREASE: 'The reputation score of {email} increased',
	TOO_MANY_MESSAGES_SENT: 'Account {email} sends too many messages',
	SENDGRID_MISSING_EMAILS: 'Account {email} is missing emails from its delivery provider',
	OUTLOOK_MISSING_OUTGOING_EMAILS: 'Outlook account {email} fails to send expected emails',
};

/** `info` for the good-news events, `warning` for the others. */
export function eventLevel(event: string): string {
	return INFO_EVENTS.has(event) ? 'info' : 'warning';
}

/** The event's text, with the account's address, the domain and the spam test filled in. */
export function eventContent(
	event: string,
	subject: { email?: string | null; domain?: string | null; public_id?: unknown },
): string {
	return (CONTENT[event] ?? `Event ${event}`)
		.replace('{email}', subject.email ?? 'an account')
		.replace('{domain}', subject.domain ?? 'a domain')
		.replace('{public_id}', String(subject.public_id ?? ''));
}
