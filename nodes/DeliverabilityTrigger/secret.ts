/**
 * The shared secret between the alert and the trigger. The service documents no signature for deliveries (spec §6
 * gaps), so the hook URL registered with the alert carries a random secret as a query parameter, and only requests
 * that carry it start the workflow.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 24 random bytes as 48 hex characters (URL-safe as is). */
export function newSecret(): string {
	return randomBytes(24).toString('hex');
}

/**
 * Constant-time comparison. Both sides are hashed first so the comparison takes the same time whatever the lengths
 * (timingSafeEqual needs equal lengths, and returning early on a length mismatch would leak the length).
 */
export function secretsEqual(given: unknown, expected: unknown): boolean {
	if (typeof given !== 'string' || typeof expected !== 'string' || expected === '') return false;
	const a = createHash('sha256').update(given, 'utf8').digest();
	const b = createHash('sha256').update(expected, 'utf8').digest();
	return timingSafeEqual(a, b);
}
