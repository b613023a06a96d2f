import { readBoolean, readNumber, readText } from '../../nodes/shared/lenient';

describe('reading harmless variants of answer values', () => {
	it('reads booleans in every spelling proxies and PHP-style backends use, and nothing looser', () => {
		for (const yes of [true, 1, 'true', 'TRUE', ' 1 ', 'yes']) expect(readBoolean(yes)).toBe(true);
		for (const no of [false, 0, 'false', 'False', '0', 'no']) expect(readBoolean(no)).toBe(false);
		for (const unknown of [null, undefined, '', 'done', 2, {}, []])
			expect(readBoolean(unknown)).toBeUndefined();
	});

	it('reads numbers sent as text and refuses what is not a finite number', () => {
		expect(readNumber(100)).toBe(100);
		expect(readNumber(' 7.5 ')).toBe(7.5);
		for (const bad of [null, undefined, '', 'n/a', Number.NaN, Infinity, true, {}])
			expect(readNumber(bad)).toBeUndefined();
	});

	it('reads ids sent as numbers or text, and refuses empty or structured values', () => {
		expect(readText(12)).toBe('12');
		expect(readText('oxxjt6gqir')).toBe('oxxjt6gqir');
		for (const bad of ['', '  ', null, undefined, {}, [], Number.NaN])
			expect(readText(bad)).toBeUndefined();
	});
});
