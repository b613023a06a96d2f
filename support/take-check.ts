/**
 * Whether a recorded take is worth sending: its length, and no stretch where the picture stands still (frozen: a page
 * that never came, a wait nobody explains) or goes black, longer than a viewer sits through. Read with Debian's
 * ffmpeg: `freezedetect` (the picture does not change beyond noise) and `blackdetect` (it is dark). A blank page
 * that stays blank is a frozen stretch too, so both kinds of empty screen are found. `npm run demo` refuses a take
 * this finds fault with.
 */
import { execFileSync, spawnSync } from 'node:child_process';

export interface StillStretch {
	kind: 'frozen' | 'black';
	/** Seconds from the start of the video. */
	start: number;
	end: number;
}

export interface TakeLimits {
	/** Longest still stretch a viewer is shown (seconds). */
	stillSeconds: number;
	/** The take must be shorter than this (seconds). */
	lengthSeconds: number;
}

/** What n8n's reviewers ask for (under 5 minutes), and how long a viewer waits for something to happen. */
export const TAKE_LIMITS: TakeLimits = { stillSeconds: 6, lengthSeconds: 5 * 60 };

/**
 * Changes below this share of the picture's range are noise (the encoder's, a blinking text cursor); a typed
 * character, a caption or a new log line is above it.
 */
const NOISE = 0.003;
/** A pixel this dark counts as black; a picture with 98 % of such pixels is black. */
const BLACK = { pixel: 0.1, picture: 0.98 };

/** The video's length in seconds (ffprobe comes with Debian's ffmpeg package). */
export function lengthSeconds(file: string): number {
	const out = execFileSync(
		'ffprobe',
		['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file],
		{ encoding: 'utf8' },
	);
	return Number(out.trim());
}

/**
 * Every still stretch of at least `minSeconds`, in order. A stretch still running when the video ends ends with it.
 */
export function stillStretches(file: string, minSeconds: number): StillStretch[] {
	const run = spawnSync(
		'ffmpeg',
		[
			'-hide_banner',
			'-nostats',
			'-i',
			file,
			'-an',
			'-vf',
			// Playwright writes a frame only when the page changed: at 25 frames a second first, so that a still page is
			// a run of equal frames rather than one frame shown for long.
			`fps=25,freezedetect=n=${NOISE}:d=${minSeconds},blackdetect=d=${minSeconds}:pix_th=${BLACK.pixel}:pic_th=${BLACK.picture}`,
			'-f',
			'null',
			'-',
		],
		{ encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
	);
	if (run.status !== 0)
		throw new Error(
			`ffmpeg could not read ${file}: ${(run.stderr ?? run.error?.message ?? '').trim().split('\n').pop()}`,
		);
	const stretches: StillStretch[] = [];
	let frozenSince: number | undefined;
	for (const line of run.stderr.split('\n')) {
		const start = /freeze_start: ([\d.]+)/.exec(line);
		const end = /freeze_end: ([\d.]+)/.exec(line);
		const black = /black_start:([\d.]+) black_end:([\d.]+)/.exec(line);
		if (start) frozenSince = Number(start[1]);
		else if (end && frozenSince !== undefined) {
			stretches.push({ kind: 'frozen', start: frozenSince, end: Number(end[1]) });
			frozenSince = undefined;
		} else if (black)
			stretches.push({ kind: 'black', start: Number(black[1]), end: Number(black[2]) });
	}
	if (frozenSince !== undefined)
		stretches.push({ kind: 'frozen', start: frozenSince, end: lengthSeconds(file) });
	return stretches.sort((a, b) => a.start - b.start);
}

const clock = (seconds: number) =>
	`${Math.floor(seconds / 60)}:${(seconds % 60).toFixed(1).padStart(4, '0')}`;

/** What is wrong with the take, one line each (none: it may be sent). */
export function takeProblems(file: string, limits: TakeLimits = TAKE_LIMITS): string[] {
	const problems: string[] = [];
	const length = lengthSeconds(file);
	if (length >= limits.lengthSeconds)
		problems.push(
			`it is ${clock(length)} long, not under ${clock(limits.lengthSeconds)} as n8n's reviewers ask`,
		);
	// ffmpeg finds a stretch once it has lasted the minimum; a longer one is what the viewer would sit through.
	for (const s of stillStretches(file, limits.stillSeconds))
		if (s.end - s.start > limits.stillSeconds)
			problems.push(
				`${s.kind === 'black' ? 'black' : 'frozen (the same picture, or a blank page)'} from ${clock(s.start)} to ${clock(s.end)} (${(s.end - s.start).toFixed(1)} s, longer than ${limits.stillSeconds} s)`,
			);
	return problems;
}
