/**
 * README → Operations is the user's list of what the node does, written by hand in words: every operation of the
 * built node must stand in it, under its resource (an operation cell may name several: "Pause / Resume"), and it
 * names no other.
 */
import fs from 'node:fs';
import path from 'node:path';

import { operationNames } from './operation-names';

const readme = fs.readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');

/** "Resource → Operation" for every row of the README's Operations table. */
function listed(): Set<string> {
	const section = readme.split(/^## Operations$/m)[1]?.split(/^## /m)[0] ?? '';
	const found = new Set<string>();
	let resource = '';
	for (const line of section.split('\n')) {
		const cells = line.split('|').map((c) => c.trim());
		if (cells.length < 4 || cells[1] === 'Resource' || cells[1].startsWith('-')) continue;
		if (cells[1] !== '') resource = cells[1];
		for (const operation of cells[2].split(' / ')) found.add(`${resource} → ${operation}`);
	}
	return found;
}

const operations = operationNames();

describe('README → Operations', () => {
	it('reads the table (a check that finds nothing proves nothing)', () => {
		expect(listed().size).toBeGreaterThan(10);
	});

	it('names no operation the node lacks (renamed, or whose file is not in its resource table)', () => {
		const stale = [...listed()].filter((operation) => !operations.includes(operation));
		// Write README.md → Operations with the names of the Operation picker (resources/<resource>/
		// <operation>.ts, `operation.name`) under the Resource picker's name.
		expect(stale).toEqual([]);
	});

	it.each(operations)('lists %s', (operation) => {
		// Add a row (or the name to its resource's row, "A / B") to README.md → Operations: one short line a user reads.
		expect([...listed()]).toContain(operation);
	});
});
