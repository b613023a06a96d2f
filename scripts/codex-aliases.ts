/**
 * Part of `npm run generate`: every operation's action ("Get a spam test") becomes an alias in the action node's
 * codex file, since n8n's node creator searches aliases and display names only, never actions
 * (test/unit/node-creator-finds-the-actions.test.ts). New actions are appended after the aliases written by hand;
 * nothing is removed (an alias left by a renamed action still finds the node: delete it by hand).
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
const added = actions.filter((action) => !codex.alias.includes(action));
codex.alias.push(...added);
fs.writeFileSync(file, `${JSON.stringify(codex, null, '\t')}\n`);
console.log(
	`Deliverability.node.json: ${codex.alias.length} aliases (${added.length} actions added${added.length ? `: ${added.join(', ')}` : ''})`,
);
