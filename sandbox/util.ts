/** Small pure helpers: deterministic hashing and randomness, and the DST-aware UTC hour. */
import { DateTime } from 'luxon';

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
