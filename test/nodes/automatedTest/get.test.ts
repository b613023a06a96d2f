/**
 * Automated Test → Get through n8n's real engine against the sandbox: one test with its runs, the service's 404
 * and 403, a bad id refused before any request.
 */
import { byId, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox();

const automatedTest = parametersOf('automatedTest');

/** Automated Test → Get of the test with this id (as typed in the picker's ID mode). */
const get = (id: number | string) => automatedTest('get', { automatedTestId: byId(id) });

describe('automatedTest get', () => {
	it('returns one test with its runs', async () => {
		const result = await t.run(get(2));
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out.id).toBe(2);
		expect(Array.isArray(out.automated_test_runs)).toBe(true);
		expect(await t.onlyRequest()).toMatchObject({
			method: 'GET',
			path: '/automated_tests/2',
			status: 200,
		});
	});

	it('surfaces 404 and 403', async () => {
		expect((await t.run(get(99999))).error?.httpCode).toBe('404');
		expect((await t.run(get(33))).error?.httpCode).toBe('403');
	});

	it('refuses a non-numeric id before any request', async () => {
		const result = await t.run(get('={{ "seven" }}'));
		expect(result.error?.message).toMatch(/"Automated Test"/);
		expect(await t.requests()).toHaveLength(0);
	});
});
