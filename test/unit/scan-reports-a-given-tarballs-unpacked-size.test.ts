/**
 * `npm run publish:dry-run` scans the tarball its dry run would upload (`scripts/scan.mjs --tarball <file>`), and
 * the scan's summary line gives that tarball's unpacked size in bytes, as `npm pack` gives it for its own: it printed
 * "? bytes unpacked" (issue 59). Made on a small tarball of known files.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

it('a given tarball: its files, and the bytes they unpack to', () => {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-size-'));
	try {
		const files: Record<string, string> = {
			'package/package.json': JSON.stringify({ name: 'sized', version: '1.0.0' }),
			'package/dist/nodes/a.js': 'module.exports = 1;\n',
			'package/dist/nodes/deeper/b.js': `module.exports = ${JSON.stringify('x'.repeat(1000))};\n`,
		};
		for (const [file, text] of Object.entries(files)) {
			fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
			fs.writeFileSync(path.join(work, file), text);
		}
		const tarball = path.join(work, 'sized-1.0.0.tgz');
		execFileSync('tar', ['-czf', tarball, '-C', work, 'package']);
		const bytes = Object.values(files).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
		// The summary comes first; what the scanner then says of this made-up package is not the point here.
		const { stdout } = spawnSync(process.execPath, ['scripts/scan.mjs', '--tarball', tarball], {
			cwd: root,
			encoding: 'utf8',
		});
		expect(stdout).toContain(
			`tarball: ${tarball}, ${fs.statSync(tarball).size} bytes packed, ${bytes} bytes unpacked, 3 files`,
		);
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
}, 120000);
