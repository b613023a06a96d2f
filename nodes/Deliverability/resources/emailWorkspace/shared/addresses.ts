/**
 * Email Workspace → Import Accounts' reading of the addresses to import: from text separated by
 * commas, semicolons or new lines, or a list; each address once, whatever its case.
 */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * Addresses from a parameter value (text separated by commas, semicolons or new lines, or a list),
 * and the first bad one.
 */
export function addressesIn(value: unknown): { found: string[]; bad?: unknown } {
	const parts = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value.split(/[,;\n]/)
			: [value];
	const found: string[] = [];
	let bad: unknown;
	for (const part of parts) {
		if (part === undefined || part === null || (typeof part === 'string' && part.trim() === ''))
			continue;
		if (typeof part !== 'string' || !EMAIL.test(part.trim())) {
			if (bad === undefined) bad = part;
			continue;
		}
		found.push(part.trim());
	}
	return bad === undefined ? { found } : { found, bad };
}

/** Each address once (the first spelling kept), whatever its case. */
export function unique(addresses: string[]): string[] {
	const seen = new Set<string>();
	return addresses.filter((a) => !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()));
}
