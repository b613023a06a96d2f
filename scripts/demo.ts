/**
 * `npm run demo`: records the demo video n8n's reviewers ask for, one continuous take (support/demo.ts says what it
 * shows): builds and packs the package, starts the sandbox, then in Chromium (Debian's, driven by playwright-core)
 * installs the tarball into a fresh n8n 2.41.1, starts it and uses the editor, while Playwright records the page
 * (its own video recording; the encoder it calls is Debian's ffmpeg). The waits for the machine that the take marks
 * are cut out of the recording (support/take-cuts.ts), so its length does not grow with the machine's load. Writes
 * .cache/demo/deliverability-demo.webm (outside git) and prints its length and size; refuses (exit 1) a take of
 * 5 minutes or longer, or one with a frozen or black stretch longer than a few seconds (support/take-check.ts).
 *
 * Options (after `npm run demo --`): `--out <file.webm>`, `--pace <n>` (pauses for the viewer ×n, default 1),
 * `--no-video` (run the take without recording).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '../sandbox';
import { runDemo } from '../support/demo';
import type { DemoState } from '../support/demo-kit';
import { buildAndPack } from '../support/package';
import { ensureRuntime, repoRoot, versions } from '../support/runtime';
import { lengthSeconds, takeProblems, TAKE_LIMITS } from '../support/take-check';
import { cutSpans, spansToCut } from '../support/take-cuts';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FFMPEG = '/usr/bin/ffmpeg';
const SIZE = { width: 1280, height: 800 };

function parseArgs(argv: string[]) {
	const out = {
		file: path.join(repoRoot, '.cache', 'demo', 'deliverability-demo.webm'),
		pace: 1,
		video: true,
	};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--out') out.file = path.resolve(argv[++i] ?? '');
		else if (a === '--pace') out.pace = Number(argv[++i]);
		else if (a === '--no-video') out.video = false;
		else throw new Error(`unknown option ${a} (known: --out <file.webm>, --pace <n>, --no-video)`);
	}
	if (!out.file.endsWith('.webm')) throw new Error('--out must name a .webm file');
	if (!(out.pace >= 0)) throw new Error('--pace needs a number ≥ 0');
	return out;
}

const t0 = Date.now();
const say = (m: string) =>
	process.stdout.write(`[demo ${((Date.now() - t0) / 1000).toFixed(0)} s] ${m}\n`);

/**
 * Playwright records video through an ffmpeg it looks for in its browsers folder (ffmpeg-<revision>/ffmpeg-linux),
 * normally downloaded from Playwright's servers. This points a private browsers folder at Debian's ffmpeg instead:
 * nothing is downloaded. Must run before playwright-core is loaded.
 */
function useDebianFfmpeg(dir: string): void {
	if (!fs.existsSync(FFMPEG))
		throw new Error(
			`no ${FFMPEG}: the recording needs Debian's ffmpeg (apt-get install -y ffmpeg), or run with --no-video`,
		);
	const browsers = JSON.parse(
		fs.readFileSync(
			path.join(path.dirname(require.resolve('playwright-core')), 'browsers.json'),
			'utf8',
		),
	) as { browsers: Array<{ name: string; revision: string }> };
	const revision = browsers.browsers.find((b) => b.name === 'ffmpeg')!.revision;
	const target = path.join(dir, `ffmpeg-${revision}`, 'ffmpeg-linux');
	fs.mkdirSync(path.dirname(target), { recursive: true });
	fs.rmSync(target, { force: true });
	fs.symlinkSync(FFMPEG, target);
	process.env.PLAYWRIGHT_BROWSERS_PATH = dir;
}

