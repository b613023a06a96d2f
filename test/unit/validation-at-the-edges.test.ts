/**
 * The input checks at their edges, where a wrong comparison would let bad input through or refuse good input: blank
 * text is no number, the ends of a range are allowed and named, legacy zone names such as CET are refused, picker
 * dates keep their own day whatever their offset, lists read from text, and the words of each refusal. The common
 * cases are in validation.test.ts.
 */
import { Settings } from 'luxon';

import { NOTHING_SENT } from '../../nodes/shared/invalidFields';
import { Validator } from '../../nodes/shared/validation';
import { NODE, failure } from '../support/node';

const v = new Validator(NODE, 0);

const why = (fn: () => unknown) => failure(fn).message;

describe('whole numbers', () => {
	it('blank text is no number: "  " and "" are refused, not read as 0', () => {
		expect(why(() => v.integer('Pass At Inbox (%)', '  ', 0, 100))).toBe(
			'Invalid "Pass At Inbox (%)": expected a whole number, got "  "',
		);
		expect(why(() => v.integer('hour', '', 0, 23))).toBe(
			'Invalid "hour": expected a whole number, got ""',
		);
	});

	it('the ends of the range are allowed; one past them is refused, naming the range', () => {
		expect(v.integer('n', 0, 0, 100)).toBe(0);
		expect(v.integer('n', '100', 0, 100)).toBe(100);
		expect(v.integer('n', ' 7 ', 0, 100)).toBe(7);
		expect(why(() => v.integer('n', 101, 0, 100))).toBe(
			'Invalid "n": 101 is above the maximum 100 (allowed: 0 to 100)',
		);
		expect(why(() => v.integer('n', '-1', 0, 100))).toBe(
			'Invalid "n": -1 is below the minimum 0 (allowed: 0 to 100)',
		);
	});

	it('a range open at one end says so; no range accepts any whole number', () => {
		expect(why(() => v.integer('n', 0, 1))).toBe(
			'Invalid "n": 0 is below the minimum 1 (allowed: 1 or more)',
		);
		expect(why(() => v.integer('n', 11, undefined, 10))).toBe(
			'Invalid "n": 11 is above the maximum 10 (allowed: 10 or less)',
		);
		expect(v.integer('n', -5)).toBe(-5);
		expect(v.integer('n', 1e9)).toBe(1e9);
	});

	it('true, Infinity and a list are not whole numbers; the meaning of the range goes into the hint', () => {
		for (const value of [true, Number.POSITIVE_INFINITY, [1]])
			expect(why(() => v.integer('n', value, 0, 9))).toMatch(/expected a whole number, got /);
		const error = failure(() => v.integer('n', 50, 0, 10, 'Hours of the day.'));
		expect(error.description).toBe(`Hours of the day. ${NOTHING_SENT}`);
	});

	it('ids go up to 2,147,483,647 (int32); lists of them too', () => {
		expect(v.id('Account ID', 2_147_483_647)).toBe(2_147_483_647);
		expect(why(() => v.id('Account ID', '2147483648'))).toContain('above the maximum 2147483647');
		expect(v.idList('Mailbox IDs', '1, 2147483647')).toEqual([1, 2_147_483_647]);
		expect(why(() => v.idList('Mailbox IDs', '3, 0'))).toBe(
			'Invalid "Mailbox IDs": 0 is below the minimum 1 (allowed: 1 to 2147483647)',
		);
	});
});

describe('lists of whole numbers', () => {
	it('from a number, an array, or text with commas; empty parts and no value give nothing', () => {
		expect(v.integerList('ids', 5)).toEqual([5]);
		expect(v.integerList('ids', '1,,2, ')).toEqual([1, 2]);
		expect(v.integerList('ids', ' , ')).toEqual([]);
		expect(v.integerList('ids', '')).toEqual([]);
		expect(v.integerList('ids', undefined)).toEqual([]);
		expect(v.integerList('ids', null)).toEqual([]);
		expect(why(() => v.integerList('ids', '7', 1, 5))).toContain('7 is above the maximum 5');
	});

	it('a number that is not whole is refused as the number it is, not as text', () => {
		const refusal = failure(() => v.integerList('ids', 1.5));
		expect(`${refusal.message} ${refusal.description}`).toContain(
			'expected a whole number, got 1.5',
		);
		expect(`${refusal.message} ${refusal.description}`).not.toContain('"1.5"');
	});
});

