// The release path without publishing: what `npm pack` would put in the tarball (what `npm publish` uploads), the
// version and its CHANGELOG entry, and the publish workflow that `npm run release` hands over to. Runs on the build
// that `npm test` makes before jest.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
	name: string;
	version: string;
	scripts: Record<string, string>;
	devDependencies: Record<string, string>;
	n8n: { nodes: string[]; credentials: string[] };
};

interface Packed {
	name: string;
	version: string;
	files: Array<{ path: string }>;
}

/** `npm pack --dry-run --json`: the tarball's name, version and files, without writing it. */
function packed(): Packed {
	if (!fs.existsSync(path.join(root, 'dist', 'nodes')))
		throw new Error('no dist/: run `npm run build` first (npm test does)');
	const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: root,
		encoding: 'utf8',
		env: { ...process.env, npm_config_update_notifier: 'false' },
	});
	return (JSON.parse(out.slice(out.indexOf('['))) as Packed[])[0];
}

/** The headings of CHANGELOG.md that name a version (hand-written `## 0.1.0`, or auto-changelog's `### [0.2.0](…)`). */
function changelogVersions(): string[] {
	return [...read('CHANGELOG.md').matchAll(/^#{2,4} \[?v?(\d+\.\d+\.\d+[^\]\s]*)\]?/gm)].map(
		(m) => m[1],
	);
}

describe('release', () => {
	let tarball: Packed;
	// npm pack loads the whole installed tree first: about 8 CPU seconds, minutes of wall time on a busy machine.
	beforeAll(() => {
		tarball = packed();
	}, 300000);

	it('packs the built nodes, credentials and icons with README, LICENSE and CHANGELOG, and nothing else', () => {
		const files = tarball.files.map((f) => f.path).sort();
		const outside = files.filter(
			(f) =>
				!['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'].includes(f) &&
				!/^dist\/(credentials|icons|nodes)\//.test(f),
		);
		expect(outside).toEqual([]);
		for (const f of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'])
			expect(files).toContain(f);
		// Built code, schemas and icons only: no sources, maps, tests, sandbox or tarballs.
		expect(files.filter((f) => !/\.(js|json|svg|png|md)$/.test(f) && f !== 'LICENSE')).toEqual([]);
		expect(
			files.filter((f) => /\.(ts|map)$|(^|\/)(test|sandbox|support|scripts)\//.test(f)),
		).toEqual([]);
		// Everything package.json declares to n8n is in it.
		for (const entry of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(files).toContain(entry);
	});

	it("is package.json's name and version, and CHANGELOG.md has an entry for that version", () => {
		expect(tarball).toMatchObject({ name: pkg.name, version: pkg.version });
		expect(changelogVersions()).toContain(pkg.version);
		// n8n's release tool (auto-changelog) writes new versions above this line and keeps what is under it.
		expect(read('CHANGELOG.md')).toContain('<!-- auto-changelog-above -->');
	});

	it("releases through n8n's node tool, which release-it runs locally", () => {
		expect(pkg.scripts.release).toBe('n8n-node release');
		expect(pkg.devDependencies['release-it']).toMatch(/^\d+\.\d+\.\d+$/);
	});

	it('publishes only from CI, on a version tag, after npm test, with provenance', () => {
		const workflow = read('.github/workflows/publish.yml');
		// release-it tags a release with its bare version (0.1.0), as n8n's own publish workflow expects.
		expect(workflow).toMatch(/tags:\s*\[\s*'\*\.\*\.\*'\s*\]/);
		expect(workflow).toMatch(/permissions:[\s\S]*id-token: write/);
		const steps = [...workflow.matchAll(/^\s+- (?:run: |name: )(.+)$/gm)].map((m) => m[1].trim());
		const at = (step: string) => {
			const i = steps.indexOf(step);
			if (i < 0) throw new Error(`publish.yml has no step "${step}": ${steps.join(' | ')}`);
			return i;
		};
		expect(at('npm ci')).toBeLessThan(at('npm test'));
		expect(at('npm test')).toBeLessThan(at('Tag matches package.json version'));
		expect(at('Tag matches package.json version')).toBeLessThan(at('npm run release'));
		expect(workflow).toContain(
			`test "$(node -p "require('./package.json').version")" = "\${GITHUB_REF_NAME}"`,
		);
		// `n8n-node release` in GitHub Actions: lint, build, then npm publish with provenance; never a bare publish.
		const commands = workflow.split('\n').filter((line) => !line.trimStart().startsWith('#'));
		expect(commands.filter((line) => line.includes('npm publish'))).toEqual([]);
	});
});
