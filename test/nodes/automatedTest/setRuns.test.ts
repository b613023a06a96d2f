/**
 * Automated Test → Set Run Days through n8n's real engine against the sandbox: weekdays as ISO numbers, from
 * the picker or an expression, bad days refused before any request.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, useSandbox } from '../context';

const t = useSandbox();

describe('automatedTest setRuns', () => {
	it('maps Monday..Sunday to ISO numbers 1..7, sorted and without duplicates', async () => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'setRuns',
			automatedTestId: byId(3),
			weekdays: [7, 1, 5],
		});
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect((out.automated_test_runs as IDataObject[]).map((r) => r.weekday).sort()).toEqual([
			1, 5, 7,
		]);
		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({
			method: 'POST',
			path: '/automated_tests/3/runs',
			body: { weekdays: [1, 5, 7] },
			status: 200,
		});
	});

	it('accepts day names and numbers from an expression', async () => {
		const result = await t.run(
			{
				resource: 'automatedTest',
				operation: 'setRuns',
				automatedTestId: byId(4),
				weekdays: '={{ $json.days }}',
			},
			{ input: [{ days: ['tuesday', 'Saturday', 2, '4'] }] },
		);
		expect(result.error).toBeUndefined();
		expect((await t.requests())[0].body).toEqual({ weekdays: [2, 4, 6] });
	});

	it.each([
		['no day', '={{ [] }}'],
		['day 0', [0]],
		['day 8', [8]],
		['an unknown name', ['Funday']],
	])('refuses %s before any request', async (_label, weekdays) => {
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'setRuns',
			automatedTestId: byId(3),
			weekdays,
		});
		expect(result.error?.message).toContain('"Weekdays"');
		expect(await t.requests()).toHaveLength(0);
	});
});
