/**
 * The action node's codex aliases as `npm run generate` keeps them (scripts/codex-aliases.ts): n8n's node creator
 * searches aliases and display names only, never actions, so every operation's action ("Get a spam test") is an
 * alias, and an action that names an account also comes in the words people search with ("Pause a mailbox": the node
 * creator matches the typed characters in order within one alias, so "pause mailbox" finds it).
 *
 * Two kinds of alias share the list, told apart by their form: search words written by hand are lowercase or an
 * acronym ("spam test", "DKIM"); an alias in sentence case of several words is an action's, as n8n writes actions
 * (test/unit/operation-picker-speaks-like-n8n.test.ts). Those follow the operations: an action that no operation has
 * any more (a renamed or removed operation) is dropped, so the editor never finds the node by words it does not offer.
 */

/** "Pause an account" → "Pause a mailbox", "Get many accounts" → "Get many mailboxes"; other actions unchanged. */
export function inMailboxWords(action: string): string {
	return action
		.replace(/\ban account\b/g, 'a mailbox')
		.replace(/\baccounts\b/g, 'mailboxes')
		.replace(/\baccount\b/g, 'mailbox');
}

/** An action's form: a capital first word, then more words ("Get a spam test", "Create a spam test (one credit)"). */
const ACTION_SHAPED = /^[A-Z][a-z]* \S/;

/**
 * The aliases for these actions: the hand-written search words as they are, in their order, then every action and
 * its mailbox wording, each once (kept where it already stood, new ones appended). What was added and dropped is
 * returned for the command's report.
 */
export function codexAliases(
	current: readonly string[],
	actions: readonly string[],
): { alias: string[]; added: string[]; removed: string[] } {
	const wanted = [...new Set(actions.flatMap((action) => [action, inMailboxWords(action)]))];
	const removed = current.filter((alias) => ACTION_SHAPED.test(alias) && !wanted.includes(alias));
	const kept = current.filter((alias) => !removed.includes(alias));
	const added = wanted.filter((alias) => !kept.includes(alias));
	return { alias: [...kept, ...added], added, removed };
}
