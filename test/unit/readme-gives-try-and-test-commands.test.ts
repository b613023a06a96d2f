/**
 * The README, a user's page, gives both commands a newcomer needs (try it, test it) with what the first start costs,
 * and the install's progress lines promise no duration a busy machine overruns: the ranges they gave ("1–5 minutes",
 * "1–2 minutes") were outrun by 7.8 and 4.0 min at load 10–14 (issue 41).
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('README: try it, test it', () => {
	const readme = read('README.md');
	const block = /```bash\n([\s\S]*?)```/g;
	const commands = [...readme.matchAll(block)].flatMap((m) => m[1].split('\n'));

	it('shows `npm ci && npm start` (try it) and `npm ci && npm test` (test it) as commands to copy', () => {
		expect(commands.some((line) => /^npm ci && npm start\s+# try it/.test(line))).toBe(true);
		expect(commands.some((line) => /^npm ci && npm test\s+# test it/.test(line))).toBe(true);
	});

	it('says what the first npm start installs and how long it took', () => {
		const section = readme.slice(readme.indexOf('## Try it, test it'));
		expect(section).toMatch(/about 3 GB/);
		expect(section).toMatch(/4\.6 minutes on a quiet machine and 13\.6 minutes on a busy one/);
		expect(section).toMatch(/EBADENGINE/);
	});

	it("gives the number of npm ci's EBADENGINE warnings on Node 20, 22.18 and 24.11 as the lockfile makes them", () => {
		// npm warns once for each installed folder whose package's engines exclude the running Node.
		const lock = JSON.parse(read('package-lock.json')) as {
			packages: Record<string, { version?: string; engines?: { node?: string } }>;
		};
		const warnings = (node: string) => {
			const folders = Object.entries(lock.packages).filter(
				([folder, entry]) =>
					folder !== '' &&
					typeof entry.engines?.node === 'string' &&
					!semver.satisfies(node, entry.engines.node),
			);
			const packages = new Set(
				folders.map(
					([folder, entry]) => `${folder.replace(/.*node_modules\//, '')}@${entry.version}`,
				),
			);
			return { warnings: folders.length, packages: packages.size };
		};
		const flat = readme.replace(/\s+/g, ' ');
		const said = /on Node 20, (\d+) warnings for (\d+) packages/.exec(flat);
		expect(said && { warnings: Number(said[1]), packages: Number(said[2]) }).toEqual(
			warnings('20.19.0'),
		);
		expect(flat).toMatch(
			/on Node 22\.18 or later one \(`isolated-vm`\); on Node 24\.11 or later none/,
		);
		expect([warnings('22.18.0').warnings, warnings('24.11.0').warnings]).toEqual([1, 0]);
	});

	it('the runtime install promises no range a busy machine overruns', () => {
		const runtime = read('support/runtime.ts');
		expect(runtime).not.toMatch(/\(1–5 minutes|\(1–2 minutes|\(3–8 minutes/);
		expect(runtime).toMatch(/3 min on a quiet machine, 8 or more when busy/);
	});
});
