/**
 * SMTP inbound on loopback (smtp-server). Recipients must be seed addresses, or team mailboxes (any address at
 * TEAM_MAILBOX_DOMAIN: where the examples send reports and reminders, logged like every message); a message whose body (any text part,
 * after quoted-printable/base64 decoding) contains a test's public_full_id fills that test's result for each seed
 * recipient. No TLS; AUTH is optional and any credentials are accepted, so any SMTP client setup works.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { Effects } from './api';
import type { Store } from './store';
import { PUBLIC_ID_PREFIX, checkCompletion, isSeedAddress, recordCopy } from './spam-test-engine';

/**
 * Not the service's: a stand-in for the user's own mail server, so an example can email a person (a report, a
 * reminder) with nothing but the sandbox running. Such a message is logged; it fills no spam test.
 */
const TEAM_MAILBOX_DOMAIN = 'team.sandbox.test';

const isTeamMailbox = (address: string): boolean =>
	address.toLowerCase().endsWith(`@${TEAM_MAILBOX_DOMAIN}`);

interface Part {
	headers: Record<string, string>;
	body: string;
}

/** Splits a message (or part) into unfolded lower-cased headers and its raw body. */
function splitPart(raw: string): Part {
	const normalized = raw.replace(/\r\n/g, '\n');
	const end = normalized.indexOf('\n\n');
	const head = end < 0 ? normalized : normalized.slice(0, end);
	const body = end < 0 ? '' : normalized.slice(end + 2);
	const headers: Record<string, string> = {};
	for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
		const colon = line.indexOf(':');
		if (colon > 0)
			headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
	}
	return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
	const enc = (encoding ?? '').toLowerCase();
	if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	if (enc === 'quoted-printable') {
		const bytes = body
			.replace(/=\n/g, '')
			.replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
		return Buffer.from(bytes, 'latin1').toString('utf8');
	}
	return body;
}

/** Decoded text of every text/* part (html tags stripped), depth-first. */
function textParts(part: Part): string[] {
	const type = part.headers['content-type'] ?? 'text/plain';
	const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
	if (/^multipart\//i.test(type) && boundary) {
		return part.body
			.split(`--${boundary}`)
			.slice(1)
			.filter((chunk) => !chunk.startsWith('--'))
			.flatMap((chunk) => textParts(splitPart(chunk.replace(/^\n/, ''))));
	}
	if (!/^text\//i.test(type)) return [];
	const text = decodeBody(part.body, part.headers['content-transfer-encoding']);
	return [/^text\/html/i.test(type) ? text.replace(/<[^>]*>/g, ' ') : text];
}

/** RFC 2047 encoded words in a header (=?utf-8?B?…?= / =?utf-8?Q?…?=). */
function decodeHeader(value: string): string {
	return value.replace(
		/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
		(_m, _charset: string, enc: string, text: string) => {
			if (enc.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
			const bytes = text
				.replace(/_/g, ' ')
				.replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
			return Buffer.from(bytes, 'latin1').toString('utf8');
		},
	);
}

function addressOf(header: string | undefined): string | null {
	if (!header) return null;
	const angle = /<([^>]+)>/.exec(header);
	const addr = (angle ? angle[1] : header).trim().toLowerCase();
	return addr.includes('@') ? addr : null;
}

/** Applies one received message to the store; returns the public ids it matched. */
function receiveMessage(
	store: Store,
	effects: Effects,
	raw: string,
	envelopeFrom: string | null,
	recipients: string[],
): string[] {
	const message = splitPart(raw);
	const texts = textParts(message);
	const subject =
		message.headers.subject === undefined ? null : decodeHeader(message.headers.subject);
	const sender =
		addressOf(message.headers.from) ?? envelopeFrom?.toLowerCase() ?? 'unknown@unknown.invalid';
	// The body only (spec §1: the id goes "somewhere in the message body"): an id in the Subject alone does not count.
	const haystack = [message.body, ...texts].join('\n');
	const ids = [
		...new Set(
			[...haystack.matchAll(new RegExp(`${PUBLIC_ID_PREFIX}([a-z0-9]{10})`, 'g'))].map((m) => m[1]),
		),
	];
	const matched = ids.filter((id) => store.spamTests.has(id));
	const rawHeaders = raw.replace(/\r\n/g, '\n').split('\n\n')[0].replace(/\n/g, '\r\n');
	for (const id of matched) {
		const test = store.spamTests.get(id)!;
		const copy = { sender, subject, text: texts.join('\n').trim(), rawHeaders };
		const arrive = () => {
			// After a reset the test is gone (a new store state): a late copy changes nothing.
			if (store.spamTests.get(id) !== test) return;
			for (const rcpt of recipients) recordCopy(test, rcpt, copy);
			checkCompletion(test, effects);
		};
		// Real seed mailboxes receive a copy some time after it was sent: `seedDelayMs` models that, so a test stays
		// incomplete for a while after the send (workflows that wait for it really wait).
		const delay = store.settings.seedDelayMs;
		if (delay > 0) setTimeout(arrive, delay).unref();
		else arrive();
	}
	store.smtpInbox.push({
		from: sender,
		to: recipients,
		subject,
		text: texts.join('\n').trim(),
		matchedPublicIds: matched,
		at: new Date().toISOString(),
	});
	return matched;
}

interface SmtpListener {
	port: number;
	close(): Promise<void>;
}

export async function startSmtp(
	store: Store,
	effects: Effects,
	port: number,
): Promise<SmtpListener> {
	const server = new SMTPServer({
		secure: false,
		disabledCommands: ['STARTTLS'],
		authOptional: true,
		allowInsecureAuth: true,
		logger: false,
		banner: 'Deliverability sandbox seed inbox',
		size: 20 * 1024 * 1024,
		onAuth(auth, _session, callback) {
			callback(null, { user: auth.username ?? 'sandbox' });
		},
		onRcptTo(address, _session, callback) {
			if (isSeedAddress(address.address) || isTeamMailbox(address.address)) return callback();
			const err = Object.assign(new Error(`<${address.address}>: no such seed or team mailbox`), {
				responseCode: 550,
			});
			callback(err);
		},
		onData(stream, session, callback) {
			const chunks: Buffer[] = [];
			stream.on('data', (c: Buffer) => chunks.push(c));
			stream.on('end', () => {
				try {
					const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
					const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
					receiveMessage(store, effects, Buffer.concat(chunks).toString('utf8'), from, to);
					callback();
				} catch (err) {
					callback(err instanceof Error ? err : new Error(String(err)));
				}
			});
		},
	});
	server.on('error', (err) => process.stderr.write(`sandbox smtp: ${err.message}\n`));
	await new Promise<void>((resolve, reject) => {
		server.server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve());
	});
	return {
		port: (server.server.address() as AddressInfo).port,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
