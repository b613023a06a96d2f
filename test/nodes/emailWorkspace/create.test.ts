/**
 * Email Workspace Create: Google (service-account key file from the "Deliverability with Google Workspace Key API"
 * credential, checked before sending) and Outlook (the four app registration fields from the "Deliverability with
 * Outlook App API" credential; expiry as a date picker value or DD/MM/YYYY, sent as DD/MM/YYYY). The secrets live in
 * credentials only: the saved workflow holds none, the request body carries them, output and errors never do.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { NodeHelpers } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { jsonOf, useSandbox } from '../context';
import { credentialsAskedFor, savedParameters } from '../editor';

const t = useSandbox({ accounts: 10 });

const create = (extra: IDataObject) => ({
	resource: 'emailWorkspace',
	operation: 'create',
	...extra,
});

const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

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

const google = (privateKeyFile: string = keyText(KEY_FILE)) => ({
	credentials: { deliverabilityGoogleWorkspaceKeyApi: { privateKeyFile } },
});

const OUTLOOK_APP = {
	clientId: '11111111-2222-3333-4444-555555555555',
	tenantId: '66666666-7777-8888-9999-000000000000',
	clientSecretId: 'dummy-secret-id-abc',
	clientSecretValue: 'dummy-secret-value-xyz',
};

const outlookApp = (extra: IDataObject = {}) => ({
	credentials: { deliverabilityOutlookAppApi: { ...OUTLOOK_APP, ...extra } },
});

const outlook = { provider: 'outlook' };

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

const node = new Deliverability();

describe('email workspace secrets live in credentials', () => {
	it('no parameter of the operation can hold a secret: no JSON or password field, and the saved workflow holds none', () => {
		for (const provider of ['google', 'outlook']) {
			const shown = node.description.properties.filter((p) =>
				NodeHelpers.displayParameter(
					savedParameters(create({ provider })),
					p,
					{ parameters: {} } as INode,
					node.description,
				),
			);
			for (const p of shown) {
				expect({
					name: p.name,
					password: p.typeOptions?.password ?? false,
					json: p.type === 'json',
				}).toEqual({ name: p.name, password: false, json: false });
			}
		}
		noSecrets(savedParameters(create({ name: 'Sales', provider: 'google' })));
	});

	it('asks for the Google key credential with provider Google and for the Outlook app credential with Outlook', () => {
		expect(credentialsAskedFor(create({ provider: 'google' }))).toEqual([
			'deliverabilityGoogleWorkspaceKeyApi',
		]);
		expect(credentialsAskedFor(create({ provider: 'outlook' }))).toEqual([
			'deliverabilityOutlookAppApi',
		]);
		expect(credentialsAskedFor({ resource: 'account', operation: 'get' })).toEqual([
			'deliverabilityApi',
		]);
	});
});

describe('email workspace create (google)', () => {
	it('with only the API key credential selected, names the credential it needs, before any request', async () => {
		const result = await t.run(create({ name: 'Sales', provider: 'google' }));
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error!.message).toBe(
			'This operation needs a "Deliverability with Google Workspace Key API" credential, and none is selected',
		);
		expect(result.error!.description).toMatch(/never stores the secret.*top of the node/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('sends the key file from the credential as file_key_json; neither the saved workflow nor the run holds it', async () => {
		const parameters = create({ name: 'Sales', provider: 'google' });
		const result = await t.run(parameters, google());
		expect(result.error).toBeUndefined();
		noSecrets(savedParameters(parameters));
		noSecrets(result.run.data);
		const [workspace] = jsonOf(result);
		expect(workspace).toEqual(
			expect.objectContaining({ id: expect.any(Number), name: 'Sales', provider: 'google' }),
		);
		noSecrets(result.items);
		const requests = await t.requests();
		expect(requests.map((r) => `${r.method} ${local(r.path)}`)).toEqual(['POST /email_workspaces']);
		const body = requests[0].body as IDataObject;
		expect(Object.keys(body).sort()).toEqual(['file_key_json', 'name', 'provider']);
		expect(JSON.parse(body.file_key_json as string)).toEqual(KEY_FILE);
	});

	it('version 1.1 answers the new workspace and what to do next, in words; Raw gives it as answered', async () => {
		const words = await t.run(create({ name: 'Ops', provider: 'google' }), {
			...google(),
			typeVersion: 1.1,
		});
		expect(words.error).toBeUndefined();
		const [said] = jsonOf(words);
		expect(said).toMatchObject({ name: 'Ops', provider: 'google', outcome: 'created' });
		expect(said.message).toBe(
			`Google Workspace "Ops" (ID ${String(said.id)}) created: import its mailboxes with Email Workspace → Import Mailboxes`,
		);
		const raw = await t.run(create({ name: 'Ops 2', provider: 'google', output: 'raw' }), {
			...google(),
			typeVersion: 1.1,
		});
		expect(jsonOf(raw)[0]).toMatchObject({ name: 'Ops 2', provider: 'google' });
		expect(jsonOf(raw)[0]).not.toHaveProperty('outcome');
		noSecrets(words.items);
	});

	it('google is the default provider; a key file pasted on one line (a password field drops line breaks) works', async () => {
		const result = await t.run(create({ name: 'Ops' }), google(JSON.stringify(KEY_FILE)));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].provider).toBe('google');
		expect((await t.requests())[0].body).toEqual(expect.objectContaining({ provider: 'google' }));
	});

	it.each([
		[
			'',
			/Google Workspace Key.*Service Account Key File \(JSON\): the content of the key file is required/,
		],
		[`${keyText(KEY_FILE).slice(0, 80)}`, /Service Account Key File \(JSON\): not valid JSON/],
		['[1, 2]', /Service Account Key File \(JSON\): expected a JSON object/],
		[keyText({ ...KEY_FILE, type: 'authorized_user' }), /service_account/],
		[keyText({ ...KEY_FILE, client_email: undefined }), /client_email/],
		[keyText({ ...KEY_FILE, private_key: 'nope' }), /private_key/],
	])(
		'rejects the key file %#, never quoting it, before any request',
		async (privateKeyFile, pattern) => {
			const result = await t.run(
				create({ name: 'Sales', provider: 'google' }),
				google(privateKeyFile),
			);
			await t.expectRefused(result, pattern);
			noSecrets({ message: result.error!.message, description: result.error!.description });
		},
	);
});

describe('email workspace create (outlook)', () => {
	it('sends the four outlook fields from the credential and the expiry from the date picker as DD/MM/YYYY', async () => {
		const parameters = create({
			name: 'M365',
			...outlook,
			additionalFields: { outlook_client_secret_expires_at: '2027-12-31T00:00:00' },
		});
		const result = await t.run(parameters, outlookApp());
		noSecrets(savedParameters(parameters));
		noSecrets(result.run.data);
		expect(result.error).toBeUndefined();
		const [workspace] = jsonOf(result);
		expect(workspace).toEqual(
			expect.objectContaining({
				name: 'M365',
				provider: 'outlook',
				outlook_client_id: OUTLOOK_APP.clientId,
				outlook_tenant_id: OUTLOOK_APP.tenantId,
				outlook_client_secret_expires_at: '2027-12-31T00:00:00.000Z',
			}),
		);
		noSecrets(result.items);
		const [request] = await t.requests();
		expect(request.body).toEqual({
			name: 'M365',
			provider: 'outlook',
			outlook_client_id: OUTLOOK_APP.clientId,
			outlook_client_secret: OUTLOOK_APP.clientSecretId,
			outlook_client_secret_value: OUTLOOK_APP.clientSecretValue,
			outlook_tenant_id: OUTLOOK_APP.tenantId,
			outlook_client_secret_expires_at: '31/12/2027',
		});
	});

	it('accepts the expiry as DD/MM/YYYY text from an expression, and no expiry at all', async () => {
		await t.run(
			create({
				name: 'A',
				...outlook,
				additionalFields: { outlook_client_secret_expires_at: '={{ "01/02/2028" }}' },
			}),
			outlookApp(),
		);
		await t.run(create({ name: 'B', ...outlook }), outlookApp());
		const bodies = (await t.requests()).map(
			(r) => (r.body as IDataObject).outlook_client_secret_expires_at,
		);
		expect(bodies).toEqual(['01/02/2028', undefined]);
	});

	it('accepts the expiry as a luxon DateTime from an expression ($now.plus)', async () => {
		const result = await t.run(
			create({
				name: 'C',
				...outlook,
				additionalFields: { outlook_client_secret_expires_at: '={{ $now.plus({ days: 400 }) }}' },
			}),
			outlookApp(),
		);
		expect(result.error).toBeUndefined();
		const sent = (await t.requests())[0].body as IDataObject;
		expect(sent.outlook_client_secret_expires_at).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
	});

	it.each([
		[{ tenantId: '' }, /Outlook App.*Tenant ID: required/],
		[{ clientId: '  ' }, /Outlook App.*Client ID: required/],
		[{ clientSecretId: '' }, /Client Secret ID: required/],
		[{ clientSecretValue: '' }, /Client Secret Value: required/],
	])('rejects an incomplete credential %p before any request', async (app, pattern) => {
		const result = await t.run(create({ name: 'M365', ...outlook }), outlookApp(app));
		await t.expectRefused(result, pattern);
		noSecrets({ message: result.error!.message, description: result.error!.description });
	});

	it.each([
		[
			{ additionalFields: { outlook_client_secret_expires_at: '={{ "31/02/2027" }}' } },
			/"Additional Fields → Client Secret Expires At".*not a date/,
		],
		[
			{ additionalFields: { outlook_client_secret_expires_at: '={{ "next year" }}' } },
			/"Additional Fields → Client Secret Expires At".*not a date/,
		],
		[{ name: '={{ "  " }}' }, /"Name"/],
	])('rejects %p before any request', async (parameters, pattern) => {
		const result = await t.run(create({ name: 'M365', ...outlook, ...parameters }), outlookApp());
		await t.expectRefused(result, pattern);
		noSecrets({ message: result.error!.message, description: result.error!.description });
	});

	it('keeps the secrets out of a service error (unknown key refused: 401)', async () => {
		const result = await t.run(create({ name: 'M365', ...outlook }), {
			apiKey: 'dummy-key-unknown',
			...outlookApp(),
		});
		expect(result.error!.httpCode).toBe('401');
		noSecrets({
			message: result.error!.message,
			description: result.error!.description,
			context: result.error!.context,
		});
	});
});