describe('value sets, booleans and text', () => {
	it('a value set matches numbers given as text and text with spaces, and names the allowed values', () => {
		expect(v.oneOf('seedlist', ' 3 ', [1, 2, 3])).toBe(3);
		expect(v.oneOf('type', ' btoc ', ['all', 'btoc'])).toBe('btoc');
		expect(why(() => v.oneOf('type', 'b2b', ['all', 'btoc']))).toBe(
			'Invalid "type": "b2b" is not one of all, btoc',
		);
		expect(why(() => v.oneOf('seedlist', 5, [1, 2]))).toBe(
			'Invalid "seedlist": 5 is not one of 1, 2',
		);
		expect(why(() => v.oneOf('type', null, ['all', 'btoc']))).toBe(
			'Invalid "type": expected one of all, btoc, but its expression gave nothing (null)',
		);
	});

	it('booleans: true and false, as such or as that text; anything else refused in words', () => {
		expect([v.boolean('a', true), v.boolean('a', false), v.boolean('a', 'false')]).toEqual([
			true,
			false,
			false,
		]);
		expect(why(() => v.boolean('Active', 1))).toBe(
			'Invalid "Active": expected true or false, got 1',
		);
		expect(why(() => v.boolean('Active', 'TRUE'))).toBe(
			'Invalid "Active": expected true or false, got "TRUE"',
		);
	});

	it('required text is trimmed; blank or not text is refused; plain text may be empty but must be text', () => {
		expect(v.nonEmptyString('Name', '  Team  ')).toBe('Team');
		expect(why(() => v.nonEmptyString('Name', '   '))).toBe(
			'Invalid "Name": a non-empty text is required',
		);
		expect(why(() => v.nonEmptyString('Name', 5))).toBe(
			'Invalid "Name": a non-empty text is required',
		);
		expect(v.string('Description', '')).toBe('');
		expect(why(() => v.string('Description', 5))).toBe(
			'Invalid "Description": expected text, got 5',
		);
		expect(why(() => v.string('Description', { a: 1 }))).toBe(
			'Invalid "Description": expected text, got {"a":1}',
		);
	});
});

describe('time zones', () => {
	it('Area/Location names and UTC, trimmed; legacy names such as CET, EST or GMT are refused', () => {
		expect(v.timeZone('Time Zone', ' America/New_York ')).toBe('America/New_York');
		expect(v.timeZone('Time Zone', 'Etc/GMT+5')).toBe('Etc/GMT+5');
		expect(v.timeZone('Time Zone', 'UTC')).toBe('UTC');
		for (const legacy of ['CET', 'EST', 'GMT']) {
			const error = failure(() => v.timeZone('Time Zone', legacy));
			expect([error.message, error.description]).toEqual([
				`Invalid "Time Zone": "${legacy}" is not an IANA time zone name`,
				`Use a name like Europe/Paris, America/New_York or UTC. ${NOTHING_SENT}`,
			]);
		}
	});

	it('no zone, blank or not text: required, with where to pick one', () => {
		for (const value of [undefined, '', '  ', 5]) {
			const error = failure(() => v.timeZone('Time Zone', value));
			expect([error.message, error.description]).toEqual([
				'Invalid "Time Zone": a time zone is required',
				`Pick one from the list, or give a name like Europe/Paris. ${NOTHING_SENT}`,
			]);
		}
	});
});

describe('dates', () => {
	it('a picker date keeps its own day whatever its offset: late evening at -05:00, early morning at +05:00', () => {
		expect(v.ddmmyyyy('Expiry', '2027-12-31T22:00:00.000-05:00')).toBe('31/12/2027');
		expect(v.ddmmyyyy('Expiry', '2027-12-31T00:30:00+05:00')).toBe('31/12/2027');
		expect(v.ddmmyyyy('Expiry', '2027-12-31')).toBe('31/12/2027');
		expect(v.ddmmyyyy('Expiry', ' 5/6/2027 ')).toBe('05/06/2027');
	});

	it('only DD/MM/YYYY and ISO dates with dashes: 20271231 or a date in words is refused, saying how to give it', () => {
		for (const value of ['20271231', 'Dec 31 2027', '2027/12/31']) {
			const error = failure(() => v.ddmmyyyy('Expiry', value));
			expect([error.message, error.description]).toEqual([
				`Invalid "Expiry": "${value}" is not a date`,
				`Give it as DD/MM/YYYY (e.g. 31/12/2027) or pick a date. ${NOTHING_SENT}`,
			]);
		}
		// What luxon writes for a year past 9999 (and may write with zeros in front for any year): a six-digit year is
		// no date the service's DD/MM/YYYY can carry, so it is refused before any request, not sent as 31/12/2027.
		const sixDigits = failure(() => v.ddmmyyyy('Expiry', '+002027-12-31'));
		expect(sixDigits.message).toBe('Invalid "Expiry": "+002027-12-31" is not a date');
		for (const value of [undefined, '', '  ', 20271231])
			expect(why(() => v.ddmmyyyy('Expiry', value))).toBe('Invalid "Expiry": a date is required');
	});
});

