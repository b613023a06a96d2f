/**
 * `npm run lint` (n8n's `eslint .` with the script's ESLINT_FLAGS) reads the project's own files and nothing the
 * tooling left in .cache/: after `npm start`, n8n's editor bundle (about 700 .js files, copied into n8n's data folder
 * .cache/n8n-start) took a minute of the lint step; a build stage (.cache/stage-*) holds copies of the sources.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const lintScript = (
	JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
		scripts: Record<string, string>;
	}
).scripts.lint;
const flags = (/ESLINT_FLAGS=(\S+)/.exec(lintScript)?.[1] ?? '').split(',').filter(Boolean);

/** Files like those `npm start` and a build leave in .cache/, made for the check and removed after it. */
const probe = path.join(root, '.cache', `lint-probe-${process.pid}`);
const left = [
	path.join(probe, 'n8n-start', '.cache', 'n8n', 'public', 'assets', 'index-abc123.js'),
	path.join(probe, 'stage-1', 'nodes', 'Deliverability', 'Deliverability.node.ts'),
];

beforeAll(() => {
	for (const file of left) {
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, 'export const x = 1;\n');
	}
});
afterAll(() => fs.rmSync(probe, { recursive: true, force: true }));

/**
 * ESLint's own answer for each file, in a process of its own (ESLint loads the eslint.config.mjs files with a dynamic
 * import, which jest's module system does not run).
 */
function ignoredByLint(files: string[]): boolean[] {
	const script = `
		const { ESLint } = require('eslint');
		const eslint = new ESLint({ cwd: process.cwd(), flags: JSON.parse(process.argv[1]) });
		Promise.all(process.argv.slice(2).map((f) => eslint.isPathIgnored(f))).then((r) =>
			process.stdout.write(JSON.stringify(r)),
		);`;
	const out = execFileSync(process.execPath, ['-e', script, JSON.stringify(flags), ...files], {
		cwd: root,
		encoding: 'utf8',
	});
	return JSON.parse(out) as boolean[];
}

describe('npm run lint', () => {
	it('leaves out what npm start and a build leave in .cache/', () => {
		expect(ignoredByLint(left)).toEqual(left.map(() => true));
	});

	it("reads the project's own files", () => {
		const own = [
			'nodes/Deliverability/Deliverability.node.ts',
			'credentials/DeliverabilityApi.credentials.ts',
			'package.json',
			'scripts/start.ts',
			'test/unit/package.test.ts',
		].map((f) => path.join(root, f));
		expect(ignoredByLint(own)).toEqual(own.map(() => false));
	});
});
