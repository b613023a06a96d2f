/**
 * The demo's take check (support/take-check.ts) on videos made for it with Debian's ffmpeg: a moving picture
 * (ffmpeg's test pattern) around a blank white page and a black screen, each held for 8 s, and a take whose only
 * still moment is 3 s. Skipped, saying so, without ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { stillStretches, takeProblems } from '../../support/take-check';

const hasFfmpeg = ['/usr/bin/ffmpeg', '/usr/bin/ffprobe'].every((f) => fs.existsSync(f));
if (!hasFfmpeg)
	process.stdout.write(
		'\n[demo] SKIPPED the take check: no /usr/bin/ffmpeg (apt-get install -y ffmpeg).\n',
	);
const d = hasFfmpeg ? describe : describe.skip;

let dir: string;

/**
 * A small WebM (VP8, as Playwright records) of these pieces in order, each `[source, seconds]`; `onlyChanges`: a
 * frame only where the picture changed, each at its time, as Playwright writes them.
 */
function video(name: string, pieces: Array<[string, number]>, onlyChanges = false): string {
	const file = path.join(dir, `${name}.webm`);
	const inputs = pieces.flatMap(([source, seconds]) => [
		'-f',
		'lavfi',
		'-i',
		`${source}${source.includes('=') ? ':' : '='}s=160x100:r=25:d=${seconds}`,
	]);
	const joined = `${pieces.map((_, i) => `[${i}]`).join('')}concat=n=${pieces.length}:v=1${onlyChanges ? ',mpdecimate' : ''}[v]`;
	execFileSync(
		'ffmpeg',
		[
			'-hide_banner',
			'-loglevel',
			'error',
			...inputs,
			'-filter_complex',
			joined,
			'-map',
			'[v]',
			...(onlyChanges ? ['-fps_mode', 'vfr'] : []),
			'-c:v',
			'libvpx',
			'-deadline',
			'realtime',
			'-cpu-used',
			'8',
			'-b:v',
			'300k',
			file,
		],
		{ stdio: 'ignore' },
	);
	return file;
}

/** A still stretch of this kind, its start and end within half a second of these. */
const stretchNear = (kind: 'frozen' | 'black', start: number, end: number) => ({
	kind,
	start: expect.closeTo(start, 0) as number,
	end: expect.closeTo(end, 0) as number,
});

beforeAll(() => {
	if (hasFfmpeg) dir = fs.mkdtempSync(path.join(os.tmpdir(), 'take-check-'));
});
afterAll(() => {
	if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

d('the demo take check', () => {
	it('finds a blank page and a black screen held for 8 s, and refuses the take for each', () => {
		const file = video('blank-and-black', [
			['testsrc', 2],
			['color=c=white', 8],
			['testsrc', 2],
			['color=c=black', 8],
			['testsrc', 2],
		]);
		expect(stillStretches(file, 6)).toEqual([
			stretchNear('frozen', 2, 10),
			stretchNear('frozen', 12, 20),
			stretchNear('black', 12, 20),
		]);
		expect(takeProblems(file, { stillSeconds: 6, lengthSeconds: 300 })).toEqual([
			expect.stringMatching(
				/^frozen \(the same picture, or a blank page\) from 0:0\d\.\d to 0:1\d\.\d \([78]\.\d s, longer than 6 s\)$/,
			),
			expect.stringMatching(/^frozen .* from 0:1\d\.\d to 0:\d\d\.\d/),
			expect.stringMatching(/^black from 0:1\d\.\d to 0:\d\d\.\d \([78]\.\d s, longer than 6 s\)$/),
		]);
	});

	it('a recording with a frame only where the picture changed (as Playwright writes): the still page found', () => {
		const file = video(
			'only-changes',
			[
				['testsrc', 2],
				['color=c=white', 8],
				['testsrc', 2],
			],
			true,
		);
		expect(stillStretches(file, 6)).toEqual([stretchNear('frozen', 2, 10)]);
	});

	it('a still stretch at the very end counts to the end of the video', () => {
		const file = video('ends-frozen', [
			['testsrc', 2],
			['color=c=white', 8],
		]);
		expect(stillStretches(file, 6)).toEqual([stretchNear('frozen', 2, 10)]);
	});

	it('passes a moving take whose still moments are short, and refuses one as long as the limit', () => {
		const file = video('moving', [
			['testsrc', 4],
			['color=c=white', 3],
			['testsrc', 3],
		]);
		expect(takeProblems(file, { stillSeconds: 6, lengthSeconds: 300 })).toEqual([]);
		expect(takeProblems(file, { stillSeconds: 6, lengthSeconds: 9 })).toEqual([
			"it is 0:10.0 long, not under 0:09.0 as n8n's reviewers ask",
		]);
	});
});
