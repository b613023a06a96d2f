/**
 * What to do about each problem a spam test shows (the `fixes` of its simplified output; the
 * authentication ones come from domain/shared/fixes.ts). Blacklists get their own published removal
 * procedure where the list is one we know; for any other list, and wherever a step depends on the
 * user's mail service, the fix says so instead of inventing one (docs/operations.md → Problems and
 * their fixes).
 */

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

/** Placement below the thresholds: where it fell and what to do first. */
export function placementFix(weakest: string[]): string {
	const where = weakest.length ? `Inbox placement was lowest at ${weakest.join(', ')}. ` : '';
	return `${where}Fix the authentication and blacklist problems of this test first, then send a new test. Each mailbox provider filters differently; its own sender guidelines (Gmail, Outlook.com, Yahoo) say what it requires, and warming the mailbox longer helps where copies land in spam.`;
}

export const SPAM_TEST_FIXES = {
	spamWords: (words: string[]): string =>
		`Reword or remove these words in the subject and body, then run a new test: ${words.join(', ')}.`,
	notArrived:
		'Check that the message went to every seed address of the test with its tracking id (public_full_id) in the body, and look for bounces in your sending log: a provider may have refused it.',
};
