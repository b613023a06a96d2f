/**
 * Automated Test → Set Run Days through n8n's real engine against the sandbox: weekdays as ISO numbers, from
 * the picker or an expression, bad days refused before any request.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox();

const automatedTest = parametersOf('automatedTest');

describe('automatedTest setRuns', () => {
	it('maps Monday..Sunday to ISO numbers 1..7, sorted and without duplicates', async () => {
		const result = await t.run(
			automatedTest('setRuns', { automatedTestId: byId(3), weekdays: [7, 1, 5] }),
		);
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect((out.automated_test_runs as IDataObject[]).map((r) => r.weekday).sort()).toEqual([
			1, 5, 7,
		]);
		expect(await t.onlyRequest()).toMatchObject({
			method: 'POST',
			path: '/automated_tests/3/runs',
			body: { weekdays: [1, 5, 7] },
			status: 200,
		});
	});

	it('version 1.1 answers the days the test now runs on, by name; Raw gives the test as answered', async () => {
		const parameters = automatedTest('setRuns', { automatedTestId: byId(3), weekdays: [3, 1] });
		const words = await t.run(parameters, { typeVersion: 1.1 });
		expect(words.error).toBeUndefined();
		const [said] = jsonOf(words);
		expect(said).toMatchObject({ id: 3, run_days: ['Monday', 'Wednesday'], outcome: 'runs set' });
		expect(said.message).toMatch(
			/^Automated test 3 (active|inactive \(not scheduled\)), runs on Monday, Wednesday at \d+:00 /,
		);
		expect(said).not.toHaveProperty('automated_test_runs');
		const raw = await t.run({ ...parameters, output: 'raw' }, { typeVersion: 1.1 });
		expect(jsonOf(raw)[0]).toHaveProperty('automated_test_runs');
		expect(jsonOf(raw)[0]).not.toHaveProperty('run_days');
	});

	it('accepts day names and numbers from an expression', async () => {
		const result = await t.run(
			automatedTest('setRuns', { automatedTestId: byId(4), weekdays: '={{ $json.days }}' }),
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
		const result = await t.run(automatedTest('setRuns', { automatedTestId: byId(3), weekdays }));
		expect(result.error?.message).toContain('"Weekdays"');
		expect(await t.requests()).toHaveLength(0);
	});
});
