/**
 * "An Update changes only what the user set", for the update-like operations whose service rules do not force a read
 * first (account Update / Pause / Resume, automated test Set Run Days): the resource is read straight from the
 * sandbox before and after a run through the real engine, and only the fields the user set may differ. (Automated
 * Test, Alert and Spam Test → Update, which must read first, are checked in their own test files.)
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, useSandbox } from '../context';

const t = useSandbox();

async function read(path: string): Promise<IDataObject> {
	const { status, data } = await t.api<IDataObject>('GET', path);
	expect(status).toBe(200);
	return data;
}

describe('only what was set changes', () => {
	it('Account → Update with First Name alone changes only first_name', async () => {
		const before = await read('/accounts/1');
		const result = await t.run({
			resource: 'account',
			operation: 'update',
			accountId: byId(1),
			updateFields: { first_name: 'Zoé' },
		});
		expect(result.error).toBeUndefined();
		expect(await read('/accounts/1')).toEqual({ ...before, first_name: 'Zoé' });
		const posts = (await t.requests()).filter((r) => r.method === 'POST');
		expect(posts.map((r) => r.body)).toEqual([{ first_name: 'Zoé' }]);
	});

	it('Account → Update with a Time Zone picked from the list changes only time_zone', async () => {
		const before = await read('/accounts/3');
		expect(before.time_zone).not.toBe('Asia/Kolkata');
		const picked = {
			__rl: true,
			mode: 'list',
			value: 'Asia/Kolkata',
			cachedResultName: 'Asia/Kolkata (UTC+05:30)',
		};
		const result = await t.run({
			resource: 'account',
			operation: 'update',
			accountId: byId(3),
			updateFields: { time_zone: picked },
		});
		expect(result.error).toBeUndefined();
		expect(await read('/accounts/3')).toEqual({ ...before, time_zone: 'Asia/Kolkata' });
	});

	it('Account → Pause and Resume change only alive', async () => {
		const before = await read('/accounts/2');
		expect(before.alive).toBe(true);
		await t.run({ resource: 'account', operation: 'pause', accountId: byId(2) });
		expect(await read('/accounts/2')).toEqual({ ...before, alive: false });
		await t.run({ resource: 'account', operation: 'resume', accountId: byId(2) });
		expect(await read('/accounts/2')).toEqual(before);
	});

	it('Automated Test → Set Run Days changes only the runs (state, time zone and hour stay)', async () => {
		await t.api('POST', '/automated_tests/5', { active: true, time_zone: 'Asia/Tokyo', hour: 6 });
		const before = await read('/automated_tests/5');
		const result = await t.run({
			resource: 'automatedTest',
			operation: 'setRuns',
			automatedTestId: byId(5),
			weekdays: [2, 4],
		});
		expect(result.error).toBeUndefined();
		const after = await read('/automated_tests/5');
		expect((after.automated_test_runs as IDataObject[]).map((r) => r.weekday)).toEqual([2, 4]);
		expect({ ...after, automated_test_runs: undefined }).toEqual({
			...before,
			automated_test_runs: undefined,
		});
		expect(after).toMatchObject({ active: true, time_zone: 'Asia/Tokyo', hour: 6 });
	});
});
