/**
 * An account (sending mailbox) as a person reads it (Simplify on Account → Get Many, Get and
 * Reconnect): who it is, its reputation score, whether it is disconnected, paused or suspended,
 * and a verdict with its reasons in words. Fields exist only when derived from what the service
 * sent (the list form has no `imap_issue`, so no `disconnected`); values are read leniently
 * (docs/operations.md → Simplified outputs). Warm-up appears once, as the setting it is
 * (`warming_enabled`, which a pause keeps for Resume): a field saying "warming" beside "Paused: no
 * warming or spam tests run" would contradict the verdict.
 */
import type { IDataObject } from 'n8n-workflow';

import { readBoolean, readNumber } from '../../../../shared/lenient';

/** Reputation score (0–100) at or above which an account passes, and below which it fails. */
export const REPUTATION = { passAt: 80, warnAt: 50 };

const AS_SENT = ['id', 'email', 'first_name', 'last_name', 'provider'] as const;
const BOOLEANS = [
	'alive',
	'suspended',
	'warming_enabled',
	'spamchecker_enabled',
	'imap_issue',
] as const;
const SCORES = ['score', 'score_gmail', 'score_outlook', 'score_custom'] as const;

export function simplifyAccount(account: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const key of AS_SENT) if (account[key] !== undefined) out[key] = account[key];
	for (const key of SCORES) {
		const n = readNumber(account[key]);
		if (n !== undefined) out[key] = n;
	}
	const flags: Partial<Record<(typeof BOOLEANS)[number], boolean>> = {};
	for (const key of BOOLEANS) {
		const b = readBoolean(account[key]);
		if (b !== undefined) flags[key] = out[key] = b;
	}
	if (Array.isArray(account.tags))
		out.tags = (account.tags as unknown[]).map((t) =>
			t && typeof t === 'object' ? (t as IDataObject).name : t,
		) as string[];
	const domain = account.domain;
	if (domain && typeof domain === 'object' && typeof (domain as IDataObject).domain === 'string')
		out.domain = (domain as IDataObject).domain;

	if (flags.imap_issue !== undefined) out.disconnected = flags.imap_issue;
	if (flags.alive !== undefined) out.paused = !flags.alive;

	const score = out.score as number | undefined;
	const fails: string[] = [];
	const warns: string[] = [];
	if (flags.imap_issue)
		fails.push('disconnected: the service cannot reach the mailbox over IMAP/SMTP (reconnect it)');
	if (flags.suspended) fails.push('suspended');
	if (score !== undefined && score < REPUTATION.warnAt)
		fails.push(`reputation score ${score} is below ${REPUTATION.warnAt}`);
	else if (score !== undefined && score < REPUTATION.passAt)
		warns.push(`reputation score ${score} is below ${REPUTATION.passAt}`);
	if (flags.alive === false) warns.push('paused: no warming or spam tests run');
	const problems = [...fails, ...warns].map((p) => p.charAt(0).toUpperCase() + p.slice(1));
	if (problems.length) {
		out.verdict = fails.length ? 'fail' : 'warn';
		out.verdict_reason = problems.join('; ');
	} else if (score !== undefined) {
		out.verdict = 'pass';
		const state = [
			flags.imap_issue === false ? 'connected' : '',
			flags.warming_enabled ? 'warming' : '',
		].filter(Boolean);
		out.verdict_reason = `Reputation score ${score} (pass at ${REPUTATION.passAt} or more)${state.length ? `, ${state.join(', ')}` : ''}`;
	}
	out.problems = problems;
	return out;
}

/**
 * An account as a sentence names it: its email and ID as the service sent them ("a@example.com (ID
 * 4)").
 */
export function accountName(account: IDataObject, id: unknown = account.id): string {
	const email = typeof account.email === 'string' && account.email !== '' ? account.email : '';
	return email ? `${email} (ID ${String(id)})` : `ID ${String(id)}`;
}
