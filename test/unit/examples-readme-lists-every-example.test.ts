/**
 * examples/README.md is where a user looks for what each example does: every workflow file in examples/ has its row
 * there (its file name in backticks at the start of a table row), and every row names a file that exists.
 */
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(__dirname, '..', '..', 'examples');
const files = fs
	.readdirSync(dir)
	.filter((f) => f.endsWith('.json'))
	.sort();
const rows = [
	...fs.readFileSync(path.join(dir, 'README.md'), 'utf8').matchAll(/^\|\s*`([^`]+\.json)`\s*\|/gm),
].map((m) => m[1]);

describe('examples/README.md', () => {
	it('has a row for every example workflow', () => {
		expect(files.length).toBeGreaterThan(0);
		expect(files.filter((f) => !rows.includes(f))).toEqual([]);
	});

	it('lists no example that does not exist, and none twice', () => {
		expect(rows.filter((f) => !files.includes(f))).toEqual([]);
		expect(new Set(rows).size).toBe(rows.length);
	});
});
