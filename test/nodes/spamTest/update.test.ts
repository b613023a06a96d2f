/**
 * Spam Test → Update through n8n's real engine against the sandbox: audience and seedlist, changing only what was
 * set (reading the test first when the service would reset the type), its errors and Continue On Fail.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, parametersOf, useSandbox } from '../context';
import { spamTestsIn } from '../../support/spam-tests';

const t = useSandbox();
const { newTest } = spamTestsIn(t);

const spamTest = parametersOf('spamTest');

/** Spam Test → Update of the test with this public_id (as typed in the picker's ID mode), with these Update Fields. */
const update = (publicId: string, updateFields: IDataObject) =>
	spamTest('update', { publicId: byId(publicId), updateFields });

describe('spamTest update', () => {
	it('filters the results for an audience and re-associates the seedlist', async () => {
		const test = await newTest(1);
		await t.clearRequests();
		const result = await t.run(update(test.public_id, { type: 'btob', seedlist: 2 }));
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out.test_type).toBe('btob');
		expect(out.seedlist).toBe(2);
		const results = out.results as IDataObject[];
		expect(results.length).toBeGreaterThan(0);
		expect(
			results.every((r) => r.desc === 'btob' && String(r.email).endsWith('@seed2.sandbox.test')),
		).toBe(true);
		expect(await t.onlyRequest()).toMatchObject({
			method: 'POST',
			path: `/spam_tests/${test.public_id}`,
			body: { type: 'btob', seedlist: 2 },
			status: 200,
		});
	});

	it('version 1.1 answers the audience and seedlist now, in words; Raw gives the test with its results', async () => {
		const test = await newTest(1);
		const parameters = update(test.public_id, { type: 'btoc', seedlist: 2 });
		const words = await t.run(parameters, { typeVersion: 1.1 });
		expect(words.error).toBeUndefined();
		const [said] = jsonOf(words);
		expect(said).toMatchObject({
			public_id: test.public_id,
			test_type: 'btoc',
			seedlist: 2,
			outcome: 'updated',
			message: `Spam test ${test.public_id} updated: audience Consumer (B2C), seedlist 2`,
		});
		expect(said).not.toHaveProperty('results');
		const raw = await t.run({ ...parameters, output: 'raw' }, { typeVersion: 1.1 });
		expect(jsonOf(raw)[0]).toHaveProperty('results');
	});

	it('changes only what was set: Seedlist alone keeps the audience type (read first)', async () => {
		const test = await newTest(1);
		await t.api('POST', `/spam_tests/${test.public_id}`, { type: 'btoc' });
		const before = (await t.api<IDataObject>('GET', `/spam_tests/${test.public_id}`)).data;
		expect(before.test_type).toBe('btoc');
		await t.clearRequests();
		const result = await t.run(update(test.public_id, { seedlist: 3 }));
		expect(result.error).toBeUndefined();
		const after = (await t.api<IDataObject>('GET', `/spam_tests/${test.public_id}`)).data;
		expect(after).toMatchObject({ test_type: 'btoc', seedlist: 3 });
		const log = (await t.requests()).filter((r) => r.path === `/spam_tests/${test.public_id}`);
		expect(log.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
		expect(log[1].body).toEqual({ seedlist: 3, type: 'btoc' });
	});

	it('the trap is real: the sandbox, like the service, refuses an update without type', async () => {
		const test = await newTest(1);
		expect((await t.api('POST', `/spam_tests/${test.public_id}`, { seedlist: 2 })).status).toBe(
			400,
		);
	});

	it('refuses a public_full_id (mlrch-…) before any request, with the public_id to give instead', async () => {
		const test = await newTest(1);
		await t.clearRequests();
		const result = await t.run(update('={{ $json.id }}', { type: 'btob' }), {
			input: [{ id: test.public_full_id }],
		});
		expect(result.error!.message).toBe(
			`Invalid "Spam Test": "${test.public_full_id}" is a public_full_id (the tracking id for the message body), not the public_id`,
		);
		expect(result.error!.description).toContain(`Give the public_id: "${test.public_id}"`);
		expect(await t.requests()).toEqual([]);
	});

	it('refuses an update with no field before any request', async () => {
		const result = await t.run(update('abcdefghij', {}));
		expect(result.error?.message).toMatch(/Update Fields/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('takes the type from an expression value', async () => {
		const test = await newTest(1);
		await t.clearRequests();
		const result = await t.run(update('={{ $json.id }}', { type: '={{ $json.audience }}' }), {
			input: [{ id: test.public_id, audience: 'btoc' }],
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].test_type).toBe('btoc');
		expect((await t.requests())[0].body).toEqual({ type: 'btoc' });
	});

	it.each([
		['Update Fields → Audience Type', { type: 'b2b' }],
		['Update Fields → Audience Type', { type: '={{ "" }}' }],
		['Update Fields → Seedlist', { type: 'all', seedlist: 0 }],
		['Update Fields → Seedlist', { type: 'all', seedlist: 7 }],
	])('refuses a bad %s before any request', async (field, updateFields) => {
		const result = await t.run(update('abcdefghij', updateFields));
		expect(result.error?.message).toContain(`"${field}"`);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(await t.requests()).toHaveLength(0);
	});

	it('with Continue On Fail, a bad item yields an error item and the others go on', async () => {
		const test = await newTest(1);
		await t.clearRequests();
		const result = await t.run(update('={{ $json.id }}', { type: '={{ $json.audience }}' }), {
			input: [
				{ id: test.public_id, audience: 'all' },
				{ id: test.public_id, audience: 'nobody' },
				{ id: 'zzzzzzzzzz', audience: 'all' },
			],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const out = jsonOf(result);
		expect(out[0].test_type).toBe('all');
		expect(String(out[1].error)).toMatch(/"Update Fields → Audience Type"/);
		expect(out[2].httpCode).toBe('404');
		expect((await t.requests()).map((r) => r.status)).toEqual([200, 404]);
	});
});
