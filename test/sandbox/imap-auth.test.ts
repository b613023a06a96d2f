/** POST /imap_auth on the documented body: connect, update by id, test only, validation, admin-made login failures. */
import { expectError, useSandbox } from './helpers';

const t = useSandbox({ accounts: 120 });

const body = {
	email: 'New.Box@fresh-domain.test',
	first_name: 'New',
	last_name: 'Box',
	provider: 'custom',
	imap_server: 'imap.fresh-domain.test',
	imap_server_port: 993,
	smtp_server: 'smtp.fresh-domain.test',
	smtp_server_port: 587,
	password: 'secret-both',
};

describe('POST /imap_auth', () => {
	it('connects a mailbox: 201, single form, no passwords, listed newest first', async () => {
		const res = await t.post('/imap_auth', body);
		expect(res.status).toBe(201);
		expect(res.data).toMatchObject({
			id: 121,
			email: 'new.box@fresh-domain.test',
			first_name: 'New',
			last_name: 'Box',
			warming_enabled: true,
			imap_issue: false,
		});
		expect(JSON.stringify(res.data)).not.toContain('secret-');
		expect((await t.get('/accounts', { per_page: 1 })).data[0].id).toBe(121);
	});

	it('accepts every documented field; Gmail and Outlook need no servers', async () => {
		const res = await t.post('/imap_auth', {
			email: 'g@gmail-user.test',
			first_name: 'G',
			last_name: 'U',
			provider: 'gmail',
			imap_server_username: 'g',
			imap_server_password: 'i-pass',
			smtp_server_username: 'g',
			smtp_server_password: 's-pass',
			smtp_server_auth_type: 'login',
			smtp_server_starttls: true,
			smtp_only: false,
			imap_issue: false,
			spamchecker_only: true,
		});
		expect(res.status).toBe(201);
		expect(res.data).toMatchObject({ spamchecker_enabled: true, warming_enabled: false });
	});

	it('test: true only tries the login (200) and creates nothing', async () => {
		const before = (await t.admin('GET', '/state')).data.projects.A.accounts;
		const res = await t.post('/imap_auth', { ...body, test: true });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ success: true, imap_auth_success: true, smtp_auth_success: true });
		expect((await t.admin('GET', '/state')).data.projects.A.accounts).toBe(before);
	});

	it('id updates that account (200) and a working login clears imap_issue', async () => {
		expect((await t.get('/accounts/13')).data.imap_issue).toBe(true);
		const res = await t.post('/imap_auth', {
			...body,
			id: 13,
			email: 'fixed@acme-mail.com',
			first_name: 'Fixed',
		});
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({
			id: 13,
			email: 'fixed@acme-mail.com',
			first_name: 'Fixed',
			imap_issue: false,
		});
		expect((await t.get('/accounts/13')).data.email).toBe('fixed@acme-mail.com');
		expectError(await t.post('/imap_auth', { ...body, id: 99999 }), 404);
		expectError(await t.post('/imap_auth', { ...body, id: 100001 }), 403);
	});

	it('required fields → 400; empty names, bad values, missing passwords or servers → 422 naming each', async () => {
		for (const field of ['email', 'first_name', 'last_name', 'provider']) {
			const partial = Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));
			const res = await t.post('/imap_auth', partial);
			expectError(res, 400);
			expect(res.data.message).toContain(field);
		}
		const bad = await t.post('/imap_auth', {
			...body,
			first_name: ' ',
			provider: 'yahoo',
			imap_server_port: 70000,
			smtp_server_auth_type: 'cram-md5',
			email: 'nope',
		});
		expectError(bad, 422);
		expect(Object.keys(bad.data.errors).sort()).toEqual([
			'email',
			'first_name',
			'imap_server_port',
			'provider',
			'smtp_server_auth_type',
		]);
		const { password: _p, imap_server: _i, smtp_server: _s, ...bare } = body;
		void [_p, _i, _s];
		const missing = await t.post('/imap_auth', bare);
		expectError(missing, 422);
		expect(Object.keys(missing.data.errors).sort()).toEqual([
			'imap_server',
			'imap_server_password',
			'smtp_server',
			'smtp_server_password',
		]);
		// SMTP only: no IMAP server, no IMAP password.
		expect(
			(
				await t.post('/imap_auth', {
					...bare,
					smtp_only: true,
					smtp_server: 's.test',
					smtp_server_password: 'x',
				})
			).status,
		).toBe(201);
		expectError(await t.post('/imap_auth', { ...body, imap_host: 'old-name' }), 422);
		expect((await t.admin('GET', '/state')).data.projects.A.accounts).toBe(121);
	});

	it('the same email again → 422', async () => {
		expect((await t.post('/imap_auth', body)).status).toBe(201);
		expectError(await t.post('/imap_auth', body), 422);
	});

	it.each([
		[{ imap: true }, false, true, /IMAP/],
		[{ imap: false, smtp: true }, true, false, /SMTP/],
		[{ imap: true, smtp: true }, false, false, /IMAP.*SMTP/],
	])(
		'an admin login failure %p answers the documented 500 and creates nothing',
		async (failure, imapOk, smtpOk, text) => {
			expect(
				(
					await t.admin('POST', '/login-failures', {
						email: 'new.box@fresh-domain.test',
						...failure,
					})
				).status,
			).toBe(200);
			for (const extra of [{}, { test: true }]) {
				const res = await t.post('/imap_auth', { ...body, ...extra });
				expect(res.status).toBe(500);
				expect(res.data).toEqual({
					success: false,
					imap_auth_success: imapOk,
					smtp_auth_success: smtpOk,
					error: expect.stringMatching(text),
				});
			}
			expect((await t.admin('GET', '/state')).data.projects.A.accounts).toBe(120);
			// Another address logs in fine; clearing the failures lets this one in.
			expect(
				(await t.post('/imap_auth', { ...body, email: 'other@fresh-domain.test' })).status,
			).toBe(201);
			await t.admin('DELETE', '/login-failures');
			expect((await t.post('/imap_auth', body)).status).toBe(201);
		},
	);

	it('a failure without email applies to every address, with the given error text; reset clears it', async () => {
		await t.admin('POST', '/login-failures', {
			smtp: true,
			imap: false,
			error: 'Connection timed out',
		});
		const res = await t.post('/imap_auth', body);
		expect(res.data).toEqual({
			success: false,
			imap_auth_success: true,
			smtp_auth_success: false,
			error: 'Connection timed out',
		});
		expect((await t.admin('POST', '/login-failures', { imap: false, smtp: false })).status).toBe(
			400,
		);
		await t.admin('POST', '/reset');
		expect((await t.admin('GET', '/login-failures')).data).toEqual([]);
	});
});
