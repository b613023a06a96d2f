/**
 * Tag → Link to Mailbox: POST /tags/{id}/link {account_id} → {id, name}, through the real engine against the
 * sandbox, per input item from expressions, bad input refused before any request, the service's 422.
 */
import type { INodeParameters, NodeParameterValueType } from 'n8n-workflow';

import { byId, jsonOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 20 });

const link = (
	tagId: NodeParameterValueType,
	accountId: NodeParameterValueType,
): INodeParameters => ({ resource: 'tag', operation: 'link', tagId, accountId });

const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

describe('tag link to account', () => {
	it('sends POST /tags/{id}/link {account_id} and returns {id, name}; the account then carries the tag', async () => {
		const result = await t.run(link({ __rl: true, mode: 'list', value: '5' }, byId(1)), {
			input: [{ a: 1 }],
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ id: 5, name: 'vip' }]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		const [request] = await t.requests();
		expect([request.method, local(request.path), request.body]).toEqual([
			'POST',
			'/tags/5/link',
			{ account_id: 1 },
		]);
		const account = await t.api<{ tags: Array<{ id: number }> }>('GET', '/accounts/1');
		expect(account.data.tags.map((tag) => tag.id)).toContain(5);
	});

	it('version 1.1 answers which tag now marks which account, in words; Raw gives {id, name}', async () => {
		const words = await t.run(link(byId(5), byId(2)), { typeVersion: 1.1 });
		expect(jsonOf(words)).toEqual([
			{
				id: 5,
				name: 'vip',
				account_id: 2,
				outcome: 'linked',
				message: 'Tag "vip" (ID 5) linked to mailbox 2: Mailbox → Get Many finds it by this tag',
			},
		]);
		const raw = await t.run({ ...link(byId(5), byId(2)), output: 'raw' }, { typeVersion: 1.1 });
		expect(jsonOf(raw)).toEqual([{ id: 5, name: 'vip' }]);
	});

	it('links per input item from expressions', async () => {
		const result = await t.run(link('={{ $json.tag }}', '={{ $json.account }}'), {
			input: [
				{ tag: 5, account: 1 },
				{ tag: 4, account: 3 },
			],
		});
		expect(jsonOf(result)).toEqual([
			{ id: 5, name: 'vip' },
			{ id: 4, name: 'warmup' },
		]);
	});

	it.each([
		[link(byId('={{ "abc" }}'), byId(1)), /tagId|Tag/],
		[link(byId(5), byId('={{ "" }}')), /"Mailbox"/],
		[link(byId('={{ 0 }}'), byId(1)), /tagId|Tag/],
	])('refuses a bad id %# before any request', async (parameters, pattern) => {
		const result = await t.run(parameters);
		await t.expectRefused(result, pattern);
	});

	it('a provider-defined tag: the service refuses it (422) and the error carries its message', async () => {
		const tag = await t.admin<{ id: number }>('POST', '/tags', {
			name: 'gmail-category',
			provider_defined: true,
		});
		const result = await t.run(link(byId(tag.id), byId(1)));
		expect(result.error?.httpCode).toBe('422');
		expect(result.error!.message).toMatch(/provider cannot be linked/);
		const cof = await t.run(link(byId(tag.id), byId(1)), { continueOnFail: true });
		expect(jsonOf(cof)[0]).toEqual(
			expect.objectContaining({ error: expect.stringMatching(/provider/), httpCode: '422' }),
		);
	});
});
