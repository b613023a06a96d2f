/**
 * A sending domain as a person reads it (Domain → Get Many with Simplify on): authentication in
 * words, the score and the expiry, MX records with named fields, and a verdict against the user's
 * thresholds with its reasons. Every field is derived from what the service sent; a field it did
 * not send stays absent (docs/operations.md → Simplified outputs). The authentication words are
 * also used for the domain snapshot of a spam test.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { readBoolean, readNumber, readText } from '../../../../shared/lenient';
import { authFindings, DOMAIN_FIXES, rankedFixes, type Finding, type Severity } from './fixes';

type AuthStatus = 'valid' | 'invalid' | 'missing';

const RECORDS = ['spf', 'dkim', 'dmarc'] as const;

/**
 * One record's state from `<record>_valid` and `<record>_value`: valid when the service says so;
 * missing when there is no record text; invalid when there is a record the service does not accept
 * (or it sent no text to tell). Undefined when the service sent neither field.
 */
function authStatus(source: IDataObject, record: (typeof RECORDS)[number]): AuthStatus | undefined {
	const valid = readBoolean(source[`${record}_valid`]);
	const value = source[`${record}_value`];
	if (valid === true) return 'valid';
	if (value !== undefined && readText(value) === undefined) return 'missing';
	return valid === false ? 'invalid' : undefined;
}

/** `{spf, dkim, dmarc}` in words, each only when derivable; undefined when none is. */
export function authenticationOf(
	source: IDataObject,
): Partial<Record<(typeof RECORDS)[number], AuthStatus>> | undefined {
	const out: Partial<Record<(typeof RECORDS)[number], AuthStatus>> = {};
	for (const record of RECORDS) {
		const status = authStatus(source, record);
		if (status) out[record] = status;
	}
	return Object.keys(out).length ? out : undefined;
}

/** Sentences for the records that are not valid, e.g. "DMARC record missing". */
export function authProblems(
	auth: Partial<Record<(typeof RECORDS)[number], AuthStatus>> | undefined,
): string[] {
	return authFindings(auth).map((f) => f.text);
}

/**
 * `[host, ip, priority]` triples as `{host, ip, priority}` (priority as a number when it is one);
 * objects pass as sent.
 */
function mxRecords(value: unknown): IDataObject[] | undefined {
	if (!Array.isArray(value)) return undefined;
	return value.map((entry: unknown) => {
		if (!Array.isArray(entry)) return entry as IDataObject;
		const [host, ip, priority] = entry as unknown[];
		return {
			host: host ?? null,
			ip: ip ?? null,
			priority: readNumber(priority) ?? (priority as string) ?? null,
		} as IDataObject;
	});
}

interface DomainThresholds {
	/** Average score at or above which the score passes. */
	passAt: number;
	/** Average score at or above which the score only warns (below: fail). */
	warnAt: number;
	/** Days before expiry from which the expiry warns. */
	expiryWarnDays: number;
}

export const DOMAIN_THRESHOLDS: DomainThresholds = { passAt: 70, warnAt: 50, expiryWarnDays: 30 };

/** Why a domain may come without a score (the spec: the service lists only scored domains). */
export const UNSCORED_REASON =
	'The service has no average score for this domain yet (it scores a domain from the warming and spam tests of its mailboxes; a newly connected domain gets one after its first check).';

export function simplifyDomain(
	domain: IDataObject,
	thresholds: DomainThresholds = DOMAIN_THRESHOLDS,
	now: DateTime = DateTime.utc(),
): IDataObject {
	const out: IDataObject = {};
	for (const key of ['id', 'domain'] as const)
		if (domain[key] !== undefined) out[key] = domain[key];
	const score = readNumber(domain.avg_score);
	out.scored = score !== undefined;
	if (score !== undefined) out.score = score;
	else out.unscored_reason = UNSCORED_REASON;
	const change = readNumber(domain.score_change);
	if (change !== undefined) out.score_change = change;

	const auth = authenticationOf(domain);
	// Nothing is assigned from an undefined source: no records, no fields.
	Object.assign(out, auth);
	for (const key of [
		'spf_value',
		'dkim_value',
		'dkim_selector',
		'dmarc_value',
		'expire_at',
		'last_check_at',
	] as const) {
		if (domain[key] !== undefined) out[key] = domain[key];
	}
	const expires =
		typeof domain.expire_at === 'string'
			? DateTime.fromISO(domain.expire_at, { zone: 'utc' })
			: undefined;
	if (expires?.isValid) out.expires_in_days = Math.floor(expires.diff(now, 'days').days);
	const mx = mxRecords(domain.mx_records);
	if (mx) out.mx_records = mx;

	const domainName = typeof domain.domain === 'string' ? domain.domain : undefined;
	const selector = typeof domain.dkim_selector === 'string' ? domain.dkim_selector : undefined;
	const fails: Finding[] = authFindings(auth, domainName, selector);
	const warns: Finding[] = [];
	const finding = (key: string, text: string, severity: Severity, fix: string): Finding => ({
		key,
		text,
		severity,
		fix,
	});
	if (score !== undefined && score < thresholds.warnAt)
		fails.push(
			finding(
				'score',
				`average score ${score} is below ${thresholds.warnAt}`,
				'high',
				DOMAIN_FIXES.scoreLow,
			),
		);
	else if (score !== undefined && score < thresholds.passAt)
		warns.push(
			finding(
				'score',
				`average score ${score} is below ${thresholds.passAt}`,
				'medium',
				DOMAIN_FIXES.scoreLow,
			),
		);
	const days = out.expires_in_days as number | undefined;
	if (days !== undefined && days < 0)
		fails.push(
			finding(
				'expiry',
				`the domain expired ${-days} day${days === -1 ? '' : 's'} ago`,
				'critical',
				DOMAIN_FIXES.expired,
			),
		);
	else if (days !== undefined && days <= thresholds.expiryWarnDays)
		warns.push(
			finding(
				'expiry',
				`the domain expires in ${days} day${days === 1 ? '' : 's'}`,
				'medium',
				DOMAIN_FIXES.expiring,
			),
		);
	if (score === undefined)
		warns.push(finding('score', 'no average score yet', 'low', DOMAIN_FIXES.unscored));

	out.verdict = fails.length
		? 'fail'
		: score === undefined
			? 'pending'
			: warns.length
				? 'warn'
				: 'pass';
	const texts = [...fails, ...warns].map((f) => f.text);
	out.verdict_reason = texts.length
		? capitalise(texts.join('; '))
		: passReason(auth, score!, thresholds);
	out.problems = texts.map(capitalise);
	out.fixes = rankedFixes([...fails, ...warns]);
	return out;
}

function passReason(
	auth: Partial<Record<(typeof RECORDS)[number], AuthStatus>> | undefined,
	score: number,
	thresholds: DomainThresholds,
): string {
	const valid = auth ? RECORDS.filter((r) => auth[r] === 'valid').map((r) => r.toUpperCase()) : [];
	const records = valid.length
		? `${valid.join(', ').replace(/, ([^,]*)$/, ' and $1')} valid, `
		: '';
	return capitalise(`${records}average score ${score} (pass at ${thresholds.passAt} or more)`);
}

function capitalise(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
