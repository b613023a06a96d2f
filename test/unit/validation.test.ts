// Validator: the checks every operation runs before a request (spec §8 ranges, value sets, zones, dates, JSON).
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { Validator } from '../../nodes/shared/validation';
import { mergeEvents, EVENT_OPTIONS, EVENTS } from '../../nodes/shared/events';

const node: INode = {
	id: 'n1',
	name: 'Deliverability',
	type: 'deliverability',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const v = new Validator(node, 3);

function failure(fn: () => unknown): NodeOperationError {
	try {
		fn();
	} catch (error) {
		if (error instanceof NodeOperationError) return error;
		throw error;
	}
	throw new Error('expected a NodeOperationError');
}

describe('Validator', () => {
	it('accepts whole numbers in range, also as numeric text from expressions', () => {
		expect(v.integer('hour', 0, 0, 23)).toBe(0);
		expect(v.integer('hour', '23', 0, 23)).toBe(23);
	});

	it.each([
		[24, /above the maximum 23/],
		[-1, /below the minimum 0/],
		[1.5, /whole number/],
		['ten', /whole number/],
		[undefined, /whole number, got nothing/],
	])('rejects hour %p naming the field and the reason', (value, why) => {
		const error = failure(() => v.integer('hour', value, 0, 23));
		expect(error.message).toContain('"hour"');
		expect(error.message).toMatch(why);
		expect(error.context.itemIndex).toBe(3);
	});

	it('checks value sets', () => {
		expect(v.oneOf('type', 'btob', ['all', 'btob', 'btoc'])).toBe('btob');
		expect(v.oneOf('seedlist', '2', [1, 2, 3, 4])).toBe(2);
		expect(failure(() => v.oneOf('repeat_period', 'MONTH', ['WEEK', 'DAY'])).message).toContain('not one of WEEK, DAY');
	});

	it('checks IANA time zones with luxon', () => {
		expect(v.timeZone('time_zone', 'Europe/Paris')).toBe('Europe/Paris');
		expect(v.timeZone('time_zone', 'UTC')).toBe('UTC');
		expect(failure(() => v.timeZone('time_zone', 'Mars/Olympus')).message).toContain('not an IANA time zone');
		expect(failure(() => v.timeZone('time_zone', 'CEST')).message).toContain('not an IANA time zone');
	});

	it('turns DD/MM/YYYY, ISO dates and picker values into DD/MM/YYYY, and rejects impossible dates', () => {
		expect(v.ddmmyyyy('expiry', '31/12/2027')).toBe('31/12/2027');
		expect(v.ddmmyyyy('expiry', '2027-12-31T00:00:00.000+00:00')).toBe('31/12/2027');
		expect(v.ddmmyyyy('expiry', '1/2/2027')).toBe('01/02/2027');
		expect(failure(() => v.ddmmyyyy('expiry', '31/02/2027')).message).toContain('not a date');
		expect(failure(() => v.ddmmyyyy('expiry', '12/31/2027')).message).toContain('not a date');
	});

	it('reads id lists from arrays, numbers and comma text', () => {
		expect(v.integerList('account_ids', '1, 2,3')).toEqual([1, 2, 3]);
		expect(v.integerList('account_ids', [4, '5'])).toEqual([4, 5]);
		expect(failure(() => v.integerList('account_ids', '1, x')).message).toContain('"account_ids"');
	});

	it('checks booleans and ids', () => {
		expect(v.boolean('active', 'true')).toBe(true);
		expect(failure(() => v.boolean('active', 'yes')).message).toContain('true or false');
		expect(failure(() => v.id('accountId', 0)).message).toContain('below the minimum 1');
		expect(failure(() => v.id('accountId', 2 ** 31)).message).toContain('above the maximum');
	});
});

describe('event catalogue (spec §6)', () => {
	it('has the two documented ids and nine unverified ones, options sorted by name', () => {
		expect(EVENTS.filter((e) => e.verified).map((e) => e.id)).toEqual(['ACCOUNT_DISCONNECTED', 'SPAMCHECK_COMPLETED']);
		expect(EVENTS.filter((e) => !e.verified)).toHaveLength(9);
		const names = EVENT_OPTIONS.map((o) => o.name);
		expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
		expect(EVENT_OPTIONS.filter((o) => o.name.includes('Unverified'))).toHaveLength(9);
	});

	it('merges selected and custom events without duplicates', () => {
		expect(mergeEvents(['ACCOUNT_DISCONNECTED'], 'MY_EVENT, ACCOUNT_DISCONNECTED  OTHER')).toEqual([
			'ACCOUNT_DISCONNECTED',
			'MY_EVENT',
			'OTHER',
		]);
		expect(mergeEvents(undefined, '')).toEqual([]);
	});
});
