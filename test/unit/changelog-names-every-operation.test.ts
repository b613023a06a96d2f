/**
 * CHANGELOG.md says what each version brings users, and an operation is the first thing a user looks for there: every
 * operation of the built node is named in the entry of a version (a line "  - <Resource>: <Operation>, <Operation>",
 * the resource and operation as the pickers show them), and the changelog names no operation the node lacks. A new
 * operation gets its name in the newest entry, under the marker line (CONTRIBUTING → Adding an operation).
 */
import fs from 'node:fs';
import path from 'node:path';

import { operationNames } from './operation-names';

const changelog = fs.readFileSync(path.resolve(__dirname, '../../CHANGELOG.md'), 'utf8');

/** "Resource → Operation" for every operation a version entry names. */
function named(text: string): Set<string> {
	const entries = text.split('<!-- auto-changelog-above -->')[1] ?? '';
	const found = new Set<string>();
	// A line "  - Resource: Op, Op" may go on over indented lines.
	for (const m of entries.matchAll(/^ {2}- ([A-Z][A-Za-z ]*): (.+(?:\n {4}\S.*)*)/gm))
		for (const operation of m[2].replace(/\s*\n\s*/g, ' ').split(', '))
			found.add(`${m[1]} → ${operation.trim()}`);
	return found;
}

const operations = operationNames();

describe('CHANGELOG.md names every operation', () => {
	it('reads the entries (a check that finds nothing proves nothing)', () => {
		expect(named(changelog).size).toBeGreaterThan(10);
	});

	it('names no operation the node lacks', () => {
		// Renamed or removed: write the names of the Operation picker under the Resource picker's name.
		expect([...named(changelog)].filter((o) => !operations.includes(o))).toEqual([]);
	});

	it('names every operation of the node', () => {
		const missing = operations.filter((o) => !named(changelog).has(o));
		// Add each to the newest version's entry in CHANGELOG.md, under the marker line: a line
		// "  - <Resource>: <Operation>" (or the name added to its resource's line), as README → Operations has its row.
		expect(
			missing.map((o) => `${o}: missing from CHANGELOG.md, add it to the newest version's entry`),
		).toEqual([]);
	});

	it('finds a missing one (the check is not blind)', () => {
		const without = changelog
			.replace(', Link to Mailbox', '')
			.replace(': Link to Mailbox', ': Unlink');
		expect(named(without).has('Tag → Link to Mailbox')).toBe(false);
	});
});
