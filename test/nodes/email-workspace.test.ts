/**
 * Email Workspace Create: Google (service-account key file, checked before sending) and Outlook (four required
 * fields, expiry as a date picker value or DD/MM/YYYY, sent as DD/MM/YYYY). Secrets never reach output or errors.
 */
import type { IDataObject } from 'n8n-workflow';

import { jsonOf, useSandbox } from './context';

const t = useSandbox({ accounts: 10 });

const create = (extra: IDataObject) => ({ resource: 'emailWorkspace', operation: 'create', ...extra });
const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEdummyexamplekeymaterial\n-----END PRIVATE KEY-----\n';
const KEY_FILE = {
	type: 'service_account',
	project_id: 'example-project',
	private_key_id: 'dummy-key-id-123',
	private_key: PRIVATE_KEY,
	client_email: 'importer@example-project.iam.gserviceaccount.com',
	client_id: '1234567890',
};
const keyText = (key: IDataObject) => JSON.stringify(key, null, 2);

const outlook = {
	provider: 'outlook',
	outlookClientId: '11111111-2222-3333-4444-555555555555',
	outlookClientSecret: 'dummy-secret-id-abc',
	outlookClientSecretValue: 'dummy-secret-value-xyz',
	outlookTenantId: '66666666-7777-8888-9999-000000000000',
};

function noSecrets(value: unknown) {
	const text = JSON.stringify(value);
	expect(text).not.toContain('MIIEdummyexamplekeymaterial');
	expect(text).not.toContain('dummy-secret-value-xyz');
	expect(text).not.toContain('dummy-secret-id-abc');
}

describe('email workspace create (google)', () => {
	it('sends the key file content as file_key_json and returns the workspace without it', async () => {
		const result = await t.run(create({ name: 'Sales', provider: 'google', fileKeyJson: keyText(KEY_FILE) }));
		expect(result.error).toBeUndefined();
		const [workspace] = jsonOf(result);
		expect(workspace).toEqual(expect.objectContaining({ id: expect.any(Number), name: 'Sales', provider: 'google' }));
		noSecrets(result.items);
		const requests = await t.requests();
		expect(requests.map((r) => `${r.method} ${local(r.path)}`)).toEqual(['POST /email_workspaces']);
		const body = requests[0].body as IDataObject;
		expect(Object.keys(body).sort()).toEqual(['file_key_json', 'name', 'provider']);
		expect(JSON.parse(body.file_key_json as string)).toEqual(KEY_FILE);
	});

	it('accepts the key as an object from an expression; google is the default provider', async () => {
		const result = await t.run(create({ name: 'Ops', fileKeyJson: `={{ ${JSON.stringify(KEY_FILE)} }}` }));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].provider).toBe('google');
		expect((await t.requests())[0].body).toEqual(expect.objectContaining({ provider: 'google' }));
	});

	it.each([
		['={{ "" }}', /fileKeyJson.*required/],
		[`${keyText(KEY_FILE).slice(0, 80)}`, /fileKeyJson.*not valid JSON/],
		['[1, 2]', /fileKeyJson.*JSON object/],
		[keyText({ ...KEY_FILE, type: 'authorized_user' }), /fileKeyJson.*service_account/],
		[keyText({ ...KEY_FILE, client_email: undefined }), /fileKeyJson.*client_email/],
		[keyText({ ...KEY_FILE, private_key: 'nope' }), /fileKeyJson.*private_key/],
	])('rejects the key file %#, never quoting it, before any request', async (fileKeyJson, pattern) => {
		const result = await t.run(create({ name: 'Sales', provider: 'google', fileKeyJson }));
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error!.message).toMatch(pattern);
		noSecrets({ message: result.error!.message, description: result.error!.description });
		expect(await t.requests()).toHaveLength(0);
	});
});

describe('email workspace create (outlook)', () => {
	it('sends the four outlook fields and the expiry from the date picker as DD/MM/YYYY', async () => {
		const result = await t.run(
			create({ name: 'M365', ...outlook, additionalFields: { outlook_client_secret_expires_at: '2027-12-31T00:00:00' } }),
		);
		expect(result.error).toBeUndefined();
		const [workspace] = jsonOf(result);
		expect(workspace).toEqual(
			expect.objectContaining({
				name: 'M365',
				provider: 'outlook',
				outlook_client_id: outlook.outlookClientId,
				outlook_tenant_id: outlook.outlookTenantId,
				outlook_client_secret_expires_at: '2027-12-31T00:00:00.000Z',
			}),
		);
		noSecrets(result.items);
		const [request] = await t.requests();
		expect(request.body).toEqual({
			name: 'M365',
			provider: 'outlook',
			outlook_client_id: outlook.outlookClientId,
			outlook_client_secret: outlook.outlookClientSecret,
			outlook_client_secret_value: outlook.outlookClientSecretValue,
			outlook_tenant_id: outlook.outlookTenantId,
			outlook_client_secret_expires_at: '31/12/2027',
		});
	});

	it('accepts the expiry as DD/MM/YYYY text from an expression, and no expiry at all', async () => {
		await t.run(create({ name: 'A', ...outlook, additionalFields: { outlook_client_secret_expires_at: '={{ "01/02/2028" }}' } }));
		await t.run(create({ name: 'B', ...outlook }));
		const bodies = (await t.requests()).map((r) => (r.body as IDataObject).outlook_client_secret_expires_at);
		expect(bodies).toEqual(['01/02/2028', undefined]);
	});

	it('accepts the expiry as a luxon DateTime from an expression ($now.plus)', async () => {
		const result = await t.run(
			create({ name: 'C', ...outlook, additionalFields: { outlook_client_secret_expires_at: '={{ $now.plus({ days: 400 }) }}' } }),
		);
		expect(result.error).toBeUndefined();
		const sent = (await t.requests())[0].body as IDataObject;
		expect(sent.outlook_client_secret_expires_at).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
	});

	it.each([
		[{ outlookTenantId: '={{ "" }}' }, /outlookTenantId.*required/],
		[{ outlookClientId: '  ' }, /outlookClientId.*required/],
		[{ outlookClientSecret: '={{ "" }}' }, /outlookClientSecret.*required/],
		[{ outlookClientSecretValue: '={{ "" }}' }, /outlookClientSecretValue.*required/],
		[{ additionalFields: { outlook_client_secret_expires_at: '={{ "31/02/2027" }}' } }, /outlook_client_secret_expires_at.*not a date/],
		[{ additionalFields: { outlook_client_secret_expires_at: '={{ "next year" }}' } }, /outlook_client_secret_expires_at.*not a date/],
		[{ provider: '={{ "yahoo" }}' }, /provider.*google, outlook/],
		[{ name: '={{ "  " }}' }, /name/],
	])('rejects %p before any request', async (parameters, pattern) => {
		const result = await t.run(create({ name: 'M365', ...outlook, ...parameters }));
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error!.message).toMatch(pattern);
		noSecrets({ message: result.error!.message, description: result.error!.description });
		expect(await t.requests()).toHaveLength(0);
	});

	it('keeps the secrets out of a service error (unknown key refused: 401)', async () => {
		const result = await t.run(create({ name: 'M365', ...outlook }), { apiKey: 'dummy-key-unknown' });
		expect(result.error!.httpCode).toBe('401');
		noSecrets({ message: result.error!.message, description: result.error!.description, context: result.error!.context });
	});
});
