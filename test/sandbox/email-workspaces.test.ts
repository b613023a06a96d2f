/** Spec §4 POST /email_workspaces: google key file or the four outlook fields; DD/MM/YYYY expiry; no secrets back. */
import { expectError, useSandbox } from './helpers';

const t = useSandbox();

const KEY = {
	type: 'service_account',
	project_id: 'sandbox-project',
	private_key_id: 'abc123',
	private_key:
		'-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg-private-material\n-----END PRIVATE KEY-----\n',
	client_email: 'importer@sandbox-project.iam.gserviceaccount.com',
	client_id: '1234567890',
};
const OUTLOOK = {
	name: 'M365 import',
	provider: 'outlook',
	outlook_client_id: 'client-id-1',
	outlook_client_secret: 'secret-id-1',
	outlook_client_secret_value: 'secret-value-XYZ',
	outlook_tenant_id: 'tenant-1',
};

describe('POST /email_workspaces', () => {
	it('google (the default provider) with a service-account key object or its JSON text → 201, key never returned', async () => {
		for (const file_key_json of [KEY, JSON.stringify(KEY)]) {
			const res = await t.post('/email_workspaces', { name: 'Google import', file_key_json });
			expect(res.status).toBe(201);
			expect(res.data).toEqual({
				id: expect.any(Number),
				name: 'Google import',
				created_at: expect.any(String),
				provider: 'google',
				outlook_tenant_id: null,
				outlook_client_id: null,
				outlook_client_secret_expires_at: null,
			});
			expect(JSON.stringify(res.data)).not.toContain('private');
		}
	});

	it('google without a key → 400; a key that is not a service-account key → 422', async () => {
		expectError(await t.post('/email_workspaces', { name: 'G' }), 400);
		expectError(await t.post('/email_workspaces', { name: 'G', provider: 'google' }), 400);
		for (const file_key_json of [
			'{not json',
			{ ...KEY, type: 'authorized_user' },
			{ type: 'service_account' },
			42,
		]) {
			const res = await t.post('/email_workspaces', { name: 'G', file_key_json });
			expectError(res, 422);
			expect(res.data.errors.file_key_json).toBeDefined();
		}
	});

	it('outlook with the four fields and a DD/MM/YYYY expiry → a timestamp; secrets never returned', async () => {
		const res = await t.post('/email_workspaces', {
			...OUTLOOK,
			outlook_client_secret_expires_at: '31/12/2026',
		});
		expect(res.status).toBe(201);
		expect(res.data).toMatchObject({
			provider: 'outlook',
			outlook_client_id: 'client-id-1',
			outlook_tenant_id: 'tenant-1',
			outlook_client_secret_expires_at: '2026-12-31T00:00:00.000Z',
		});
		const text =
			JSON.stringify(res.data) +
			JSON.stringify((await t.get(`/email_workspaces/${res.data.id}`)).data) +
			JSON.stringify((await t.get('/email_workspaces')).data);
		expect(text).not.toContain('secret-value-XYZ');
		expect(text).not.toContain('secret-id-1');
		expect(
			(await t.post('/email_workspaces', OUTLOOK)).data.outlook_client_secret_expires_at,
		).toBeNull();
	});

	it('outlook: each of the four fields is required (400)', async () => {
		for (const field of [
			'outlook_client_id',
			'outlook_client_secret',
			'outlook_client_secret_value',
			'outlook_tenant_id',
		]) {
			const body = Object.fromEntries(Object.entries(OUTLOOK).filter(([k]) => k !== field));
			const res = await t.post('/email_workspaces', body);
			expectError(res, 400);
			expect(res.data.message).toContain(field);
		}
	});

	it('an expiry that is not a real DD/MM/YYYY date → 422', async () => {
		for (const date of ['2026-12-31', '12/31/2026', '31/02/2026', '1/1/2026', 'tomorrow']) {
			const res = await t.post('/email_workspaces', {
				...OUTLOOK,
				outlook_client_secret_expires_at: date,
			});
			expectError(res, 422);
			expect(res.data.errors.outlook_client_secret_expires_at).toBeDefined();
		}
	});

	it("the other provider's fields are refused (422), so a secret sent by mistake is noticed", async () => {
		const google = await t.post('/email_workspaces', {
			name: 'G',
			file_key_json: KEY,
			outlook_client_secret_value: 'oops',
		});
		expectError(google, 422);
		expect(Object.keys(google.data.errors)).toEqual(['outlook_client_secret_value']);
		const outlook = await t.post('/email_workspaces', { ...OUTLOOK, file_key_json: KEY });
		expectError(outlook, 422);
		expect(Object.keys(outlook.data.errors)).toEqual(['file_key_json']);
		expect((await t.get('/email_workspaces')).data).toEqual([]);
	});

	it('name is required (400); provider must be google or outlook (422)', async () => {
		expectError(await t.post('/email_workspaces', { file_key_json: KEY }), 400);
		expectError(await t.post('/email_workspaces', { ...OUTLOOK, provider: 'yahoo' }), 422);
	});

	it("workspaces are scoped: another project's → 403", async () => {
		const res = await t.post('/email_workspaces', { name: 'B ws', file_key_json: KEY }, 'B');
		expectError(await t.get(`/email_workspaces/${res.data.id}`), 403);
		expect((await t.get('/email_workspaces')).data).toEqual([]);
	});
});

