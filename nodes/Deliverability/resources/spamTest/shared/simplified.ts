/**
 * A spam test as a person reads it (Spam Test → Get and Get Many with Simplify on; also what the
 * durable wait and the report show): subject and sender, the scores, placement per mailbox provider
 * with counts and percentages, the sender domain's SPF/DKIM/DMARC in words, blacklists, the content
 * analysis parsed, and a verdict against the user's inbox thresholds with its reason in words.
 * Fields exist only when derived from what the service sent; values are read leniently
 * (docs/operations.md → Simplified outputs). Other modules rely on these field names: do not rename
 * them.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { readBoolean, readNumber } from '../../../../shared/lenient';
import type { Validator } from '../../../../shared/validation';
import { authFindings, rankedFixes, type Finding } from '../../domain/shared/fixes';
import { authenticationOf } from '../../domain/shared/simplified';
import {
	domainBlacklistFix,
	placementFix,
	sendingIpBlacklistFix,
	spamCopiesFix,
	SPAM_TEST_FIXES,
} from './fixes';
import {
	placementOf,
	PROVIDER_NAMES,
	PROVIDERS,
	weakestProviders,
	type Placement,
} from './placement';

export { providerGroup } from './placement';

interface InboxThresholds {
	/** Inbox share (percent of all seeds) at or above which the test passes. */
	passAt: number;
	/** Inbox share at or above which it warns (below: fail). */
	warnAt: number;
}

const INBOX_THRESHOLDS: InboxThresholds = { passAt: 80, warnAt: 60 };

/**
 * The two thresholds, options of Get and Get Many (the range is checked in execute, see
 * `inboxThresholds`).
 */
export const thresholdOptions: INodeProperties[] = [
	{
		displayName: 'Pass At Inbox (%)',
		name: 'passAtInbox',
		type: 'number',
		default: 80,
		description:
			'Simplify: the share of seed copies in the inbox (0 to 100) at or above which the verdict is pass',
	},
	{
		displayName: 'Warn At Inbox (%)',
		name: 'warnAtInbox',
		type: 'number',
		default: 60,
		description:
			'Simplify: the inbox share (0 to 100) at or above which a test below Pass At Inbox gets warn; below it, fail',
	},
];

/**
 * The thresholds from an Options collection, checked (0 to 100, warn not above pass) before any
 * request.
 */
export function inboxThresholds(v: Validator, options: IDataObject): InboxThresholds {
	const thresholds = v.all({
		passAt: () =>
			options.passAtInbox === undefined
				? INBOX_THRESHOLDS.passAt
				: v.integer('passAtInbox', options.passAtInbox, 0, 100),
		warnAt: () =>
			options.warnAtInbox === undefined
				? INBOX_THRESHOLDS.warnAt
				: v.integer('warnAtInbox', options.warnAtInbox, 0, 100),
	});
	if (thresholds.warnAt > thresholds.passAt)
		v.invalid('warnAtInbox', `${thresholds.warnAt} is above Pass At Inbox (${thresholds.passAt})`);
	return { ...INBOX_THRESHOLDS, ...thresholds };
}

const isObject = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

function names(value: unknown): string[] | undefined {
	return Array.isArray(value) ? value.map((v) => String(v)) : undefined;
}

