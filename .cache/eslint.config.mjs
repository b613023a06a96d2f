// .cache/ holds what the tooling makes, never the project's own files: the real-n8n runtimes, the packed package,
// and `npm start`'s n8n data folder, where n8n copies its editor bundle (about 700 .js files). ESLint's flat config
// ignores only node_modules/ and .git/, and the root eslint.config.mjs must stay n8n's default (strict mode), so this
// config (ESLint takes the nearest one for each file: `npm run lint` turns on that per-file lookup) ignores it all.
export default [{ ignores: ['**/*'] }];
