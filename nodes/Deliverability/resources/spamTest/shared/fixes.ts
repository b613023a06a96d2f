/**
 * What to do about each problem a spam test shows (the `fixes` of its simplified output; the
 * authentication ones come from domain/shared/fixes.ts). Blacklists get their own published removal
 * procedure where the list is one we know; for any other list, and wherever a step depends on the
 * user's mail service, the fix says so instead of inventing one (docs/operations.md → Problems and
 * their fixes).
 */
import type { IDataObject } from 'n8n-workflow';

import { PROVIDER_NAMES, type Provider } from './placement';

/**
 * Blacklists' own published removal procedures, by the end of the list's DNS name. Only lists
 * whose procedure is public and stable.
 */
const DELISTING: Array<{ suffix: string; how: string }> = [
	{
		suffix: 'spamhaus.org',
		how: 'look it up at https://check.spamhaus.org/ and follow the removal steps Spamhaus gives there',
	},
	{
		suffix: 'barracudacentral.org',
		how: 'request removal at https://www.barracudacentral.org/rbl/removal-request',
	},
	{
		suffix: 'spamcop.net',
		how: 'SpamCop has no removal request: a listing expires on its own about 24 hours after the last report (https://www.spamcop.net/bl.shtml)',
	},
	{ suffix: 'uribl.com', how: 'look it up and request removal at https://admin.uribl.com/' },
	{ suffix: 'surbl.org', how: 'look it up at https://www.surbl.org/surbl-analysis' },
];

function delistingOf(list: string): string {
	const name = list.trim().toLowerCase();
	const known = DELISTING.find((d) => name === d.suffix || name.endsWith(`.${d.suffix}`));
	return known
		? `${list}: ${known.how}`
		: `${list}: follow the removal procedure on that list's own website`;
}

/** Listed on domain blacklists: each list's procedure, after stopping the cause. */
export function domainBlacklistFix(lists: string[]): string {
	return `First find and stop what got the domain listed (a jump in volume, mail to old or bought addresses, a hacked mailbox), or it will be listed again. Then, per list: ${lists.map(delistingOf).join('; ')}.`;
}

/** The sending IP listed: who can ask for removal depends on whose IP it is. */
export function sendingIpBlacklistFix(lists: string[]): string {
	return `If you send through a mail service (Google Workspace, Microsoft 365, an email platform), the IP is theirs: send this result to its support, which must request the removal. On a server of your own, check its volume and whether it relays mail for others, then, per list: ${lists.map(delistingOf).join('; ')}.`;
}

/** Each mailbox provider's own published sender guidelines. */
export const GUIDELINES: Record<Provider, string> = {
	gmail: "Gmail's sender guidelines (https://support.google.com/a/answer/81126)",
	outlook:
		"Outlook.com's sender policies (https://sendersupport.olc.protection.outlook.com/pm/policies.aspx)",
	yahoo: "Yahoo's sender best practices (https://senders.yahooinc.com/best-practices/)",
	other: "each provider's own sender guidelines",
};

/**
 * Placement below the thresholds: where it fell and what to do. "Its authentication and blacklist
 * problems first" only when the test has some (`others`: how many).
 */
export function placementFix(weakest: string[], others: number): string {
	const where = weakest.length ? `Inbox placement was lowest at ${weakest.join(', ')}. ` : '';
	const first = others
		? "Fix this test's authentication and blacklist problems first (in this list), then send a new test. "
		: 'This test shows no authentication or blacklist problem. ';
	return `${where}${first}Each mailbox provider filters differently, and its own sender guidelines (Gmail, Outlook.com, Yahoo) say what it requires; warming the mailbox longer helps where copies land in spam.`;
}

/** Copies in spam: which providers put them there (the placement fix says what to do first). */
export function spamCopiesFix(where: string[]): string {
	const at = where.length ? ` (${where.join(', ')})` : '';
	return `Look at the copies that landed in spam${at}: the provider's own sender guidelines say what it requires, and the spam test's content and authentication results say what it saw. Keep the mailbox warming and send a new test after each change.`;
}

/**
 * The first fix of a trend that dropped: where it dropped (overall or per provider), what is new in
 * the latest test against what was there before the drop too, and each dropped provider's own
 * guidelines. `fixes`: the latest test's, each with `in_earlier_tests`.
 */
export function placementDropFix(
	where: Array<Provider | 'all'>,
	fixes: IDataObject[],
): IDataObject {
	const providers = where.filter((w): w is Provider => w !== 'all');
	const names = providers.map((p) => PROVIDER_NAMES[p]);
	const own = fixes.filter((f) => !['placement', 'spam_copies'].includes(String(f.key)));
	const fresh = own.filter((f) => f.in_earlier_tests === 0).map((f) => String(f.problem));
	const old = own.filter((f) => Number(f.in_earlier_tests) > 0).map((f) => String(f.problem));
	const cause = fresh.length
		? `Start with what is new in the latest test: ${fresh.join('; ')}.`
		: old.length
			? `Nothing new shows in the latest test's checks: its other problems (${old.join('; ')}) were there in earlier tests too, before the drop, so they are unlikely to be its only cause.`
			: "The latest test's checks show no authentication, blacklist or content problem.";
	const guides = (providers.length ? providers : (['gmail', 'outlook', 'yahoo'] as const)).map(
		(p) => GUIDELINES[p],
	);
	return {
		problem: `Inbox placement dropped ${names.length ? `at ${names.join(', ')}` : 'overall'}`,
		severity: 'high',
		fix: `${cause} Then check what changed in your sending (volume, list, content, a new mail service) against ${guides.join(', ')}, and send a new test: a drop the next tests do not repeat was chance.`,
		key: 'placement_drop',
	};
}

export const SPAM_TEST_FIXES = {
	spamWords: (words: string[]): string =>
		`Reword or remove these words in the subject and body, then run a new test: ${words.join(', ')}.`,
	notArrived:
		'Check that the message went to every seed address of the test with its tracking id (public_full_id) in the body, and look for bounces in your sending log: a provider may have refused it.',
};
