/**
 * The Outlook App credential's test (nodes/Deliverability/auth/outlookApp.ts): it checks the app
 * registration fields locally.
 */
import type { ICredentialsDecrypted, ICredentialTestFunctions, IDataObject } from 'n8n-workflow';

import { outlookAppTest } from '../../../nodes/Deliverability/auth/outlookApp';

const OUTLOOK_APP = {
	clientId: '11111111-2222-3333-4444-555555555555',
	tenantId: '66666666-7777-8888-9999-000000000000',
	clientSecretId: 'dummy-secret-id-abc',
	clientSecretValue: 'dummy-secret-value-xyz',
};

describe('email workspace secrets live in credentials', () => {
	it('the Outlook app credential test checks the app fields locally', async () => {
		const run = async (data: IDataObject) =>
			await outlookAppTest.call(
				{} as ICredentialTestFunctions,
				{ id: '1', name: 'c', type: 't', data } as ICredentialsDecrypted,
			);
		expect((await run(OUTLOOK_APP)).status).toBe('OK');
		expect(await run({ ...OUTLOOK_APP, clientSecretValue: ' ' })).toEqual({
			status: 'Error',
			message: 'Client Secret Value: required',
		});
	});
});
