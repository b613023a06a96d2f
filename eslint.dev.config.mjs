// The development code (sandbox/, test/, scripts/, support/) is Node.js code that tests, benches and runs the package;
// n8n's rules for nodes (no process, no timers, no fs, …) do not apply to it. Each of those folders has an
// eslint.config.mjs that re-exports this file; ESLint picks the config nearest to each file (its per-file config
// lookup, the default from ESLint 10, switched on here by ESLINT_FLAGS in `npm run lint`), so the root
// eslint.config.mjs stays n8n's default config for the node code (strict mode).
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['**/*.js', '**/*.mjs'] },
	{
		files: ['**/*.ts'],
		extends: [...tseslint.configs.strict],
		languageOptions: { parserOptions: { projectService: false } },
		rules: {
			'@typescript-eslint/no-non-null-assertion': 'off',
		},
	},
);
