/** Small pure helpers: deterministic hashing and randomness, dates shifted by an offset, and the DST-aware UTC hour. */
import { DateTime } from 'luxon';

export const DAY = 86400000;

/** The ISO date `offsetMs` after `base`. */
export const at = (base: string, offsetMs: number): string =>
	new Date(Date.parse(base) + offsetMs).toISOString();

/** Small seeded PRNG (mulberry32): deterministic across runs and platforms. */
export function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** 32-bit FNV-1a: a stable hash for deterministic per-item values. */
export function fnv1a(s: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < s.length; i++) {
		h ^= s.charCodeAt(i);
		h = Math.imul(h, 0x01000193) >>> 0;
	}
	return h >>> 0;
}

/** A deterministic number in [0, 1) for (key, salt). */
export function unit(key: string | number, salt: string): number {
	return fnv1a(`${key}:${salt}`) / 4294967296;
}

/** The UTC hour of local `hour` in `timeZone` today (luxon, so DST is honoured). */
export function utcHour(hour: number, timeZone: string, now: DateTime = DateTime.now()): number {
	return now.setZone(timeZone).set({ hour, minute: 0, second: 0, millisecond: 0 }).toUTC().hour;
}

/**
 * Sorts `items` (already in their tie order) by a nullable key: `sign` 1 ascending, -1 descending; null keys go last
 * either way and equal keys keep their order. Shared by the score and date sorts of the list endpoints.
 */
export function sortNullsLast<T>(items: T[], key: (item: T) => number | null, sign: 1 | -1): T[] {
	const keyed = items.map((item, i) => ({ item, i, k: key(item) }));
	keyed.sort((a, b) => {
		if (a.k === null || b.k === null) return a.k === b.k ? a.i - b.i : a.k === null ? 1 : -1;
		return sign * (a.k - b.k) || a.i - b.i;
	});
	return keyed.map((x) => x.item);
}

/**
 * Search words of a query or a subject: lower-cased runs of letters and digits, so spaces and punctuation only
 * separate words ("Flash promo: 20% off", a whole email address).
 */
export function words(s: string): string[] {
	return s
		.toLowerCase()
		.split(/[^\p{L}\p{N}]+/u)
		.filter((w) => w !== '');
}
