/**
 * The Google Workspace Key credential's test (nodes/Deliverability/auth/googleWorkspaceKey.ts): it checks
 * the key file locally (a service account key) and never quotes a secret.
 */
import type { ICredentialsDecrypted, ICredentialTestFunctions, IDataObject } from 'n8n-workflow';

import { googleWorkspaceKeyTest } from '../../../nodes/Deliverability/auth/googleWorkspaceKey';

const PRIVATE_KEY =
	'-----BEGIN PRIVATE KEY-----\nMIIEdummyexamplekeymaterial\n-----END PRIVATE KEY-----\n';

const KEY_FILE = {
	type: 'service_account',
	project_id: 'example-project',
	private_key_id: 'dummy-key-id-123',
	private_key: PRIVATE_KEY,
	client_email: 'importer@example-project.iam.gserviceaccount.com',
	client_id: '1234567890',
};

const keyText = (key: IDataObject) => JSON.stringify(key, null, 2);

const SECRETS = [
	'MIIEdummyexamplekeymaterial',
	'dummy-key-id-123',
	'dummy-secret-value-xyz',
	'dummy-secret-id-abc',
];

function noSecrets(value: unknown) {
	const text = JSON.stringify(value);
	for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe('email workspace secrets live in credentials', () => {
	it('the Google key credential test checks the key file locally, never quoting a secret', async () => {
		const run = async (data: IDataObject) =>
			await googleWorkspaceKeyTest.call(
				{} as ICredentialTestFunctions,
				{ id: '1', name: 'c', type: 't', data } as ICredentialsDecrypted,
			);
		const good = await run({ privateKeyFile: keyText(KEY_FILE) });
		expect(good).toEqual({ status: 'OK', message: expect.stringContaining(KEY_FILE.client_email) });
		const bad = await run({
			privateKeyFile: keyText({ ...KEY_FILE, type: 'authorized_user' }),
		});
		expect(bad).toEqual({ status: 'Error', message: expect.stringMatching(/service_account/) });
		noSecrets(bad);
	});
});
