// Package-level facts that n8n's verification and the User-Agent depend on.
import * as fs from 'node:fs';
import * as path from 'node:path';

import { PACKAGE_VERSION, USER_AGENT } from '../../nodes/shared/version';

const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<
	string,
	unknown
> & {
	n8n: { n8nNodesApiVersion: number; strict: boolean; nodes: string[]; credentials: string[] };
	scripts: Record<string, string>;
	dependencies?: Record<string, string>;
	peerDependencies: Record<string, string>;
};

describe('package.json', () => {
	it('keeps the User-Agent version equal to the package version', () => {
		expect(PACKAGE_VERSION).toBe(pkg.version);
		expect(USER_AGENT).toBe(`n8n-nodes-deliverability/${String(pkg.version)}`);
	});

	it('has no runtime dependencies and exactly n8n-workflow as peer', () => {
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	});

	it('has no install-time lifecycle scripts', () => {
		for (const name of [
			'preinstall',
			'install',
			'postinstall',
			'prepare',
			'prepublish',
			'prepack',
			'postpack',
		]) {
			expect(pkg.scripts[name]).toBeUndefined();
		}
	});

	it('declares every node and credential under dist/ with a matching source file', () => {
		expect(pkg.n8n.n8nNodesApiVersion).toBe(1);
		expect(pkg.n8n.strict).toBe(true);
		for (const entry of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
			expect(entry.startsWith('dist/')).toBe(true);
			const source = path.join(root, entry.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
			expect(fs.existsSync(source)).toBe(true);
		}
	});

	// n8n's build copies every PNG/SVG of the repository into dist/ (the docs' screenshots too): only the built
	// credentials, icons and nodes are shipped, and the changelog (npm adds README and LICENSE itself).
	it('ships only the built credentials, icons and nodes, and the changelog', () => {
		expect(pkg.files).toEqual(['dist/credentials', 'dist/icons', 'dist/nodes', 'CHANGELOG.md']);
	});
});
