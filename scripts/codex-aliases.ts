/**
 * Part of `npm run generate`: every operation's action ("Get a spam test") becomes an alias in the action node's
 * codex file, since n8n's node creator searches aliases and display names only, never actions
 * (test/unit/node-creator-finds-the-actions.test.ts). An action that names an account also comes in the words people
 * search with, "mailbox" ("Pause a mailbox"): the node creator matches the typed characters in order within one
 * alias, so "pause mailbox" finds "Pause a mailbox" and never "Pause an account" (n8n's AI builder scores each word
 * alone and needs no such pair). New aliases are appended after the ones written by hand; nothing is removed (an alias
 * left by a renamed action still finds the node: delete it by hand).
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INodePropertyOptions } from 'n8n-workflow';

import { Deliverability } from '../nodes/Deliverability/Deliverability.node';

const file = path.join(__dirname, '..', 'nodes', 'Deliverability', 'Deliverability.node.json');
const codex = JSON.parse(fs.readFileSync(file, 'utf8')) as { alias: string[] };
const actions = new Deliverability().description.properties
	.filter((p) => p.name === 'operation')
	.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => o.action ?? o.name));
/** "Pause an account" → "Pause a mailbox", "Get many accounts" → "Get many mailboxes"; other actions unchanged. */
const inMailboxWords = (action: string) =>
	action
		.replace(/\ban account\b/g, 'a mailbox')
		.replace(/\baccounts\b/g, 'mailboxes')
		.replace(/\baccount\b/g, 'mailbox');
const wanted = actions.flatMap((action) => [action, inMailboxWords(action)]);
const added = [...new Set(wanted)].filter((alias) => !codex.alias.includes(alias));
codex.alias.push(...added);
fs.writeFileSync(file, `${JSON.stringify(codex, null, '\t')}\n`);
console.log(
	`Deliverability.node.json: ${codex.alias.length} aliases (${added.length} added${added.length ? `: ${added.join(', ')}` : ''})`,
);
