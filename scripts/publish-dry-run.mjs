// `npm run publish:dry-run`: the publish step of .github/workflows/publish.yml, without uploading, then n8n's scanner
// on the very tarball that step would upload.
//
//   1. `npm run release` as the workflow runs it (n8n's `n8n-node release` in its GitHub Actions mode, chosen by
//      GITHUB_ACTIONS=true): `npm run lint`, `npm run build`, then `npm publish` with the environment that tool sets
//      (RELEASE_MODE=true, NPM_CONFIG_PROVENANCE=true), made a dry run by npm_config_dry_run=true. npm then checks
//      everything but the upload: the manifest, the files, the registry's versions (a version already published
//      fails), the tag. The provenance statement itself is signed only inside GitHub Actions (OIDC): not here.
//   2. `npm pack` of the same folder: npm packs reproducibly, so its sha1 must equal the one the dry run printed;
//      that file is the tarball the workflow would upload.
//   3. `node scripts/scan.mjs --tarball <it>`: n8n's scanner on that file and on the source.
//
// Needs the npm registry (the dry run asks it for the package's versions). Writes nothing outside a temporary folder
// but dist/ (the build).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const say = (line) => process.stdout.write(`[publish:dry-run] ${line}\n`);

/** Runs a command with its output streamed and kept; resolves with the exit code and the output. */
function run(command, args, env) {
	return new Promise((resolve) => {
		const child = spawn(command, args, {
			cwd: root,
			env: { ...process.env, ...env },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		for (const stream of [child.stdout, child.stderr])
			stream.on('data', (chunk) => {
				output += chunk;
				process.stdout.write(chunk);
			});
		child.on('close', (code) => resolve({ code: code ?? 1, output }));
	});
}

say('1/3 npm run release as publish.yml runs it (GitHub Actions mode), npm publish as a dry run');
const release = await run('npm', ['run', 'release'], {
	GITHUB_ACTIONS: 'true',
	npm_config_dry_run: 'true',
	npm_config_update_notifier: 'false',
	// `npm run -s publish:dry-run` would silence npm publish's report, which step 2 reads.
	npm_config_loglevel: 'notice',
});
// eslint-disable-next-line no-control-regex
const plain = release.output.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
const shasum = /npm notice shasum:\s*([0-9a-f]{40})/.exec(plain)?.[1];
const dryRun = /npm notice Publishing to (\S+) with tag (\S+) and (\S+) access \(dry-run\)/.exec(
	plain,
);
if (release.code !== 0 || !shasum || !dryRun) {
	say(
		`FAILED after ${seconds()}: ${release.code !== 0 ? `npm run release exited ${release.code}` : 'no dry-run publish in its output'}`,
	);
	process.exit(1);
}
say(
	`dry run passed: would publish to ${dryRun[1]} with tag ${dryRun[2]}, ${dryRun[3]} access, sha1 ${shasum}`,
);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'deliverability-publish-'));
let failed = false;
try {
	say('2/3 npm pack of the same folder');
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
			cwd: root,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'inherit'],
		}),
	)[0];
	const tarball = path.join(work, packed.filename);
	if (packed.shasum !== shasum) {
		say(`FAILED: npm pack made sha1 ${packed.shasum}, the dry run ${shasum}: not the same tarball`);
		process.exit(1);
	}
	say(
		`${packed.filename}: sha1 ${packed.shasum} (the dry run's), ${packed.size} bytes, ${packed.entryCount} files`,
	);

	say('3/3 n8n scanner on that tarball and on the source');
	const scan = await run('node', [path.join('scripts', 'scan.mjs'), '--tarball', tarball], {});
	failed = scan.code !== 0;
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
say(failed ? `FAILED: the scan (${seconds()})` : `passed in ${seconds()}`);
process.exit(failed ? 1 : 0);
