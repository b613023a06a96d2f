/**
 * The Operation picker's texts as n8n's own nodes write them (n8n's lint checks the names and
 * descriptions, not the actions): an operation's action, which the node creator lists and searches
 * and n8n's workflow builder reads, is a sentence in sentence case ("Get many accounts", "Connect an
 * IMAP/SMTP mailbox": a capital first letter, later words in lower case but for acronyms), and the
 * standard operations start with their own verb (Create → "Create …", Get Many → "Get many …").
 * Read from the built node, so a new operation is checked without being listed.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';

const options = new Deliverability().description.properties
	.filter((p) => p.name === 'operation')
	.flatMap((p) =>
		(p.options as INodePropertyOptions[]).map((o) => ({
			resource: String(p.displayOptions?.show?.resource?.[0]),
			name: o.name,
			action: o.action ?? '',
		})),
	);

/** The start an action of a standard operation has, as in n8n's nodes. */
const STANDARD: Record<string, string> = {
	Create: 'Create ',
	Delete: 'Delete ',
	Get: 'Get ',
	'Get Many': 'Get many ',
	Update: 'Update ',
};

describe("the Operation picker's actions", () => {
	it('reads the pickers (a check that finds nothing proves nothing)', () => {
		expect(options.length).toBeGreaterThan(30);
	});

	it('is a sentence in sentence case, a standard operation starting with its verb', () => {
		const wrong = options
			.filter(
				({ name, action }) =>
					!/^[A-Z]/.test(action) ||
					action
						.split(' ')
						.slice(1)
						.some((word) => /^[A-Z][a-z]/.test(word)) ||
					(STANDARD[name] !== undefined && !action.startsWith(STANDARD[name])),
			)
			.map(({ resource, name, action }) => `${resource} → ${name}: "${action}"`);
		// Write `action` in the operation's file (resources/<resource>/<operation>.ts) as n8n does:
		// "Update a tag", "Get many tags", then `npm run generate` (the node creator searches it).
		expect(wrong).toEqual([]);
	});
});