async function main(): Promise<void> {
	const args = parseArgs(process.argv.slice(2));
	if (!fs.existsSync(CHROMIUM))
		throw new Error(
			`no Chromium at ${CHROMIUM}: apt-get install -y chromium (Debian's), or set CHROMIUM_PATH`,
		);
	const work = path.join(repoRoot, '.cache', 'demo');
	fs.mkdirSync(work, { recursive: true });
	const recorded = path.join(work, 'recorded-take.webm');
	fs.rmSync(recorded, { force: true });
	if (args.video) useDebianFfmpeg(path.join(work, 'playwright'));
	say(`n8n ${versions.n8n} (Node ${versions.node}); building the package …`);
	await ensureRuntime({ log: say });
	const tgz = await buildAndPack();
	say(`packed ${path.relative(repoRoot, tgz)}; starting the sandbox`);
	const sandbox = await startSandbox({ port: 0, smtpPort: 0 });
	// n8n's data folder lives outside the repository (nothing of it is kept after the take).
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'deliverability-demo-n8n-'));
	const videoDir = path.join(work, 'recording');
	fs.rmSync(videoDir, { recursive: true, force: true });

	const { chromium } = await import('playwright-core');
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: ['--no-sandbox', '--disable-dev-shm-usage'],
	});
	const state: DemoState = { scenes: [], workflows: {}, waits: [] };
	let failed: Error | undefined;
	const context = await browser.newContext({
		viewport: SIZE,
		...(args.video ? { recordVideo: { dir: videoDir, size: SIZE } } : {}),
	});
	// The recording starts with the page.
	const recordingFrom = Date.now();
	const page = await context.newPage();
	page.on('dialog', (dialog) => void dialog.accept());
	page.setDefaultNavigationTimeout(180000);
	try {
		say(args.video ? 'recording the take' : 'running the take (no recording)');
		await runDemo({ page, sandbox, tgz, userFolder, pace: args.pace, log: say }, state);
	} catch (error) {
		failed = error as Error;
		await page.screenshot({ path: path.join(work, 'failure.png') }).catch(() => undefined);
	} finally {
		const video = page.video();
		await context.close();
		if (video) await video.saveAs(recorded);
		await browser.close();
		await state.n8n?.stop();
		await sandbox.close();
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
	for (const s of state.scenes) say(`  scene ${s.name} at ${s.at.toFixed(0)} s`);
	if (failed) {
		say(
			`FAILED: ${failed.message} (the page then: ${path.relative(repoRoot, path.join(work, 'failure.png'))})`,
		);
		process.exit(1);
	}
	if (!args.video) {
		say('done (no video recorded)');
		return;
	}
	const recordedSeconds = lengthSeconds(recorded);
	const cuts = spansToCut(
		state.waits.map((w) => ({
			start: (w.from - recordingFrom) / 1000,
			end: (w.to - recordingFrom) / 1000,
		})),
		recordedSeconds,
	);
	say(
		`recorded ${recordedSeconds.toFixed(1)} s; cutting ${cuts.length} waits for the machine (${cuts.reduce((sum, c) => sum + c.end - c.start, 0).toFixed(1)} s)`,
	);
	// Beside the recording, for a look at what was cut: seconds into the recording.
	fs.writeFileSync(`${recorded}.cuts.json`, `${JSON.stringify(cuts, null, '\t')}\n`);
	fs.mkdirSync(path.dirname(args.file), { recursive: true });
	cutSpans(recorded, args.file, cuts);
	const seconds = lengthSeconds(args.file);
	const bytes = fs.statSync(args.file).size;
	const length = `${Math.floor(seconds / 60)} min ${(seconds % 60).toFixed(1)} s`;
	say(
		`video: ${path.relative(process.cwd(), args.file)}, ${length} (${seconds.toFixed(1)} s), ${(bytes / 1024 / 1024).toFixed(1)} MiB (${bytes} bytes), ${SIZE.width}×${SIZE.height} WebM`,
	);
	const problems = takeProblems(args.file);
	if (problems.length) {
		say(
			`FAILED: the take is not worth sending (limits: under ${TAKE_LIMITS.lengthSeconds / 60} min, nothing frozen or black for more than ${TAKE_LIMITS.stillSeconds} s):`,
		);
		for (const problem of problems) say(`  - ${problem}`);
		process.exit(1);
	}
	say(
		`checked: under ${TAKE_LIMITS.lengthSeconds / 60} min, nothing frozen or black for more than ${TAKE_LIMITS.stillSeconds} s`,
	);
}

main().catch((e: Error) => {
	say(`FAILED: ${e.message}`);
	process.exit(1);
});
