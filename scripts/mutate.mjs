// `npm run mutate [-- <target>… --concurrency <n>]`: Stryker over the files listed in stryker.config.mjs, one file at a
// time, each against its own test files; prints the score of each file and the time it took. Stryker needs Node 22
// or later: on an older Node this re-runs itself with the Node 24 that `npm run runtime` (or `npm start`) provisions
// into .cache/runtime/. Not part of `npm test` or CI: it takes minutes per file on 2 cores
// (docs/development.md → Mutation testing).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);

if (major < 22) {
	const pinned = JSON.parse(fs.readFileSync(path.join(root, 'support/versions.json'), 'utf8')).node;
	const node = path.join(root, '.cache/runtime', `node-${pinned}`, 'bin', 'node');
	if (!fs.existsSync(node)) {
		console.error(
			`Stryker needs Node 22 or later; this is Node ${process.versions.node}. Run \`npm run runtime\` once ` +
				`(it provisions Node ${pinned} into .cache/runtime/, which this command then uses), or run it with Node 22+.`,
		);
		process.exit(1);
	}
	const again = spawnSync(node, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
		stdio: 'inherit',
		env: {
			...process.env,
			PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
		},
	});
	process.exit(again.status ?? 1);
}

const { targets } = await import('../stryker.config.mjs');
const args = process.argv.slice(2);
const concurrencyAt = args.indexOf('--concurrency');
const concurrency = concurrencyAt >= 0 ? args.splice(concurrencyAt, 2)[1] : '1';
const unknown = args.filter((name) => !(name in targets));
if (unknown.length) {
	console.error(
		`No mutation target ${unknown.join(', ')}; the targets: ${Object.keys(targets).join(', ')}`,
	);
	process.exit(1);
}
const chosen = args.length ? args : Object.keys(targets);
const stryker = path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');

/**
 * Per mutated file: killed (or timed out: an endless loop is noticed too) out of every mutant not
 * marked equivalent.
 */
function scores(name) {
	const report = JSON.parse(
		fs.readFileSync(path.join(root, '.cache/mutation', `${name}.json`), 'utf8'),
	);
	return Object.entries(report.files).map(([file, { mutants }]) => {
		const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0 };
		for (const mutant of mutants) if (mutant.status in count) count[mutant.status]++;
		const detected = count.Killed + count.Timeout;
		const valid = detected + count.Survived + count.NoCoverage;
		return { file, ...count, score: valid ? (100 * detected) / valid : 100 };
	});
}

const rows = [];
let failed = false;
const allStarted = Date.now();
for (const name of chosen) {
	const started = Date.now();
	console.log(`\n=== ${name}: ${[targets[name].mutate].flat().join(', ')}`);
	const run = spawnSync(
		process.execPath,
		[stryker, 'run', 'stryker.config.mjs', '--concurrency', concurrency],
		{ cwd: root, stdio: 'inherit', env: { ...process.env, MUTATE_TARGET: name } },
	);
	const seconds = (Date.now() - started) / 1000;
	if (run.status !== 0) {
		failed = true;
		rows.push(`${name}: Stryker failed (exit ${run.status}) after ${seconds.toFixed(0)} s`);
		continue;
	}
	for (const s of scores(name))
		rows.push(
			`${s.score.toFixed(1).padStart(5)} %  ${s.file}: killed ${s.Killed + s.Timeout}, ` +
				`survived ${s.Survived}, no coverage ${s.NoCoverage}, equivalent (ignored) ${s.Ignored}` +
				` (${name}: ${seconds.toFixed(0)} s)`,
		);
}
console.log(`\nMutation score per file (reports in .cache/mutation/):\n${rows.join('\n')}`);
console.log(`All in ${((Date.now() - allStarted) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
