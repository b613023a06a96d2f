/**
 * A body read as text for a person: without its byte-order mark or anti-XSSI prefix, a one-line
 * excerpt of it, whether it is a web page, and the service's message in it as one text. The reader
 * of answers (answers.ts) and the errors of a 4xx/5xx answer (statusErrors.ts) both use them.
 */

/** The body without a byte-order mark or an anti-XSSI prefix. */
export function stripPrefixes(text: string): string {
	return text.replace(/^\uFEFF/, '').replace(/^\)\]\}'\s*,?\s*\n?/, '');
}

/** One line of at most `max` characters: a page's title when it has one, else its first text. */
export function excerptOf(text: string, max = 120): string {
	const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
	// Line breaks and block tags become spaces; inline tags (<b>Warning</b>:) vanish without leaving
	// a gap.
	const plain = text
		.replace(/<(br|p|div|hr|h\d|li|tr|center)\b[^>]*>/gi, ' ')
		.replace(/<[^>]*>/g, '');
	const flat = (title || plain).replace(/\s+/g, ' ').trim();
	return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function looksLikeHtml(text: string, contentType?: string): boolean {
	return (
		// Stryker disable next-line StringLiteral: any text without "html" in it reads the same
		/html/i.test(contentType ?? '') ||
		/^\s*<(!doctype|html|head|body|br|b>|div|p>|\?xml)/i.test(text)
	);
}

/** A JSON object (not null, not a list). */
export function isRecord(value: unknown): value is Record<string, unknown> {
	return !!value && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Text of a `message`/`error` field that may be a string, a list or an object of field → reasons.
 */
export function flattenMessage(value: unknown): string | undefined {
	if (typeof value === 'string') return value.trim() || undefined;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (Array.isArray(value)) {
		const parts = value.map(flattenMessage).filter((p): p is string => !!p);
		return parts.length ? parts.join('; ') : undefined;
	}
	if (isRecord(value)) {
		const parts = Object.entries(value)
			.map(([k, v]) => {
				const text = flattenMessage(v);
				return text ? `${k}: ${text}` : undefined;
			})
			.filter((p): p is string => !!p);
		return parts.length ? parts.join('; ') : undefined;
	}
	return undefined;
}
