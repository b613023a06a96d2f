// Validator: the checks every operation runs before a request (spec §8 ranges, value sets, zones, dates, JSON).
import { NodeOperationError } from 'n8n-workflow';

import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';
import { labelOf } from '../../nodes/Deliverability/helpers/labels';
import { Validator } from '../../nodes/shared/validation';
import { mergeEvents, EVENT_OPTIONS, EVENTS } from '../../nodes/shared/events';
import { NODE, failure } from '../support/node';

const v = new Validator(NODE, 3);

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
		[undefined, /whole number, but its expression gave nothing \(undefined\)$/],
		[null, /whole number, but its expression gave nothing \(null\)$/],
	])('rejects hour %p naming the field and the reason; nothing was sent', (value, why) => {
		const error = failure(() => v.integer('hour', value, 0, 23));
		expect(error.message).toContain('"hour"');
		expect(error.message).toMatch(why);
		expect(error.description).toMatch(/Nothing was sent to the service\.$/);
		expect(error.context.itemIndex).toBe(3);
	});

	it('says how to fix an expression that gave nothing, for every kind of field', () => {
		for (const read of [
			() => v.integer('hour', undefined),
			() => v.boolean('active', undefined),
			() => v.string('desc', null),
			() => v.nonEmptyString('name', undefined),
			() => v.oneOf('type', undefined, ['all', 'btob']),
		]) {
			const error = failure(read);
			expect(error.message).toMatch(/but its expression gave nothing \((undefined|null)\)$/);
			expect(error.description).toBe(
				'Its expression gave no value for this item: check that it reads a field the input item has (e.g. {{ $json.id }} needs an "id" in the item; see the input panel), or enter the value itself. Nothing was sent to the service.',
			);
		}
	});

	it('checks value sets', () => {
		expect(v.oneOf('type', 'btob', ['all', 'btob', 'btoc'])).toBe('btob');
		expect(v.oneOf('seedlist', '2', [1, 2, 3, 4])).toBe(2);
		expect(failure(() => v.oneOf('repeat_period', 'MONTH', ['WEEK', 'DAY'])).message).toContain(
			'not one of WEEK, DAY',
		);
	});

	it('checks IANA time zones with luxon', () => {
		expect(v.timeZone('time_zone', 'Europe/Paris')).toBe('Europe/Paris');
		expect(v.timeZone('time_zone', 'UTC')).toBe('UTC');
		expect(failure(() => v.timeZone('time_zone', 'Mars/Olympus')).message).toContain(
			'not an IANA time zone',
		);
		expect(failure(() => v.timeZone('time_zone', 'CEST')).message).toContain(
			'not an IANA time zone',
		);
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

describe('Validator.all (all problems of an item at once)', () => {
	const labels: Record<string, string> = {
		hour: 'Update Fields → Hour',
		time_zone: 'Update Fields → Time Zone',
	};
	const fields = () => new Validator(NODE, 2, { label: (field) => labels[field] ?? field });

	it('reads every field, each returning its value or throwing, and throws every problem together', () => {
		const c = fields();
		const error = failure(() =>
			c.all({
				hour: () => c.integer('hour', 24, 0, 23),
				zone: () => c.timeZone('time_zone', 'Mars/Olympus'),
				again: () => c.integer('hour', 'x', 0, 23), // the same field again: reported once
				period: () => c.oneOf('repeat_period', 'MONTH', ['WEEK', 'DAY']),
			}),
		);
		expect(error.message).toBe(
			'3 invalid fields: "Update Fields → Hour": 24 is above the maximum 23 (allowed: 0 to 23); "Update Fields → Time Zone": "Mars/Olympus" is not an IANA time zone name; "repeat_period": "MONTH" is not one of WEEK, DAY',
		);
		expect(error.description).toBe(
			'Update Fields → Time Zone: Use a name like Europe/Paris, America/New_York or UTC. Nothing was sent to the service.',
		);
		expect(error.context.itemIndex).toBe(2);
	});

	it('fail() ends the reading at once, with the problems found before it', () => {
		const c = fields();
		let after = false;
		const error = failure(() =>
			c.all({
				hour: () => c.integer('hour', -3, 0, 23),
				change: () => c.fail('Update Fields', 'add at least one field to change'),
				later: () => {
					after = true;
				},
			}),
		);
		expect(error.message).toMatch(
			/^2 invalid fields: "Update Fields → Hour": .*; "Update Fields": add at least one field/,
		);
		expect(after).toBe(false);
	});

	it('one problem reads as before, with the label; no problem, the values', () => {
		const c = fields();
		expect(
			c.all({
				hour: () => c.integer('hour', '7', 0, 23),
				zone: () => c.timeZone('time_zone', ' Europe/Paris '),
			}),
		).toEqual({
			hour: 7,
			zone: 'Europe/Paris',
		});
		expect(failure(() => c.all({ zone: () => c.timeZone('time_zone', 'CEST') })).message).toBe(
			'Invalid "Update Fields → Time Zone": "CEST" is not an IANA time zone name',
		);
	});

	it('nests: the problems of an inner reading join the outer one', () => {
		const c = fields();
		const error = failure(() =>
			c.all({
				id: () => c.id('accountId', 'x'),
				body: () =>
					c.all({
						hour: () => c.integer('hour', 24, 0, 23),
						zone: () => c.timeZone('time_zone', 'CEST'),
					}),
			}),
		);
		expect(error.message).toMatch(
			/^3 invalid fields: "accountId": .*; "Update Fields → Hour": .*; "Update Fields → Time Zone": /,
		);
	});

	it('another error stops the reading; problems found before it are what is thrown', () => {
		const c = fields();
		const broken = () => {
			throw new Error('could not resolve the expression');
		};
		expect(() => c.all({ a: broken, hour: () => c.integer('hour', 24, 0, 23) })).toThrow(
			'could not resolve the expression',
		);
		expect(
			failure(() => c.all({ hour: () => c.integer('hour', 24, 0, 23), a: broken })).message,
		).toMatch(/^Invalid "Update Fields → Hour"/);
	});

	it('a check outside all throws its own problem at once, alone', () => {
		const c = fields();
		expect(failure(() => c.integer('hour', 24, 0, 23)).message).toBe(
			'Invalid "Update Fields → Hour": 24 is above the maximum 23 (allowed: 0 to 23)',
		);
		expect(failure(() => c.integer('hour', -1, 0, 23)).message).toMatch(
			/^Invalid "Update Fields → Hour": -1/,
		);
	});

	it('allAsync reads fields that wait, in order, the same way', async () => {
		const c = fields();
		const error = await c
			.allAsync({
				hour: () => c.integer('hour', 24, 0, 23),
				key: async () => {
					await Promise.resolve();
					return c.fail('Google Key', 'the key is not valid JSON');
				},
			})
			.then(
				() => undefined,
				(e: unknown) => e as NodeOperationError,
			);
		expect(error?.message).toMatch(
			/^2 invalid fields: "Update Fields → Hour": .*; "Google Key": the key is not valid JSON/,
		);
	});
});

describe('labels from the node description', () => {
	const properties = new Deliverability().description.properties;

	it.each([
		['time_zone', 'automatedTest', 'update', 'Update Fields → Time Zone'],
		['accountId', 'automatedTest', 'create', 'Mailbox'],
		['limit', 'spamTest', 'getAll', 'Limit'],
		['max_score', 'account', 'getAll', 'Filters → Max Score'],
		['parameter', 'account', 'getAll', 'Additional Query Parameters → Parameter'],
		['Update Fields', 'alert', 'update', 'Update Fields'],
	])('%s on %s → %s reads "%s"', (field, resource, operation, label) => {
		expect(labelOf(field, resource, operation, properties)).toBe(label);
	});
});

describe('event catalogue (spec §6)', () => {
	it('has the two documented ids and nine unverified ones, options sorted by name', () => {
		expect(EVENTS.filter((e) => e.verified).map((e) => e.id)).toEqual([
			'ACCOUNT_DISCONNECTED',
			'SPAMCHECK_COMPLETED',
		]);
		expect(EVENTS.filter((e) => !e.verified)).toHaveLength(9);
		const names = EVENT_OPTIONS.map((o) => o.name);
		expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
		// Clean names; the unverified caveat is in the descriptions only.
		expect(EVENT_OPTIONS.filter((o) => /unverified/i.test(o.name))).toHaveLength(0);
		expect(
			EVENT_OPTIONS.filter((o) => /Unverified identifier/.test(o.description ?? '')),
		).toHaveLength(9);
	});

	it('merges selected and custom events without duplicates', () => {
		expect(mergeEvents(['ACCOUNT_DISCONNECTED'], 'MY_EVENT, ACCOUNT_DISCONNECTED  OTHER')).toEqual([
			'ACCOUNT_DISCONNECTED',
			'MY_EVENT',
			'OTHER',
		]);
		expect(mergeEvents(undefined, '')).toEqual([]);
		// An expression may give the selection as text.
		expect(mergeEvents('SPAMCHECK_COMPLETED, ACCOUNT_DISCONNECTED', 'X')).toEqual([
			'SPAMCHECK_COMPLETED',
			'ACCOUNT_DISCONNECTED',
			'X',
		]);
	});
});
