/**
 * What we tolerate in an answer the service sent, in one place (docs/operations.md → Reading
 * answers). Proxies, gateways and PHP-style backends send booleans as "true"/"1" and numbers as
 * text; a wait that compared `completed === true` would poll to its timeout for a test that was
 * done. These readers accept those spellings and nothing looser: a value they do not recognise
 * comes back `undefined`, and the caller decides (usually: not done yet, or an error).
 */

const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no']);

/**
 * true / false from a boolean, 1 / 0, or the texts "true"/"false", "1"/"0", "yes"/"no" (any case,
 * trimmed).
 */
export function readBoolean(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (value === 1 || value === 0) return value === 1;
	if (typeof value === 'string') {
		const text = value.trim().toLowerCase();
		if (TRUE.has(text)) return true;
		if (FALSE.has(text)) return false;
	}
	return undefined;
}

/**
 * A finite number from a number or a numeric text ("12", " 7.5 "); anything else (null, "", "n/a")
 * is undefined.
 */
export function readNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'string' && value.trim() !== '') {
		const n = Number(value.trim());
		return Number.isFinite(n) ? n : undefined;
	}
	return undefined;
}

/**
 * A non-empty text, or a number written as text (ids sent as numbers or strings); anything else is
 * undefined.
 */
export function readText(value: unknown): string | undefined {
	if (typeof value === 'string') return value.trim() === '' ? undefined : value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return undefined;
}
