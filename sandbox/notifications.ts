/**
 * The notifications the sandbox opens by itself, as the service lists one for what happens to a project: a mailbox
 * that loses its connection (ACCOUNT_DISCONNECTED, closed again once it is connected or gone), a spam test that
 * completes (SPAMCHECK_COMPLETED) and a domain that expires within 30 days (DOMAIN_EXPIRING_SOON, at start). The
 * admin API opens and closes others by hand; those are never closed by the sandbox.
 */
import { eventContent, eventLevel } from './events';
import type { Account, Notification, ProjectKey } from './resources';
import type { Store } from './store';
import { DAY } from './util';

/** A domain whose registration ends within this many days has an open DOMAIN_EXPIRING_SOON notification. */
const EXPIRING_WITHIN_DAYS = 30;

interface NotificationFields {
	event: string;
	account?: Account | null;
	/** When no account names the address (a manual spam test: its sender). */
	accountEmail?: string | null;
	level?: string | null;
	content?: string | null;
	domain?: string | null;
	domainExpireOn?: string | null;
	publicId?: string;
}

const domainOfEmail = (email: string | null | undefined): string | null =>
	email && email.includes('@') ? email.slice(email.lastIndexOf('@') + 1) : null;

/** Opens one notification; unset fields take the event's level and words, and the account's domain. */
export function openNotification(
	store: Store,
	project: ProjectKey,
	fields: NotificationFields,
	openedBy: Notification['opened_by'],
): Notification {
	const email = fields.account?.email ?? fields.accountEmail ?? null;
	const domain = fields.domain ?? domainOfEmail(email);
	const notification: Notification = {
		project,
		id: store.nextId.notification++,
		level: fields.level ?? eventLevel(fields.event),
		event: fields.event,
		account_id: fields.account?.id ?? null,
		account_email: email,
		content:
			fields.content ?? eventContent(fields.event, { email, domain, public_id: fields.publicId }),
		domain,
		domain_expire_on: fields.domainExpireOn ?? null,
		created_at: new Date().toISOString(),
		open: true,
		opened_by: openedBy,
	};
	store.notifications.set(notification.id, notification);
	return notification;
}

/**
 * Closes the disconnection notifications the sandbox opened whose account is connected again (a reconnect, a batch
 * reconnect, a working login) or deleted. Called before notifications are read, after reconnects have settled.
 */
export function closeEnded(store: Store): void {
	for (const n of store.notifications.values()) {
		if (!n.open || n.opened_by !== 'sandbox' || n.event !== 'ACCOUNT_DISCONNECTED') continue;
		const account = n.account_id === null ? undefined : store.accounts.get(n.account_id);
		if (!account || !account.imap_issue) n.open = false;
	}
}

/** An account lost its connection: one open ACCOUNT_DISCONNECTED per account (a second disconnection adds none). */
export function accountDisconnected(store: Store, account: Account): Notification {
	closeEnded(store);
	for (const n of store.notifications.values()) {
		if (
			n.open &&
			n.opened_by === 'sandbox' &&
			n.event === 'ACCOUNT_DISCONNECTED' &&
			n.account_id === account.id
		)
			return n;
	}
	return openNotification(
		store,
		account.project,
		{ event: 'ACCOUNT_DISCONNECTED', account },
		'sandbox',
	);
}

/**
 * What a project's notification list shows at start (or after a reset): a DOMAIN_EXPIRING_SOON for each domain that
 * expires within EXPIRING_WITHIN_DAYS, then an ACCOUNT_DISCONNECTED for each account that has lost its connection.
 */
export function seedNotifications(store: Store, now = Date.now()): void {
	for (const d of store.domains.values()) {
		const left = Date.parse(d.expire_at) - now;
		if (left < 0 || left > EXPIRING_WITHIN_DAYS * DAY) continue;
		openNotification(
			store,
			d.project,
			{ event: 'DOMAIN_EXPIRING_SOON', domain: d.domain, domainExpireOn: d.expire_at },
			'sandbox',
		);
	}
	// A fresh store has no notification to reuse: open directly (accountDisconnected would scan them per account).
	for (const a of store.accounts.values())
		if (a.imap_issue)
			openNotification(store, a.project, { event: 'ACCOUNT_DISCONNECTED', account: a }, 'sandbox');
}
