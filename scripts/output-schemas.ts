// `npm run schemas`: regenerate the shipped output schemas (support/output-schemas.ts) and remove stale ones.
import fs from 'node:fs';
import path from 'node:path';

import { existingSchemaFiles, generateSchemas, schemaRoot } from '../support/output-schemas';

generateSchemas()
	.then((files) => {
		for (const stale of existingSchemaFiles())
			if (!files.has(stale)) fs.rmSync(path.join(schemaRoot, stale));
		for (const [rel, text] of files) {
			fs.mkdirSync(path.dirname(path.join(schemaRoot, rel)), { recursive: true });
			fs.writeFileSync(path.join(schemaRoot, rel), text);
		}
		console.log(
			`${files.size} output schemas written to ${path.relative(process.cwd(), schemaRoot)}/`,
		);
	})
	.catch((e: Error) => {
		console.error(e.message);
		process.exit(1);
	});
