/**
 * What n8n's node creator (editor 2.41.1) makes of our nodes, from the data it reads:
 * - it shows an action node and a trigger whose name is the same plus "Trigger" as ONE entry, with the trigger's
 *   description (generateMergedNodesAndActions: `app.description = trigger.description`); our triggers' names differ
 *   (deliverabilityAlertTrigger, deliverabilityNotificationTrigger), so each node is an entry of its own, described
 *   by its own description;
 * - its search matches an entry's display name and its codex aliases only (each typed character in order, case
 *   ignored), never the actions' names: so every operation's action ("Get a spam test") is an alias of the action
 *   node, or searching it finds nothing.
 * The browser e2e checks the same in the real editor.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { INodePropertyOptions } from 'n8n-workflow';

import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';
import { RESOURCES } from '../../nodes/Deliverability/resources';
import { DeliverabilityNotificationTrigger } from '../../nodes/DeliverabilityNotificationTrigger/DeliverabilityNotificationTrigger.node';
import { DeliverabilityAlertTrigger } from '../../nodes/DeliverabilityAlertTrigger/DeliverabilityAlertTrigger.node';

const action = new Deliverability().description;
const triggers = [
	new DeliverabilityAlertTrigger().description,
	new DeliverabilityNotificationTrigger().description,
];
const codex = JSON.parse(
	fs.readFileSync(
		path.resolve(__dirname, '../../nodes/Deliverability/Deliverability.node.json'),
		'utf8',
	),
) as { alias: string[] };

/** The node creator's first test of a search: the typed text's characters appear in order in the target. */
function inOrder(typed: string, target: string): boolean {
	let i = 0;
	for (const c of target.toLowerCase()) if (c === typed[i]?.toLowerCase()) i++;
	return typed.length > 0 && i === typed.length;
}
const found = (typed: string) =>
	[action.displayName, ...codex.alias].some((target) => inOrder(typed, target));

const actions = action.properties
	.filter((p) => p.name === 'operation')
	.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => o.action!));

describe("the node creator's entry for Deliverability", () => {
	it('no trigger shares its entry: none is named as the action node plus "Trigger"', () => {
		for (const trigger of triggers)
			expect(trigger.name.replace('Trigger', '')).not.toBe(action.name);
	});

	it('each entry reads as what it is: the actions entry as the service, each trigger as what starts a run', () => {
		expect(action.description).toMatch(/^Email deliverability: spam tests/);
		expect(action.description).not.toMatch(/[Ss]tarts a workflow/);
		for (const trigger of triggers) {
			expect(trigger.description).toMatch(/^Starts (a|the) workflow when/);
			expect(trigger.description).not.toMatch(/the Deliverability node/);
		}
	});

	it('has an action for every operation of every resource', () =>
		expect(actions.filter((a) => typeof a === 'string' && a !== '')).toHaveLength(
			RESOURCES.reduce((n, r) => n + Object.keys(r.operations).length, 0),
		));

	it.each(actions)('searching "%s" finds it', (text) => {
		// `npm run generate` adds every operation's action to the aliases (Deliverability.node.json).
		expect(codex.alias).toContain(text);
		expect(found(text)).toBe(true);
	});

	it('no action says "account": users call it a mailbox, as the docs and examples do', () =>
		expect(actions.filter((a) => typeof a === 'string' && /\baccounts?\b/i.test(a))).toEqual([]));

	it.each([
		'pause mailbox',
		'resume mailbox',
		'reconnect mailbox',
		'domain health',
		'mailbox health',
		// What a user whose placement fell types (issue 59): Spam Test → Get Trend and the Placement drop alert.
		'placement drop',
		'inbox drop',
		'deliverability dropped',
	])('searching "%s" (two words, as people type them) finds it', (typed) =>
		expect(found(typed)).toBe(true),
	);

	it('a search for something it does not do finds nothing', () => {
		expect(found('Send an SMS')).toBe(false);
	});
});
