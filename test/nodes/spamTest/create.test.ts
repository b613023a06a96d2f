/**
 * Spam Test → Create through n8n's real engine against the sandbox: a test on the chosen seedlist for exactly
 * one credit, seed_emails for Send Email, a create never repeated after a 500, the service's 422, bad input refused.
 */
import type { IDataObject } from 'n8n-workflow';

import { hintsOf, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox();

const spamTest = parametersOf('spamTest');

async function credits(): Promise<number> {
	const answer = await t.admin<{ credits: number } | { A: number }>('GET', '/credits');
	return 'credits' in answer ? answer.credits : (answer as { A: number }).A;
}

describe('spamTest create', () => {
	it('creates a test on the chosen seedlist, consumes exactly one credit, and returns seed_emails for Send Email', async () => {
		const before = await credits();
		const result = await t.run(spamTest('create', { additionalFields: { seedlist: 3 } }));
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(out.completed).toBe(false);
		expect(out.seedlist).toBe(3);
		expect(out.public_full_id).toBe(`mlrch-${String(out.public_id)}`);
		const emails = (out.results as IDataObject[]).map((r) => r.email);
		expect(emails).toHaveLength(24);
		expect(out.seed_count).toBe(24);
		expect(out.seed_emails).toBe(emails.join(','));
		expect(String(out.seed_emails)).toMatch(
			/^[^,\s]+@seed3\.sandbox\.test(,[^,\s]+@seed3\.sandbox\.test)*$/,
		);
		expect(await credits()).toBe(before - 1);
		// what to do next: send to seed_emails with public_full_id in the body, then Get with Wait for Completion
		expect(hintsOf(result)).toContainEqual(
			expect.stringMatching(/seed_emails.*public_full_id.*Wait for Completion/),
		);

		expect(await t.onlyRequest()).toMatchObject({
			method: 'POST',
			path: '/spam_tests',
			body: { seedlist: 3 },
			status: 201,
			headerForm: 'bearer',
		});
	});

	it('sends an empty body without a seedlist (the service default)', async () => {
		const result = await t.run(spamTest('create'));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].seed_count).toBe(20);
		expect((await t.onlyRequest()).body ?? {}).toEqual({});
	});

	it.each([[0], [5], ['two'], [2.5]])(
		'refuses seedlist %p before any request',
		async (seedlist) => {
			const before = await credits();
			const result = await t.run(spamTest('create', { additionalFields: { seedlist } }));
			expect(result.error?.message).toMatch(/"Additional Fields → Seedlist"/);
			expect(result.error?.context?.itemIndex).toBe(0);
			expect(await t.requests()).toHaveLength(0);
			expect(await credits()).toBe(before);
		},
	);

	it('sends a create hit by a "processed" 500 exactly once: one credit gone, the error says it may have been processed', async () => {
		const before = await credits();
		await t.fault('processed500', 'POST /spam_tests');
		const result = await t.run(spamTest('create'));
		expect(result.error).toBeDefined();
		expect(result.error?.message).toMatch(/^The spam test may have been created/);
		const creates = (await t.requests()).filter(
			(r) => r.method === 'POST' && r.path === '/spam_tests',
		);
		expect(creates).toHaveLength(1);
		expect(await credits()).toBe(before - 1);
	});

	it('fails with the service message when the project has no credits left (422)', async () => {
		const result = await t.run(spamTest('create'), { apiKey: t.sandbox.apiKeys.B });
		expect(result.error).toBeUndefined();
		await t.run(spamTest('create'), { apiKey: t.sandbox.apiKeys.B });
		await t.run(spamTest('create'), { apiKey: t.sandbox.apiKeys.B });
		const fourth = await t.run(spamTest('create'), { apiKey: t.sandbox.apiKeys.B });
		expect(fourth.error?.message).toMatch(/No spam check credits left/);
		expect(fourth.error?.httpCode).toBe('422');
	});
});