describe('POST /email_workspaces/{id} (update)', () => {
	it('sets the name; a google workspace takes a replacement key (never returned); name is required', async () => {
		const ws = (await t.post('/email_workspaces', { name: 'Old', file_key_json: KEY })).data;
		const res = await t.post(`/email_workspaces/${ws.id}`, {
			name: 'New',
			file_key_json: JSON.stringify({ ...KEY, private_key_id: 'def456' }),
		});
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ ...ws, name: 'New' });
		expect(JSON.stringify(res.data)).not.toContain('private');
		expectError(await t.post(`/email_workspaces/${ws.id}`, { file_key_json: KEY }), 400);
		expectError(
			await t.post(`/email_workspaces/${ws.id}`, { name: 'X', file_key_json: { type: 'user' } }),
			422,
		);
		expect((await t.get(`/email_workspaces/${ws.id}`)).data.name).toBe('New');
	});

	it('refuses a key for an outlook workspace (422), unknown ids (404) and another project’s workspace (403)', async () => {
		const ws = (await t.post('/email_workspaces', OUTLOOK)).data;
		expectError(await t.post(`/email_workspaces/${ws.id}`, { name: 'X', file_key_json: KEY }), 422);
		expect((await t.post(`/email_workspaces/${ws.id}`, { name: 'Renamed' })).data.name).toBe(
			'Renamed',
		);
		expectError(await t.post('/email_workspaces/999', { name: 'X' }), 404);
		expectError(await t.post(`/email_workspaces/${ws.id}`, { name: 'X' }, 'B'), 403);
	});
});

describe('POST /email_workspaces/{id}/accounts (import)', () => {
	const workspace = async () =>
		(await t.post('/email_workspaces', { name: 'Import', file_key_json: KEY })).data;

	it('≤ 4 addresses: processed at once → {completed: true, errors, task_id: null}; an address already connected is an error item', async () => {
		const ws = await workspace();
		const existing = (await t.get('/accounts/1')).data.email;
		const res = await t.post(`/email_workspaces/${ws.id}/accounts`, {
			accounts: ['ann@import.example', 'bob@import.example', existing],
		});
		expect(res.status).toBe(200);
		expect(res.data).toEqual({
			completed: true,
			errors: [{ email: existing, error: expect.any(String) }],
			task_id: null,
		});
		const found = await t.get('/accounts', { search: 'import.example', include_spamchecker: true });
		expect(
			found.data.map((a: { email: string; provider: string }) => [a.email, a.provider]).sort(),
		).toEqual([
			['ann@import.example', 'google'],
			['bob@import.example', 'google'],
		]);
	});

	it('5 or more: a task → {completed: false, errors: [], task_id}; GET /tasks/{id} runs to 100 with logs per address; accounts exist at the end', async () => {
		const ws = await workspace();
		const accounts = ['a', 'b', 'c', 'd', 'e'].map((x) => `${x}@bulk.example`);
		const res = await t.post(`/email_workspaces/${ws.id}/accounts`, {
			accounts,
			spamchecker_only: true,
		});
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ completed: false, errors: [], task_id: expect.any(Number) });
		expect(
			(await t.get('/accounts', { search: 'bulk.example', include_spamchecker: true })).data,
		).toHaveLength(0);
		let task;
		do task = (await t.get(`/tasks/${res.data.task_id}`)).data;
		while (task.progress < 100);
		expect(task.email_workspace_id).toBe(ws.id);
		const done = task.logs.filter((l: { status: string }) => l.status === 'done');
		expect(done.map((l: { email: string }) => l.email).sort()).toEqual(accounts);
		const created = (await t.get('/accounts', { search: 'bulk.example', spamchecker_only: true }))
			.data;
		expect(created).toHaveLength(5);
	});

	it('imap_only relinks one account: exactly one address and account_id (its own email), else 422', async () => {
		const ws = await workspace();
		const account = (await t.get('/accounts/41')).data; // seed: an smtp account
		const res = await t.post(`/email_workspaces/${ws.id}/accounts`, {
			accounts: [account.email],
			imap_only: true,
			account_id: 41,
		});
		expect(res.data).toEqual({ completed: true, errors: [], task_id: null });
		expect((await t.get('/accounts/41')).data).toEqual(
			expect.objectContaining({ id: 41, provider: 'google', has_refresh_token: true }),
		);
		for (const body of [
			{ accounts: [account.email, 'x@y.example'], imap_only: true, account_id: 41 }, // two addresses
			{ accounts: [account.email], imap_only: true }, // no account_id
			{ accounts: ['other@y.example'], imap_only: true, account_id: 41 }, // not its own email
			{ accounts: [account.email], account_id: 41 }, // account_id without imap_only
		])
			expectError(await t.post(`/email_workspaces/${ws.id}/accounts`, body), 422);
	});

	it('checks the body: accounts required (400), an array of strings (400), non-empty email addresses (422)', async () => {
		const ws = await workspace();
		expectError(await t.post(`/email_workspaces/${ws.id}/accounts`, {}), 400);
		expectError(
			await t.post(`/email_workspaces/${ws.id}/accounts`, { accounts: 'a@b.example' }),
			400,
		);
		expectError(await t.post(`/email_workspaces/${ws.id}/accounts`, { accounts: [] }), 422);
		const bad = await t.post(`/email_workspaces/${ws.id}/accounts`, {
			accounts: ['not-an-address'],
		});
		expectError(bad, 422);
		expect(bad.data.message).toContain('not-an-address');
		expectError(await t.post('/email_workspaces/999/accounts', { accounts: ['a@b.example'] }), 404);
	});
});
