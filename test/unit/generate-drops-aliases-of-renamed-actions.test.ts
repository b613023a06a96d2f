/**
 * `npm run generate` keeps the action node's codex aliases in step with its operations (support/codex-aliases.ts):
 * an alias left by a renamed or removed operation is dropped, so n8n's node creator never finds the node by an action
 * it does not offer; the search words written by hand stay; a new action comes with its mailbox wording.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { INodePropertyOptions } from 'n8n-workflow';

import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';
import { codexAliases } from '../../support/codex-aliases';

describe('generate keeps the codex aliases in step with the actions', () => {
	it('drops the aliases of a renamed action, keeps hand-written words, adds the new action in both wordings', () => {
		const current = [
			'spam test',
			'DKIM',
			'inbox placement',
			'Get a spam test',
			'Pause an account',
			'Pause a mailbox',
		];
		const { alias, added, removed } = codexAliases(current, [
			'Get a spam test',
			'Pause an account for now',
		]);
		expect(removed).toEqual(['Pause an account', 'Pause a mailbox']);
		expect(added).toEqual(['Pause an account for now', 'Pause a mailbox for now']);
		expect(alias).toEqual([
			'spam test',
			'DKIM',
			'inbox placement',
			'Get a spam test',
			'Pause an account for now',
			'Pause a mailbox for now',
		]);
	});

	it('changes nothing when the aliases already follow the actions', () => {
		const current = ['spam', 'Get an account', 'Get a mailbox'];
		expect(codexAliases(current, ['Get an account'])).toEqual({
			alias: current,
			added: [],
			removed: [],
		});
	});

	it('Deliverability.node.json holds no alias of an action the node does not have', () => {
		const codex = JSON.parse(
			fs.readFileSync(
				path.resolve(__dirname, '../../nodes/Deliverability/Deliverability.node.json'),
				'utf8',
			),
		) as { alias: string[] };
		const actions = new Deliverability().description.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => o.action ?? o.name));
		expect(codexAliases(codex.alias, actions).removed).toEqual([]);
	});
});
