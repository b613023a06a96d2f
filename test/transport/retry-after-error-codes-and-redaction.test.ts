// The transport's pure helpers: Retry-After parsing, network error codes, redaction, list unwrapping.
import { redact, redactDeep } from '../../nodes/shared/redact';
import { listFrom, networkCode, parseRetryAfter } from '../../nodes/shared/transport';

describe('parseRetryAfter', () => {
	it('reads delta-seconds', () => {
		expect(parseRetryAfter('3')).toBe(3000);
		expect(parseRetryAfter('0.5')).toBe(500);
		expect(parseRetryAfter(['2'])).toBe(2000);
	});
	it('reads an HTTP date relative to now', () => {
		const now = Date.parse('2026-11-22T10:00:00Z');
		expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
		expect(parseRetryAfter('Sun, 22 Nov 2026 09:59:00 GMT', now)).toBe(0);
	});
	it('ignores absent or unreadable values', () => {
		expect(parseRetryAfter(undefined)).toBeUndefined();
		expect(parseRetryAfter('')).toBeUndefined();
		expect(parseRetryAfter('soon')).toBeUndefined();
	});
});

describe('networkCode', () => {
	it('finds a code through wrapped causes', () => {
		expect(networkCode({ message: 'x', cause: { cause: { code: 'ECONNRESET' } } })).toBe(
			'ECONNRESET',
		);
		expect(networkCode({ code: 'ECONNREFUSED' })).toBe('ECONNREFUSED');
		expect(networkCode(new Error('socket hang up'))).toBe('ECONNRESET');
		expect(networkCode({ httpCode: '500' })).toBeUndefined();
	});

	it("reads the code n8n 1.x keeps only as its NodeApiError's httpCode (no cause), so 1.x retries and words it too", () => {
		// What n8n 1.123's httpRequestWithAuthentication throws for a refused connection (measured there).
		const refused = {
			message: 'The service refused the connection - perhaps it is offline',
			httpCode: 'ECONNREFUSED',
			cause: undefined,
			errorResponse: undefined,
		};
		expect(networkCode(refused)).toBe('ECONNREFUSED');
		expect(networkCode({ ...refused, httpCode: 'ECONNRESET' })).toBe('ECONNRESET');
		expect(networkCode({ ...refused, code: 'ETIMEDOUT', httpCode: 'ECONNRESET' })).toBe(
			'ETIMEDOUT',
		);
	});
});

describe('redactDeep', () => {
	it('redacts strings at any depth and leaves a cycle out instead of following it', () => {
		const deep: Record<string, unknown> = {
			a: { b: { c: { d: { e: { f: { g: ['x dummy-key-123 y'] } } } } } },
		};
		deep.self = deep;
		const out = redactDeep(deep, ['dummy-key-123']);
		expect(JSON.stringify(out)).toContain('x [redacted] y');
		expect(JSON.stringify(out)).not.toContain('dummy-key-123');
		expect((out as Record<string, unknown>).self).toBeUndefined();
	});
});

describe('redact', () => {
	it('removes every occurrence of each secret', () => {
		expect(redact('key dummy-key-123 and Bearer dummy-key-123', ['dummy-key-123'])).toBe(
			'key [redacted] and Bearer [redacted]',
		);
	});
});

describe('listFrom', () => {
	it('takes bare arrays and tolerates one wrapped array', () => {
		expect(listFrom([{ id: 1 }])).toEqual([{ id: 1 }]);
		expect(listFrom({ domains: [{ id: 2 }] })).toEqual([{ id: 2 }]);
		expect(listFrom({ a: [], b: [] })).toEqual([]);
		expect(listFrom(null)).toEqual([]);
	});
});
