/**
 * Alert → Delete through n8n's real engine against the sandbox: {deleted: true, id}, the service's 404 (not
 * retried), Continue On Fail, and a bad id refused before any request.
 */
import { byId, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox();

const alert = parametersOf('alert');

/** Alert → Delete of the alert with this id (as typed in the picker's ID mode). */
const deleteAlert = (id: number | string) => alert('delete', { alertId: byId(id) });

describe('alert delete', () => {
	it('deletes and answers {deleted: true, id}', async () => {
		const result = await t.run(deleteAlert(3));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ deleted: true, id: 3 }]);
		expect(await t.onlyRequest()).toMatchObject({
			method: 'DELETE',
			path: '/alerts/3',
			status: 200,
		});
		const { data } = await t.api<Array<{ id: number }>>('GET', '/alerts');
		expect(data.map((a) => a.id)).toEqual([1, 2]);
	});

	it('version 1.1 answers deleted: true in words; Raw gives what the service said', async () => {
		const words = await t.run(deleteAlert(3), { typeVersion: 1.1 });
		expect(jsonOf(words)).toEqual([
			{
				id: 3,
				deleted: true,
				outcome: 'deleted',
				message: 'Alert 3 deleted: it sends no more notifications',
			},
		]);
		const raw = await t.run(
			{ ...deleteAlert(2), output: 'raw' },
			{
				typeVersion: 1.1,
			},
		);
		expect(jsonOf(raw)).toEqual([{ deleted: true, id: 2 }]);
	});

	it('surfaces a 404 for an unknown alert as an error (not retried)', async () => {
		const result = await t.run(deleteAlert(999));
		expect(result.error?.httpCode).toBe('404');
		expect((await t.requests()).map((r) => r.status)).toEqual([404]);
	});

	it('with Continue On Fail, deletes the good ids and reports the bad ones', async () => {
		const result = await t.run(deleteAlert('={{ $json.id }}'), {
			input: [{ id: 1 }, { id: 'x' }, { id: 999 }, { id: 2 }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		const out = jsonOf(result);
		expect(result.items.map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(out[0]).toEqual({ deleted: true, id: 1 });
		expect(String(out[1].error)).toMatch(/"Alert"/);
		expect(out[2].httpCode).toBe('404');
		expect(out[3]).toEqual({ deleted: true, id: 2 });
		expect((await t.requests()).map((r) => r.path)).toEqual([
			'/alerts/1',
			'/alerts/999',
			'/alerts/2',
		]);
	});

	it('refuses a non-numeric id before any request', async () => {
		const result = await t.run(deleteAlert('={{ "twelve" }}'));
		expect(result.error?.message).toMatch(/"Alert"/);
		expect(await t.requests()).toHaveLength(0);
	});
});
