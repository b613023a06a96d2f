// Lint: nodes/, credentials/ and package.json get exactly the rule set of n8n's community-package scanner
// (imported from the scanner itself, so the two can never drift); everything else gets strict TypeScript rules.
import tseslint from 'typescript-eslint';
import { buildScanConfig } from '@n8n/scan-community-package/scanner/scanner.mjs';

const SHIPPED = ['package.json', 'nodes/**/*.ts', 'nodes/**/*.json', 'credentials/**/*.ts'];

const scanConfig = (await buildScanConfig()).map((config) => ({
	...config,
	files: config.files ? config.files.flatMap((f) => SHIPPED.filter((s) => matchesLoosely(s, f))) : SHIPPED,
}));

// The scanner's own globs are `**/nodes/**/*.ts`, `**/*.json`, …; narrow each to our shipped folders.
function matchesLoosely(shipped, scanGlob) {
	if (scanGlob === 'package.json') return shipped === 'package.json';
	if (scanGlob.includes('credentials')) return shipped.startsWith('credentials/');
	if (scanGlob.includes('nodes')) return shipped.startsWith('nodes/') && shipped.endsWith('.ts');
	if (scanGlob.endsWith('.json')) return shipped.endsWith('.json');
	if (scanGlob.endsWith('.ts')) return shipped.endsWith('.ts');
	return true;
}

export default [
	{ ignores: ['dist/**', 'node_modules/**', '.cache/**', 'coverage/**', '.pack/**', '**/*.js', '**/*.mjs', 'package-lock.json'] },
	...scanConfig.filter((c) => c.files.length > 0),
	...tseslint.config({
		files: ['test/**/*.ts', 'sandbox/**/*.ts', 'scripts/**/*.ts', 'support/**/*.ts'],
		extends: [...tseslint.configs.strict],
		languageOptions: { parserOptions: { projectService: false } },
		rules: {
			'@typescript-eslint/no-non-null-assertion': 'off',
		},
	}),
];
