/**
 * The shared secret between the alert and the trigger. The service documents no signature for
 * deliveries (spec §6 gaps), so the hook URL registered with the alert carries a random secret as a
 * query parameter, and only requests that carry it start the workflow.
 *
 * n8n shows a workflow's static data to anyone who can read the workflow (its public API, the
 * editor's REST API, an export) and stores it unencrypted, so the secret itself is never kept
 * there: only a random salt and HMAC-SHA256(salt, secret), which is all verification needs. The
 * secret is 192 random bits, so a fast keyed hash is enough (nothing to brute-force); the salt
 * makes each registration's hash unique.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

/** Static data keys of the verifier. */
const SALT_KEY = 'secretSalt';
const HASH_KEY = 'secretHash';
/** Where versions before the hash kept the secret in plain text; removed on sight. */
const PLAIN_KEY = 'secret';

/** 24 random bytes as 48 hex characters (URL-safe as is). */
export function newSecret(): string {
	return randomBytes(24).toString('hex');
}

function digest(salt: string, secret: string): Buffer {
	return createHmac('sha256', salt).update(secret, 'utf8').digest();
}

/**
 * Stores what verifying `secret` needs (a fresh salt and the keyed hash), and drops any plain copy.
 */
export function storeVerifier(staticData: IDataObject, secret: string): void {
	const salt = randomBytes(16).toString('hex');
	staticData[SALT_KEY] = salt;
	staticData[HASH_KEY] = digest(salt, secret).toString('hex');
	delete staticData[PLAIN_KEY];
}

export function clearVerifier(staticData: IDataObject): void {
	for (const key of [SALT_KEY, HASH_KEY, PLAIN_KEY]) delete staticData[key];
}

/**
 * Whether `given` is the registered secret, compared in constant time: both sides are 32-byte
 * HMACs, so timingSafeEqual always compares equal lengths and nothing about the secret's length or
 * prefix leaks. A static data from before the hash (plain `secret`) is still verified, and
 * converted to the hash when it matches.
 */
export function verify(staticData: IDataObject, given: unknown): boolean {
	if (typeof given !== 'string' || given === '') return false;
	const salt = staticData[SALT_KEY];
	const hash = staticData[HASH_KEY];
	if (
		typeof salt === 'string' &&
		salt !== '' &&
		typeof hash === 'string' &&
		/^[0-9a-f]{64}$/.test(hash)
	) {
		return timingSafeEqual(digest(salt, given), Buffer.from(hash, 'hex'));
	}
	const plain = staticData[PLAIN_KEY];
	if (typeof plain !== 'string' || plain === '') return false;
	const pepper = randomBytes(16).toString('hex');
	const ok = timingSafeEqual(digest(pepper, given), digest(pepper, plain));
	if (ok) storeVerifier(staticData, plain);
	return ok;
}
