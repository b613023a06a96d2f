/**
 * The Google key credential's form checks the key file's form as the user types. n8n's credential Test cannot:
 * Google cannot be asked from n8n, and the credential's Test is its API key's (GET /ping). A notice appears under the
 * key file while it is not a service account key file, agreeing with the node's own check before sending; never for
 * an empty field (n8n marks it required) or for a saved credential reopened (n8n shows a placeholder instead of the
 * secret). Computed with n8n's own display rules, as the credential form does.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { CREDENTIAL_BLANKING_VALUE, CREDENTIAL_EMPTY_VALUE } from 'n8n-workflow';

import {
	DeliverabilityGoogleWorkspaceKeyApi,
	KEY_FILE_NOTICE,
} from '../../credentials/DeliverabilityGoogleWorkspaceKeyApi.credentials';
import { googleKeyProblem } from '../../nodes/Deliverability/auth/googleWorkspaceKey';
import { formNotices } from './credential-form';

const credential = new DeliverabilityGoogleWorkspaceKeyApi();
const notices = (data: ICredentialDataDecryptedObject) => formNotices(credential, data);

const KEY = {
	type: 'service_account',
	project_id: 'example-project',
	private_key_id: 'dummy-key-id',
	private_key: '-----BEGIN PRIVATE KEY-----\nMIIEdummy\n-----END PRIVATE KEY-----\n',
	client_email: 'importer@example-project.iam.gserviceaccount.com',
	client_id: '1234567890',
};

describe("the Google key credential's form checks the key file", () => {
	it.each([
		['the file as downloaded', JSON.stringify(KEY, null, 2)],
		['the file on one line', JSON.stringify(KEY)],
	])('%s: no notice, and the node accepts it', (_case, file) => {
		expect(notices({ privateKeyFile: file })).toEqual([]);
		expect(googleKeyProblem(file)).not.toHaveProperty('problem');
	});

	it.each([
		['not JSON', 'MIIEdummy'],
		['an OAuth client file', JSON.stringify({ ...KEY, type: 'authorized_user' })],
		['no client email', JSON.stringify({ ...KEY, client_email: 'importer' })],
		['no private key', JSON.stringify({ ...KEY, private_key: 'dummy' })],
	])('%s: the notice says what the file must be, as the node refuses it', (_case, file) => {
		expect(notices({ privateKeyFile: file })).toEqual([KEY_FILE_NOTICE]);
		expect(googleKeyProblem(file)).toHaveProperty('problem');
	});

	it("an empty field, or a saved credential reopened (n8n's placeholders): no notice", () => {
		for (const privateKeyFile of ['', CREDENTIAL_BLANKING_VALUE, CREDENTIAL_EMPTY_VALUE])
			expect(notices({ privateKeyFile })).toEqual([]);
	});
});
