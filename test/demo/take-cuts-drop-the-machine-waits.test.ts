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
		const input = path.join(dir, 'take.webm');
		execFileSync(
			'ffmpeg',
			[
				...[
					'-hide_banner',
					'-loglevel',
					'error',
					'-f',
					'lavfi',
					'-i',
					'testsrc=s=160x100:r=25:d=10',
				],
				...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', input],
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
		expect(Number(frames.trim())).toBe(150);
	});
});
