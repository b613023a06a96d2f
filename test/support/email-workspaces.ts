/**
 * What the Email Workspace tests that work on an existing workspace (Update, Import Accounts) start from: a Google
 * service account key file, and a workspace made directly through the API.
 */
import type { NodeTestContext } from '../nodes/context';

/** A service account key file as Google gives it (dummy key material). */
export const KEY_FILE = {
	type: 'service_account',
	project_id: 'example-project',
	private_key_id: 'dummy-new-key-id-456',
	private_key: '-----BEGIN PRIVATE KEY-----\nMIIEdummynewkeymaterial\n-----END PRIVATE KEY-----\n',
	client_email: 'importer@example-project.iam.gserviceaccount.com',
};

/** A Google (its key file, key id "old") or Outlook workspace made through the API; the request log is cleared. */
export async function workspace(
	t: NodeTestContext,
	provider: 'google' | 'outlook' = 'google',
): Promise<number> {
	const body =
		provider === 'google'
			? { name: 'Sales', file_key_json: { ...KEY_FILE, private_key_id: 'old' } }
			: {
					name: 'M365',
					provider,
					outlook_client_id: 'c',
					outlook_client_secret: 's',
					outlook_client_secret_value: 'v',
					outlook_tenant_id: 't',
				};
	const res = await t.api<{ id: number }>('POST', '/email_workspaces', body);
	await t.clearRequests();
	return res.data.id;
}
