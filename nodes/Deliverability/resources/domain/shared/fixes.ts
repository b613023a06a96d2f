/**
 * What to do about each problem the simplified outputs name (Domain → Get Many, and the spam tests'
 * domain snapshot through spamTest/shared/fixes.ts), and the ranking worst first. The fixes say
 * only what is standard: the DNS records of RFC 7208 (SPF), RFC 6376 (DKIM) and RFC 7489 (DMARC),
 * and where a step depends on the user's mail service or registrar they say so instead of naming
 * one (docs/operations.md → Problems and their fixes).
 */
import type { IDataObject } from 'n8n-workflow';

/** How bad a problem is: critical stops mail arriving, low is informational. */
export type Severity = 'critical' | 'high' | 'medium' | 'low';
const SEVERITY_RANK: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/**
 * One problem as found: `key` names it across two readings (the same key in an earlier and a later
 * test is the same problem), `text` is its sentence in `problems`.
 */
export interface Finding {
	key: string;
	text: string;
	severity: Severity;
	fix: string;
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The `fixes` field: one `{problem, severity, fix, key}` per finding, worst first (a stable sort,
 * so findings of one severity keep the order of `problems`).
 */
export function rankedFixes(findings: Finding[]): IDataObject[] {
	return findings
		.map((f, n) => ({ f, n }))
		.sort((a, b) => SEVERITY_RANK[a.f.severity] - SEVERITY_RANK[b.f.severity] || a.n - b.n)
		.map(({ f }) => ({
			problem: capitalise(f.text),
			severity: f.severity,
			fix: f.fix,
			key: f.key,
		}));
}

type AuthRecord = 'spf' | 'dkim' | 'dmarc';

/**
 * The fix of an SPF, DKIM or DMARC record that is missing or not valid (for `domain` if known; the
 * DKIM record at the `selector` the service reported, when it reported one).
 */
export function authFix(
	record: AuthRecord,
	status: 'missing' | 'invalid',
	domain?: string,
	selector?: string,
): string {
	const at = domain ?? 'your sending domain';
	const key = `${selector?.trim() || '<selector>'}._domainkey.${at}`;
	if (record === 'spf')
		return status === 'missing'
			? `Publish one TXT record at ${at} that starts with v=spf1, lists the servers allowed to send its mail and ends with ~all or -all (RFC 7208). The include: value for your mail service is in that service's own setup guide.`
			: `Check the TXT records at ${at} that start with v=spf1: there must be exactly one (two make SPF fail, RFC 7208 section 3.2), with at most 10 DNS lookups through include, a, mx, ptr, exists and redirect (section 4.6.4). Merge duplicates and remove services you no longer send with.`;
	if (record === 'dkim')
		return status === 'missing'
			? `Turn on DKIM signing in your mail service for ${at}: it gives a selector and a public key to publish at ${key} (RFC 6376). Where to turn it on depends on your mail service.`
			: `Publish the DKIM key exactly as your mail service shows it, as one record at ${key} starting with v=DKIM1 and holding the key in p= (RFC 6376 section 3.6.1), and check that the service signs with that selector.`;
	return status === 'missing'
		? `Publish a TXT record at _dmarc.${at}: v=DMARC1; p=none; rua=mailto:<an address of yours> (RFC 7489). p=none only collects reports; move to p=quarantine, then p=reject, once the reports show your mail passing SPF or DKIM for ${at}.`
		: `Correct the TXT record at _dmarc.${at}: exactly one record, starting with v=DMARC1 and followed by a p= tag (none, quarantine or reject), tags separated by semicolons (RFC 7489 sections 6.3 and 6.4).`;
}

/** SPF/DKIM/DMARC records that are not valid, each a finding (missing ones rank above invalid). */
export function authFindings(
	auth: Partial<Record<AuthRecord, 'valid' | 'invalid' | 'missing'>> | undefined,
	domain?: string,
	selector?: string,
): Finding[] {
	if (!auth) return [];
	return (['spf', 'dkim', 'dmarc'] as const).flatMap((record): Finding[] => {
		const status = auth[record];
		if (!status || status === 'valid') return [];
		return [
			{
				key: record,
				text: `${record.toUpperCase()} record ${status === 'missing' ? 'missing' : 'not valid'}`,
				// SPF and DKIM authenticate the mail; DMARC only says what to do when they fail.
				severity: record === 'dmarc' ? 'medium' : 'high',
				fix: authFix(record, status, domain, selector),
			},
		];
	});
}

/** The fixes of Domain → Get Many's own findings (score, expiry). */
export const DOMAIN_FIXES = {
	scoreLow:
		'The score comes from the warming and spam tests of the mailboxes of this domain: fix its other problems first, keep warming on, and run a spam test to see whether placement recovers.',
	expired:
		'Renew the domain at its registrar now: mail from an expired domain cannot be delivered or answered.',
	expiring: 'Renew the domain at its registrar, or turn on automatic renewal there.',
	unscored: 'Nothing to do: the service scores the domain after its first check.',
};
