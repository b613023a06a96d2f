/**
 * A spam test as a person reads it (Spam Test → Get and Get Many with Simplify on; also what the
 * durable wait and the report show): subject and sender, the scores, placement per mailbox provider
 * with counts and percentages, the sender domain's SPF/DKIM/DMARC in words, blacklists, the content
 * analysis parsed, and a verdict against the user's inbox thresholds with its reason in words
 * (inboxVerdict.ts).
 * Fields exist only when derived from what the service sent; values are read leniently
 * (docs/operations.md → Simplified outputs). Other modules rely on these field names: do not rename
 * them.
 */
import type { IDataObject } from 'n8n-workflow';

import { readBoolean, readNumber } from '../../../../shared/lenient';
import { authFindings, rankedFixes, type Finding } from '../../domain/shared/fixes';
import { authenticationOf } from '../../domain/shared/simplified';
import {
	domainBlacklistFix,
	placementFix,
	sendingIpBlacklistFix,
	spamCopiesFix,
	SPAM_TEST_FIXES,
} from './fixes';
import { INBOX_THRESHOLDS, verdictOf, type InboxThresholds } from './inboxVerdict';
import { placementOf, PROVIDER_NAMES, PROVIDERS, weakestProviders } from './placement';

export { providerGroup } from './placement';

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
