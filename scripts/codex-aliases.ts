/**
 * Part of `npm run generate`: the action node's codex aliases follow its operations (support/codex-aliases.ts):
 * every action and its mailbox wording is an alias, an action no operation has any more is dropped, and the search
 * words written by hand (lowercase, or an acronym) stay as they are
 * (test/unit/node-creator-finds-the-actions.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INodePropertyOptions } from 'n8n-workflow';

import { Deliverability } from '../nodes/Deliverability/Deliverability.node';
import { codexAliases } from '../support/codex-aliases';

const file = path.join(__dirname, '..', 'nodes', 'Deliverability', 'Deliverability.node.json');
const codex = JSON.parse(fs.readFileSync(file, 'utf8')) as { alias: string[] };
const actions = new Deliverability().description.properties
	.filter((p) => p.name === 'operation')
	.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => o.action ?? o.name));
const { alias, added, removed } = codexAliases(codex.alias, actions);
codex.alias = alias;
fs.writeFileSync(file, `${JSON.stringify(codex, null, '\t')}\n`);
const list = (words: string[]) => (words.length ? `: ${words.join(', ')}` : '');
console.log(
	`Deliverability.node.json: ${alias.length} aliases (${added.length} added${list(added)}; ${removed.length} removed${list(removed)})`,
);
