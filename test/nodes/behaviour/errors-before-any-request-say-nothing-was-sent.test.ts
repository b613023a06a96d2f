/**
 * An error raised before any request says so in its guidance, as the field checks' errors do: a user who reads
 * "Nothing was sent to the service." knows that fixing the cause and running again duplicates nothing. Covers the
 * errors outside the field checks: a credential that is not selected or cannot be used, a Base URL that is not an
 * http(s) URL or lacks /api/v1, an operation the node does not have.
 */
import { NOTHING_SENT } from '../../../nodes/shared/invalidFields';
import { byId, parametersOf, useSandbox } from '../context';
import { runAction } from '../../support/run-action';

const t = useSandbox({ accounts: 3 });

/** Email Workspace → Create of a Google workspace: it needs the Google key credential beside the API key's. */
const googleCreate = parametersOf('emailWorkspace')('create', {
	name: 'Sales',
	provider: 'google',
});

async function expectNothingSent(result: { error?: Error & { description?: string | null } }) {
	expect(result.error?.name).toBe('NodeOperationError');
	expect(result.error?.description).toMatch(/\S/);
	expect(result.error?.description?.endsWith(NOTHING_SENT)).toBe(true);
	expect(await t.requests()).toEqual([]);
}

describe('errors before any request say nothing was sent', () => {
	it('a credential with a secret that is not selected', async () => {
		await expectNothingSent(await t.run(googleCreate));
	});

	it('a credential whose key file cannot be used', async () => {
		const result = await t.run(googleCreate, {
			credentials: { deliverabilityGoogleWorkspaceKeyApi: { privateKeyFile: 'not a key file' } },
		});
		expect(result.error?.message).toMatch(/cannot be used/);
		await expectNothingSent(result);
	});

	it.each([
		['is not an http(s) URL', 'api.example.com/api/v1'],
		['does not end in /api/v1', 'https://api.example.com/app'],
	])('a Base URL that %s', async (message, baseUrl) => {
		const result = await runAction(
			{ resource: 'account', operation: 'get', accountId: byId(1) },
			{ apiKey: t.sandbox.apiKeys.A, baseUrl },
		);
		expect(result.error?.message).toContain(message);
		await expectNothingSent(result);
	});

	it('an operation the node does not have (a workflow from another version)', async () => {
		const result = await t.run({ resource: 'account', operation: 'archive' });
		expect(result.error?.message).toBe('The operation "archive" of "account" is not supported');
		await expectNothingSent(result);
	});
});
