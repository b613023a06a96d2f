/**
 * An answer the node cannot use is described as what the operation the user ran expects: the operation files state
 * only what their answer must look like, and the item names the operation (Mailbox → Pause and → Resume share one
 * answer shape but each error names its own operation).
 */
import { byId, useSandbox } from '../context';

const t = useSandbox({ accounts: 3 });

describe('an unusable answer names the operation the user ran', () => {
	it.each(['pause', 'resume'])('Mailbox → %s answered with a web page', async (operation) => {
		const title = `Mailbox → ${operation.charAt(0).toUpperCase()}${operation.slice(1)}`;
		await t.admin('POST', '/answers', {
			kind: 'html',
			method: 'POST',
			path: '/accounts/1',
			count: 1,
		});
		const result = await t.run({ resource: 'account', operation, accountId: byId(1) });
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error!.message).toBe(
			`The service answered a web page (HTML) where ${title} expects the mailbox (with id): the change may have been made`,
		);
	});

	it('Mailbox → Get Many answered with null: a list of mailboxes is what Get Many expects', async () => {
		await t.admin('POST', '/answers', { kind: 'null', method: 'GET', path: '/accounts', count: 1 });
		const result = await t.run({
			resource: 'account',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		});
		expect(result.error?.message).toMatch(
			/^The service answered .* where Mailbox → Get Many expects a list of mailboxes/,
		);
	});
});
