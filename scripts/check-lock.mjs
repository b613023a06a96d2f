// Fails when package-lock.json names an optional dependency it holds no entry for. npm writes such a lockfile when
// the registry it installs from lacks some platform builds (jest 30's resolver had 17 of 21 missing here), and then
// `npm ci` refuses it on every machine ("Missing: … from lock file"). Run by .ci/run before `npm ci`.
import fs from 'node:fs';

const lock = JSON.parse(fs.readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const names = new Set(
	Object.keys(lock.packages).map((key) => key.replace(/^.*node_modules\//, '')),
);
const missing = [];
for (const [key, entry] of Object.entries(lock.packages)) {
	for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
		if (!names.has(dep)) missing.push(`${key || '(root)'} → ${dep}`);
	}
}
if (missing.length) {
	console.error(
		`package-lock.json lacks ${missing.length} optional dependencies, so npm ci would fail:\n  ${missing.join('\n  ')}`,
	);
	process.exit(1);
}
console.log(
	`package-lock.json: ${Object.keys(lock.packages).length} entries, every optional dependency present`,
);
