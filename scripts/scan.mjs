// Offline verification scan: runs n8n's own scanner (`analyzePackage` from @n8n/scan-community-package) on the
// source with the scanner's source patterns, then on the unpacked `npm pack` tarball (**/*.js + package.json),
// exactly the two legs the online scan runs. No network: the tarball is packed from this folder, or, with
// `--tarball <file.tgz>`, it is that file (`npm run publish:dry-run` scans the tarball its dry run would upload).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const given = process.argv.includes('--tarball')
	? path.resolve(process.argv[process.argv.indexOf('--tarball') + 1] ?? '')
	: undefined;
if (given && !(fs.existsSync(given) && given.endsWith('.tgz'))) {
	console.error(`scan: --tarball needs an existing .tgz file (got ${given})`);
	process.exit(1);
}
if (!given && !fs.existsSync(path.join(root, 'dist'))) {
	console.error('scan: dist/ is missing; run `npm run build` first');
	process.exit(1);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'deliverability-scan-'));
let failed = false;
try {
	const packed = given ? describeTarball(given) : packHere(work);
	const tarball = given ?? path.join(work, packed.filename);
	const unpacked = path.join(work, 'package');
	execFileSync('tar', ['-xzf', tarball, '-C', work]);
	const unexpected = packed.files
		.map((f) => f.path)
		.filter((p) => !/^(dist\/|package\.json$|README\.md$|LICENSE|CHANGELOG\.md$)/.test(p));
	// npm pack reports the unpacked size; a given tarball's is what it unpacked to.
	const unpackedSize = packed.unpackedSize ?? bytesIn(unpacked);
	console.log(
		`tarball: ${given ?? packed.filename}, ${packed.size} bytes packed, ${unpackedSize} bytes unpacked, ${packed.entryCount} files`,
	);
	if (unexpected.length) {
		console.error(`tarball holds files n8n does not need: ${unexpected.join(', ')}`);
		failed = true;
	}
	for (const [label, dir, patterns] of [
		['source', root, SOURCE_FILE_PATTERNS],
		['tarball', unpacked, ['**/*.js', 'package.json']],
	]) {
		const result = await analyzePackage(dir, patterns);
		if (result.passed) {
			console.log(`scan ${label}: passed${result.message ? ` (${result.message})` : ''}`);
		} else {
			failed = true;
			console.error(`scan ${label}: FAILED: ${result.message}`);
			if (result.details) console.error(result.details);
		}
	}
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/** `npm pack` of this folder into `dir`: npm's own description of the tarball (name, sizes, files). */
function packHere(dir) {
	return JSON.parse(
		execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
			cwd: root,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		}),
	)[0];
}

/** The bytes of every file under `dir`, as npm counts a tarball's unpacked size. */
function bytesIn(dir) {
	return fs
		.readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

/** The same description of a given tarball, read with `tar` (its files are under `package/`). */
function describeTarball(file) {
	const files = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
		.split('\n')
		.filter((line) => line && !line.endsWith('/'))
		.map((line) => ({ path: line.replace(/^package\//, '') }));
	return {
		filename: path.basename(file),
		size: fs.statSync(file).size,
		entryCount: files.length,
		files,
	};
}
