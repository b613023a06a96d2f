/**
 * The pacer's numbers: the default rate, the most requests in flight, and the timing knobs of the
 * pacer and its send log (pacer.ts, sendLog.ts).
 */

/**
 * The service asks clients to stay under about 20 requests per second per key (the credential's
 * default).
 */
export const DEFAULT_REQUESTS_PER_SECOND = 20;

/**
 * Most requests of one key + base URL in flight at once (pages of a list, items, executions
 * together).
 */
export const MAX_IN_FLIGHT = 8;

/** Timing knobs. Mutable only so tests can shorten the waits; nodes never change them. */
export const pacerPolicy = {
	/**
	 * Spacing between starts, as a multiple of 1/N s: an even flow (the send log, not this, keeps the
	 * promise).
	 */
	spacingMargin: 1,
	/**
	 * Added to the one-second window of the send log (clock resolution on both sides, and the few ms
	 * by which the fastest round trip may still overstate the part of a round trip that is not
	 * queueing; see SendLog).
	 */
	windowMarginMs: 10,
	/**
	 * How long a refused connection is remembered: requests in that time fail without a new attempt.
	 */
	refusedMemoryMs: 5_000,
	/**
	 * The one quick retry after a refused connection (a service restarting, a port not yet
	 * listening).
	 */
	refusedRetryMs: 250,
	/** Slowest the pacer gets after repeated 429s (ms between request starts). */
	maxIntervalMs: 2_000,
};