describe("dates the workflow's time zone skipped", () => {
	afterEach(() => {
		Settings.defaultZone = 'system';
	});

	// Samoa skipped 30 December 2011 and Kwajalein 21 August 1993: read in the workflow's zone, midnight of those days
	// does not exist and the date would move to the next day. A date has no time: it is read as the day written.
	it('30/12/2011 in Pacific/Apia stays 30/12/2011', () => {
		Settings.defaultZone = 'Pacific/Apia';
		expect(v.ddmmyyyy('Expiry', '30/12/2011')).toBe('30/12/2011');
	});

	it('21/8/1993 (one-digit month) in Pacific/Kwajalein stays 21/08/1993', () => {
		Settings.defaultZone = 'Pacific/Kwajalein';
		expect(v.ddmmyyyy('Expiry', '21/8/1993')).toBe('21/08/1993');
	});
});

describe('labels and several problems', () => {
	it('a label function that throws falls back to the field name', () => {
		const broken = new Validator(NODE, 0, {
			label: () => {
				throw new Error('no description');
			},
		});
		expect(why(() => broken.integer('hour', 'x'))).toBe(
			'Invalid "hour": expected a whole number, got "x"',
		);
	});

	it('several problems: counted, each in words, and every hint before "nothing was sent"', () => {
		const error = failure(() =>
			v.all({
				a: () => v.timeZone('Time Zone', 'CET'),
				b: () => v.integer('Hour', 25, 0, 23),
				c: () => v.ddmmyyyy('Expiry', 'soon'),
			}),
		);
		expect(error.message).toBe(
			'3 invalid fields: "Time Zone": "CET" is not an IANA time zone name; "Hour": 25 is above the maximum 23 (allowed: 0 to 23); "Expiry": "soon" is not a date',
		);
		expect(error.description).toBe(
			`Time Zone: Use a name like Europe/Paris, America/New_York or UTC. Expiry: Give it as DD/MM/YYYY (e.g. 31/12/2027) or pick a date. ${NOTHING_SENT}`,
		);
	});

	it('one field with two problems is named once, with its first', () => {
		const error = failure(() =>
			v.all({
				a: () => v.integer('Hour', 'x'),
				b: () => v.integer('Hour', 99, 0, 23),
				c: () => v.integer('Minute', 99, 0, 59),
			}),
		);
		expect(error.message).toBe(
			'2 invalid fields: "Hour": expected a whole number, got "x"; "Minute": 99 is above the maximum 59 (allowed: 0 to 59)',
		);
	});
});

describe('the words of a refusal', () => {
	it('what was expected, for a field whose expression gave nothing', () => {
		expect(why(() => v.boolean('Active', undefined))).toBe(
			'Invalid "Active": expected true or false, but its expression gave nothing (undefined)',
		);
		expect(why(() => v.nonEmptyString('Name', null))).toBe(
			'Invalid "Name": expected a non-empty text, but its expression gave nothing (null)',
		);
		expect(why(() => v.string('Description', undefined))).toBe(
			'Invalid "Description": expected text, but its expression gave nothing (undefined)',
		);
	});

	it('a value missing from an empty input item ({}) says so and names Always Output Data on the node before', () => {
		const fromEmpty = failure(() =>
			new Validator(NODE, 0, { emptyInput: true }).id('Account', undefined),
		);
		expect(fromEmpty.message).toBe(
			'Invalid "Account": expected a whole number, but its expression gave nothing (undefined) from an empty input item',
		);
		expect(fromEmpty.description).toMatch(
			/^The input item is empty \(\{\}\)\. .*Always Output Data/,
		);
		// An item that holds other fields is not empty: the refusal says nothing of Always Output Data.
		const fromItem = failure(() => new Validator(NODE, 0, {}).id('Account', undefined));
		expect(fromItem.message).not.toContain('empty input item');
		expect(fromItem.description).not.toContain('Always Output Data');
	});

	it('text is shown in quotes as given, other values as JSON; one problem without a hint says only that nothing was sent', () => {
		const error = failure(() => v.boolean('Active', 'say "yes"'));
		expect([error.message, error.description]).toEqual([
			'Invalid "Active": expected true or false, got "say "yes""',
			NOTHING_SENT,
		]);
	});

	it('nested readings: a problem inside goes on to the next field outside; a stop inside stops the outer reading too', () => {
		const inner = (stop: boolean) => () =>
			v.all({
				x: () => v.integer('Inner', 'x'),
				y: () => {
					if (stop) throw new Error('a parameter n8n could not resolve');
					return 1;
				},
			});
		const goesOn = failure(() => v.all({ a: inner(false), b: () => v.integer('Outer', 'y') }));
		expect(goesOn.message).toBe(
			'2 invalid fields: "Inner": expected a whole number, got "x"; "Outer": expected a whole number, got "y"',
		);
		const stops = failure(() => v.all({ a: inner(true), b: () => v.integer('Outer', 'y') }));
		expect(stops.message).toBe('Invalid "Inner": expected a whole number, got "x"');
		const failed = failure(() =>
			v.all({
				a: () => v.all({ x: () => v.fail('Inner', 'cannot go on') }),
				b: () => v.integer('Outer', 'y'),
			}),
		);
		expect(failed.message).toBe('Invalid "Inner": cannot go on');
	});
});
