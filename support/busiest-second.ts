/**
 * How many of these times (ms) fall within one second at most, counted the way the service's sliding window counts
 * (t ≤ u < t + 1000): what the bench reports as "max req in 1 s" and what the pacer tests hold to 20.
 */
export function busiestSecond(times: number[]): number {
	const sorted = [...times].sort((a, b) => a - b);
	let best = 0;
	let first = 0;
	for (let last = 0; last < sorted.length; last++) {
		while (sorted[last] - sorted[first] >= 1000) first++;
		best = Math.max(best, last - first + 1);
	}
	return best;
}
