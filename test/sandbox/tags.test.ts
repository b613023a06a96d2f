/** POST /tags/{id}/link {account_id} → {id, name}; provider-defined tags refused; project scoping; no tag list. */
import { expectError, useSandbox } from './helpers';

const t = useSandbox({ accounts: 20 });

describe('POST /tags/{id}/link', () => {
	it('links the tag (seed: vip = 5) to the account → 200 {id, name}; the account carries it once and is found by it', async () => {
		for (let n = 0; n < 2; n++) {
			const res = await t.post('/tags/5/link', { account_id: 1 });
			expect(res.status).toBe(200);
			expect(res.data).toEqual({ id: 5, name: 'vip' });
		}
		const account = await t.get('/accounts/1');
		expect(account.data.tags.filter((tag: { id: number }) => tag.id === 5)).toEqual([
			{ id: 5, name: 'vip' },
		]);
		const found = await t.get('/accounts', { tags: 'vip', include_spamchecker: true });
		expect(found.data.map((a: { id: number }) => a.id)).toContain(1);
	});

	it('refuses a provider-defined tag → 422, the account unchanged', async () => {
		const tag = (await t.admin('POST', '/tags', { name: 'gmail-category', provider_defined: true }))
			.data;
		expect(tag).toEqual({ id: expect.any(Number), name: 'gmail-category', provider_defined: true });
		const res = await t.post(`/tags/${tag.id}/link`, { account_id: 1 });
		expectError(res, 422);
		expect(res.data.message).toMatch(/provider/i);
		expect((await t.get('/accounts/1')).data.tags.map((x: { id: number }) => x.id)).not.toContain(
			tag.id,
		);
	});

	it('checks the body and scoping: no account_id → 400, not an integer → 400, unknown field → 422, unknown tag/account → 404, another project’s → 403', async () => {
		expectError(await t.post('/tags/5/link', {}), 400);
		expectError(await t.post('/tags/5/link', { account_id: 'x' }), 400);
		expectError(await t.post('/tags/5/link', { account_id: 1, name: 'x' }), 422);
		expectError(await t.post('/tags/999/link', { account_id: 1 }), 404);
		expectError(await t.post('/tags/5/link', { account_id: 99999 }), 404);
		expectError(await t.post('/tags/7/link', { account_id: 1 }), 403); // b-only: project B's tag
		expectError(await t.post('/tags/5/link', { account_id: 100001 }), 403); // project B's account
		expectError(await t.post('/tags/abc/link', { account_id: 1 }), 400);
	});

	it('has no tag list endpoint (documented: tags are seen in account.tags[])', async () => {
		expectError(await t.get('/tags'), 404);
	});
});
