/**
 * Cuts the demo take's waits for the machine (n8n starting, a page loading, a run in progress; support/demo.ts marks
 * them) out of the recorded video, so that what a viewer sees does not grow with the machine's load: a wait of
 * 90 s on a busy machine shows as its first moment, then what came of it. The rest plays at its real speed (frames
 * are dropped, never sped up). Re-encoded with Debian's ffmpeg as Playwright encodes (VP8 in WebM, 25 frames a
 * second, whatever the recording's own timing).
 */
import { execFileSync } from 'node:child_process';

/** A stretch of the video, in seconds from its start. */
export interface Span {
	start: number;
	end: number;
}

/** Cuts shorter than this are left in: a jump would show more than the wait did. */
const SHORTEST_CUT_S = 0.5;

/** The spans to cut: within the video, overlapping ones merged, the shortest left in. */
export function spansToCut(waits: Span[], length: number): Span[] {
	const sorted = waits
		.map((w) => ({ start: Math.max(0, w.start), end: Math.min(length, w.end) }))
		.filter((w) => w.end > w.start)
		.sort((a, b) => a.start - b.start);
	const merged: Span[] = [];
	for (const w of sorted) {
		const last = merged[merged.length - 1];
		if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
		else merged.push({ ...w });
	}
	return merged.filter((w) => w.end - w.start >= SHORTEST_CUT_S);
}

/** Writes `input` without the `cuts` to `output` (both WebM); returns how many seconds were cut. */
export function cutSpans(input: string, output: string, cuts: Span[]): number {
	// Each cut from its start up to (not including) its end: frames at an edge are kept once.
	const dropped = cuts.map((c) => `gte(t,${c.start.toFixed(3)})*lt(t,${c.end.toFixed(3)})`);
	// Playwright writes a frame only when the page changed, each at its time: at 25 frames a second first, then the
	// frames of the cuts dropped and the rest numbered on.
	const filter = dropped.length
		? `fps=25,select='not(${dropped.join('+')})',setpts=N/25/TB`
		: 'fps=25';
	execFileSync(
		'ffmpeg',
		[
			'-hide_banner',
			'-loglevel',
			'error',
			'-y',
			'-i',
			input,
			'-an',
			'-vf',
			filter,
			'-r',
			'25',
			// Playwright's own encoder settings: sharp text, quick to encode.
			...['-c:v', 'libvpx', '-qmin', '0', '-qmax', '50', '-crf', '8', '-b:v', '1M'],
			...['-deadline', 'realtime', '-cpu-used', '8'],
			output,
		],
		{ stdio: ['ignore', 'ignore', 'pipe'] },
	);
	return cuts.reduce((sum, c) => sum + (c.end - c.start), 0);
}
