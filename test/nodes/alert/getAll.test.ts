/**
 * Alert → Get Many through n8n's real engine against the sandbox: one bare array in one request, Limit applied
 * locally, a Limit of 0 refused before any request, the service's 401.
 */
import { jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox();

const alert = parametersOf('alert');

describe('alert getAll', () => {
	it('returns every alert of the project (one bare array, one request)', async () => {
		const result = await t.run(alert('getAll', { returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((a) => a.id)).toEqual([1, 2, 3]);
		expect(
			result.items.every((i) => JSON.stringify(i.pairedItem) === JSON.stringify({ item: 0 })),
		).toBe(true);
		expect(await t.onlyRequest()).toMatchObject({
			method: 'GET',
			path: '/alerts',
			query: {},
			status: 200,
		});
	});

	it('applies Limit locally', async () => {
		const result = await t.run(alert('getAll', { returnAll: false, limit: 2 }));
		expect(jsonOf(result).map((a) => a.id)).toEqual([1, 2]);
		expect(await t.requests()).toHaveLength(1);
	});

	it('refuses a Limit of 0 before any request', async () => {
		const result = await t.run(alert('getAll', { returnAll: false, limit: 0 }));
		expect(result.error?.message).toMatch(/"Limit"/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('surfaces a 401 for a wrong key', async () => {
		const result = await t.run(alert('getAll', { returnAll: true }), { apiKey: 'dummy-key-wrong' });
		expect(result.error?.httpCode).toBe('401');
	});
});
