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
import { authenticationOf, authProblems } from '../../domain/shared/simplified';

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

type Provider = 'gmail' | 'outlook' | 'yahoo' | 'other';

/** The mailbox provider group of a seed's `provider`. */
export function providerGroup(provider: unknown): Provider {
	const p = typeof provider === 'string' ? provider.trim().toLowerCase() : '';
	if (p === 'gmail' || p.startsWith('google')) return 'gmail';
	if (['outlook', 'hotmail', 'office365'].includes(p) || p.startsWith('microsoft'))
		return 'outlook';
	if (p === 'yahoo' || p === 'aol') return 'yahoo';
	return 'other';
}

const INBOX = ['INBOX', 'PERSONAL', 'IMPORTANT'];
const CATEGORIES = ['PROMOTION', 'PROMOTIONS', 'SOCIAL', 'UPDATES', 'FORUMS'];
type Folder = 'inbox' | 'categories' | 'spam' | 'other' | 'not_received';

/**
 * The folder group of a seed copy, as the service groups folders; an empty folder means it has not
 * arrived.
 */
function folderGroup(receivedIn: unknown): Folder {
	const folder = typeof receivedIn === 'string' ? receivedIn.trim().toUpperCase() : '';
	if (!folder) return 'not_received';
	if (INBOX.includes(folder)) return 'inbox';
	if (CATEGORIES.includes(folder)) return 'categories';
	if (folder === 'SPAM') return 'spam';
	return 'other';
}

interface Placement extends IDataObject {
	seeds: number;
	inbox: number;
	categories: number;
	spam: number;
	other: number;
	not_received: number;
	inbox_percent: number | null;
	spam_percent: number | null;
}

const percent = (part: number, whole: number): number | null =>
	whole > 0 ? Math.round((part / whole) * 100) : null;

function placementOf(results: IDataObject[]): Record<'all' | Provider, Placement> {
	const empty = (): Placement => ({
		seeds: 0,
		inbox: 0,
		categories: 0,
		spam: 0,
		other: 0,
		not_received: 0,
		inbox_percent: null,
		spam_percent: null,
	});
	const out = { all: empty(), gmail: empty(), outlook: empty(), yahoo: empty(), other: empty() };
	for (const r of results) {
		const folder = folderGroup(r.received_in);
		for (const bucket of [out.all, out[providerGroup(r.provider)]]) {
			bucket.seeds++;
			bucket[folder]++;
		}
	}
	for (const bucket of Object.values(out)) {
		bucket.inbox_percent = percent(bucket.inbox, bucket.seeds);
		bucket.spam_percent = percent(bucket.spam, bucket.seeds);
	}
	return out;
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

	const problems: string[] = [];
	const verdict = verdictOf(completed, placement?.all, readNumber(test.final_score), thresholds);
	if (verdict) {
		out.verdict = verdict.verdict;
		out.verdict_reason = verdict.reason;
		if (verdict.problem) problems.push(verdict.problem);
	}
	if (placement) out.placement = placement;

	const auth = snapshot ? authenticationOf(snapshot) : undefined;
	if (auth) out.authentication = auth;
	problems.push(...authProblems(auth));

	const domainLists = names(test.blacklist_links);
	const ipLists = names(test.blacklist_sending_ip);
	if (domainLists || ipLists)
		out.blacklists = { domain: domainLists ?? [], sending_ip: ipLists ?? [] };
	if (domainLists?.length)
		problems.push(
			`listed on ${plural(domainLists.length, 'domain blacklist', 'domain blacklists')}: ${domainLists.join(', ')}`,
		);
	if (ipLists?.length)
		problems.push(
			`sending IP listed on ${plural(ipLists.length, 'blacklist', 'blacklists')}: ${ipLists.join(', ')}`,
		);

	const content = contentOf(test.analysis_results);
	if (content !== undefined) out.content = content;
	if (isObject(content) && Array.isArray(content.spam_words) && content.spam_words.length) {
		problems.push(`spam words in the message: ${content.spam_words.map(String).join(', ')}`);
	}

	if (placement && completed === true) {
		const { spam, not_received: missing, seeds } = placement.all;
		if (spam)
			problems.push(`${spam} of ${plural(seeds, 'seed copy', 'seed copies')} landed in spam`);
		if (missing) problems.push(`${plural(missing, 'seed copy', 'seed copies')} never arrived`);
	}
	out.problems = problems.map((p) => p.charAt(0).toUpperCase() + p.slice(1));
	return out;
}

/**
 * `analysis_results` parsed when it is JSON text of an object (or an object already); other text as
 * sent.
 */
function contentOf(value: unknown): unknown {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (text.startsWith('{')) {
		try {
			const parsed: unknown = JSON.parse(text);
			if (isObject(parsed)) return parsed;
		} catch {
			// Not JSON after all: the text as sent.
		}
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