export function simplifySpamTest(
	test: IDataObject,
	thresholds: InboxThresholds = INBOX_THRESHOLDS,
): IDataObject {
	const out: IDataObject = {};
	for (const key of ['public_id', 'public_full_id'] as const)
		if (test[key] !== undefined) out[key] = test[key];
	const completed = readBoolean(test.completed);
	if (completed !== undefined) out.completed = completed;
	for (const key of [
		'subject',
		'sender',
		'created_at',
		'test_type',
		'seedlist',
		'automated_test_id',
	] as const) {
		if (test[key] !== undefined && test[key] !== null) out[key] = test[key];
	}
	// The sender's domain name: `domain` as the spec types it (text), or the name inside a snapshot
	// object.
	const snapshot = [test.domain, test.domain_auth].find(isObject);
	const domainName = typeof test.domain === 'string' ? test.domain : snapshot?.domain;
	if (typeof domainName === 'string') out.domain = domainName;
	for (const key of ['final_score', 'score', 'btob_score', 'btoc_score'] as const) {
		const n = readNumber(test[key]);
		if (n !== undefined) out[key] = n;
	}

	const results = Array.isArray(test.results)
		? (test.results as unknown[]).filter(isObject)
		: undefined;
	const placement = results ? placementOf(results) : undefined;
	if (placement) {
		out.inbox_percent = placement.all.inbox_percent;
		out.spam_percent = placement.all.spam_percent;
		out.not_received = placement.all.not_received;
	}

	const problems: Finding[] = [];
	const verdict = verdictOf(completed, placement?.all, readNumber(test.final_score), thresholds);
	if (verdict) {
		out.verdict = verdict.verdict;
		out.verdict_reason = verdict.reason;
		if (verdict.problem)
			problems.push({
				key: 'placement',
				text: verdict.problem,
				severity: verdict.verdict === 'fail' ? 'critical' : 'medium',
				// Written once the authentication and blacklist problems are known (below), so the
				// text here is never read:
				// Stryker disable next-line StringLiteral: equivalent, as said above
				fix: '',
			});
	}
	if (placement) out.placement = placement;

	const auth = snapshot ? authenticationOf(snapshot) : undefined;
	if (auth) out.authentication = auth;
	const selector = typeof snapshot?.dkim_selector === 'string' ? snapshot.dkim_selector : undefined;
	problems.push(
		...authFindings(auth, typeof domainName === 'string' ? domainName : undefined, selector),
	);

	const domainLists = names(test.blacklist_links);
	const ipLists = names(test.blacklist_sending_ip);
	if (domainLists || ipLists)
		out.blacklists = { domain: domainLists ?? [], sending_ip: ipLists ?? [] };
	if (domainLists?.length)
		problems.push({
			key: 'domain_blacklists',
			text: `listed on ${plural(domainLists.length, 'domain blacklist', 'domain blacklists')}: ${domainLists.join(', ')}`,
			severity: 'critical',
			fix: domainBlacklistFix(domainLists),
		});
	if (ipLists?.length)
		problems.push({
			key: 'sending_ip_blacklists',
			text: `sending IP listed on ${plural(ipLists.length, 'blacklist', 'blacklists')}: ${ipLists.join(', ')}`,
			severity: 'critical',
			fix: sendingIpBlacklistFix(ipLists),
		});

	const low = problems.find((p) => p.key === 'placement');
	if (low)
		low.fix = placementFix(
			placement ? weakestProviders(placement, thresholds.passAt) : [],
			problems.length - 1,
		);

	const content = contentOf(test.analysis_results);
	if (content !== undefined) out.content = content;
	if (isObject(content) && Array.isArray(content.spam_words) && content.spam_words.length) {
		const words = content.spam_words.map(String);
		problems.push({
			key: 'spam_words',
			text: `spam words in the message: ${words.join(', ')}`,
			severity: 'medium',
			fix: SPAM_TEST_FIXES.spamWords(words),
		});
	}

	if (placement && completed === true) {
		const { spam, not_received: missing, seeds } = placement.all;
		if (spam)
			problems.push({
				key: 'spam_copies',
				text: `${spam} of ${plural(seeds, 'seed copy', 'seed copies')} landed in spam`,
				severity: 'high',
				fix: spamCopiesFix(
					PROVIDERS.filter((p) => placement[p].spam).map(
						(p) => `${PROVIDER_NAMES[p]} ${placement[p].spam} of ${placement[p].seeds}`,
					),
				),
			});
		if (missing)
			problems.push({
				key: 'not_arrived',
				text: `${plural(missing, 'seed copy', 'seed copies')} never arrived`,
				severity: 'medium',
				fix: SPAM_TEST_FIXES.notArrived,
			});
	}
	out.problems = problems.map((p) => p.text.charAt(0).toUpperCase() + p.text.slice(1));
	out.fixes = rankedFixes(problems);
	return out;
}

/**
 * `analysis_results` parsed when it is JSON text of an object (or an object already); other text as
 * sent.
 */
function contentOf(value: unknown): unknown {
	// null is no content; anything else that is not text (an object, undefined) is handed on as is.
	if (value === null) return undefined;
	if (typeof value !== 'string') return value;
	// trim() also drops a byte-order mark, which JSON.parse refuses.
	const text = value.trim();
	try {
		const parsed: unknown = JSON.parse(text);
		if (isObject(parsed)) return parsed;
	} catch {
		// Not JSON after all: the text as sent.
	}
	return value;
}

function verdictOf(
	completed: boolean | undefined,
	all: Placement | undefined,
	finalScore: number | undefined,
	{ passAt, warnAt }: InboxThresholds,
): { verdict: string; reason: string; problem?: string } | undefined {
	if (completed === false) {
		const reason = all
			? `waiting for seed copies: ${all.seeds - all.not_received} of ${all.seeds} arrived`
			: 'waiting for seed copies';
		return { verdict: 'pending', reason };
	}
	if (completed !== true) return undefined;
	if (all && all.inbox_percent !== null) {
		const share = all.inbox_percent;
		const what = `${share} % of seed copies reached the inbox`;
		if (share >= passAt)
			return { verdict: 'pass', reason: `${what} (pass at ${passAt} % or more)` };
		if (share >= warnAt)
			return {
				verdict: 'warn',
				reason: `${what} (pass at ${passAt} %, warn from ${warnAt} %)`,
				problem: `only ${what}`,
			};
		return { verdict: 'fail', reason: `${what} (fail below ${warnAt} %)`, problem: `only ${what}` };
	}
	// No seed results in the answer: the final score is about 10 × the inbox share
	// (docs/operations.md → Simplified outputs).
	if (finalScore === undefined) return undefined;
	const what = `final score ${finalScore} of 10 (no seed results in the answer)`;
	if (finalScore * 10 >= passAt)
		return { verdict: 'pass', reason: `${what}: pass at ${passAt / 10} or more` };
	if (finalScore * 10 >= warnAt)
		return { verdict: 'warn', reason: `${what}: warn from ${warnAt / 10}`, problem: what };
	return { verdict: 'fail', reason: `${what}: fail below ${warnAt / 10}`, problem: what };
}
