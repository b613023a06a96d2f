/**
 * The demo's cuts (support/take-cuts.ts): the waits support/demo.ts marks leave the video, and what stays plays at
 * its own speed. Made on a 10 s video of ffmpeg's test pattern. Skipped, saying so, without ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { cutSpans, spansToCut } from '../../support/take-cuts';
import { lengthSeconds } from '../../support/take-check';

const hasFfmpeg = ['/usr/bin/ffmpeg', '/usr/bin/ffprobe'].every((f) => fs.existsSync(f));
if (!hasFfmpeg)
	process.stdout.write(
		'\n[demo] SKIPPED the take cuts: no /usr/bin/ffmpeg (apt-get install -y ffmpeg).\n',
	);
const d = hasFfmpeg ? describe : describe.skip;

describe('the spans cut from the take', () => {
	it('merges overlapping waits, keeps them inside the video and leaves the shortest in', () => {
		expect(
			spansToCut(
				[
					{ start: 5, end: 9 },
					{ start: -1, end: 2 },
					{ start: 8, end: 12 },
					{ start: 20, end: 20.3 },
					{ start: 28, end: 40 },
				],
				30,
			),
		).toEqual([
			{ start: 0, end: 2 },
			{ start: 5, end: 12 },
			{ start: 28, end: 30 },
		]);
	});
});

d('cutting the take', () => {
	let dir: string;
	beforeAll(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'take-cuts-'));
	});
	afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

	it('drops the cut seconds and keeps the rest at 25 frames a second', () => {
		// 10 s with a frame only where the picture changed, as Playwright records: 4 s of the test pattern, a still
		// white page for 3 s (one frame), 3 s of the pattern.
		const input = path.join(dir, 'take.webm');
		execFileSync(
			'ffmpeg',
			[
				...['-hide_banner', '-loglevel', 'error'],
				...['-f', 'lavfi', '-i', 'testsrc=s=160x100:r=25:d=4'],
				...['-f', 'lavfi', '-i', 'color=c=white:s=160x100:r=25:d=3'],
				...['-f', 'lavfi', '-i', 'testsrc=s=160x100:r=25:d=3'],
				...['-filter_complex', '[0][1][2]concat=n=3:v=1,mpdecimate[v]', '-map', '[v]'],
				...['-fps_mode', 'vfr', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', input],
			],
			{ stdio: 'ignore' },
		);
		const output = path.join(dir, 'cut.webm');
		const cut = cutSpans(input, output, [
			{ start: 2, end: 5 },
			{ start: 7, end: 8 },
		]);
		expect(cut).toBe(4);
		expect(lengthSeconds(output)).toBeCloseTo(6, 0);
		const frames = execFileSync(
			'ffprobe',
			[
				...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
				...['-show_entries', 'stream=nb_read_frames', '-of', 'default=nw=1:nk=1', output],
			],
			{ encoding: 'utf8' },
		);
		// 6 s at 25 a second, give or take the last frame of the recording (its length is not written down).
		expect(Math.abs(Number(frames.trim()) - 150)).toBeLessThanOrEqual(2);
	});
});
