/**
 * Mailbox → Connect IMAP/SMTP through n8n's real engine against the sandbox: the documented POST /imap_auth body,
 * passwords from the Mailbox Passwords credential or from input fields (never from parameters, never in output or
 * errors), Test Only, update by id, validation with zero requests, and the failed-login 500 read as "IMAP/SMTP login
 * failed", sent exactly once.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { NEW_CUSTOM_MAILBOX } from '../../../support/output-schemas';
import { byId, hintsOf, jsonOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 30 });

const BOTH = 'dummy-mailbox-pass-both';
const IMAP = 'dummy-mailbox-pass-imap';
const SMTP = 'dummy-mailbox-pass-smtp';
const SECRET = /dummy-mailbox-pass/;

const mailbox = { resource: 'account', operation: 'connectImap', ...NEW_CUSTOM_MAILBOX };

const login = (data: Record<string, string> = { password: BOTH }) => ({
	credentials: { deliverabilityMailboxApi: data },
});

function everything(result: { items: unknown[]; error?: unknown }): string {
	const e = result.error as
		| { message?: string; description?: string; context?: unknown; messages?: unknown }
		| undefined;
	return JSON.stringify({
		items: result.items,
		message: e?.message,
		description: e?.description,
		context: e?.context,
		messages: e?.messages,
	});
}

async function imapAuthRequests() {
	return (await t.requests()).filter((r) => r.path === '/imap_auth');
}

describe('account connectImap', () => {
	it('sends the documented body with the credential password and returns the account without passwords', async () => {
		const result = await t.run(
			{
				...mailbox,
				additionalFields: {
					imap_server_username: 'new.box',
					smtp_server_username: 'new.box',
					smtp_server_auth_type: 'login',
					smtp_server_starttls: true,
					spamchecker_only: true,
				},
			},
			login(),
		);
		expect(result.error).toBeUndefined();
		const [a] = jsonOf(result);
		expect(a).toEqual(
			expect.objectContaining({
				id: 31,
				email: mailbox.email,
				first_name: 'New',
				last_name: 'Box',
				spamchecker_enabled: true,
			}),
		);
		expect(everything(result)).not.toMatch(SECRET);
		const [request] = await t.requests();
		expect(`${request.method} ${request.path}`).toBe('POST /imap_auth');
		expect(request.body).toEqual({
			email: mailbox.email,
			first_name: 'New',
			last_name: 'Box',
			provider: 'custom',
			imap_server: 'imap.example-mail.com',
			imap_server_port: 993,
			smtp_server: 'smtp.example-mail.com',
			smtp_server_port: 587,
			imap_server_username: 'new.box',
			smtp_server_username: 'new.box',
			smtp_server_auth_type: 'login',
			smtp_server_starttls: true,
			spamchecker_only: true,
			password: BOTH,
		});
	});

	it('Gmail sends no servers; per-server passwords go to imap_server_password and smtp_server_password', async () => {
		const result = await t.run(
			{ ...mailbox, provider: 'gmail', email: 'someone@gmail-box.test' },
			login({ imapPassword: IMAP, smtpPassword: SMTP }),
		);
		expect(result.error).toBeUndefined();
		const [request] = await t.requests();
		expect(request.body).toEqual({
			email: 'someone@gmail-box.test',
			first_name: 'New',
			last_name: 'Box',
			provider: 'gmail',
			imap_server_password: IMAP,
			smtp_server_password: SMTP,
		});
	});

	it('SMTP Only needs no IMAP server and no IMAP password', async () => {
		const result = await t.run(
			{ ...mailbox, imapServer: '', additionalFields: { smtp_only: true } },
			login({ smtpPassword: SMTP }),
		);
		expect(result.error).toBeUndefined();
		const [request] = await t.requests();
		expect(request.body).toEqual(
			expect.objectContaining({
				smtp_only: true,
				smtp_server_password: SMTP,
				smtp_server: 'smtp.example-mail.com',
			}),
		);
		expect(request.body).not.toHaveProperty('imap_server');
		expect(request.body).not.toHaveProperty('imap_server_password');
	});

	it('Test Only sends test: true, creates nothing and says so', async () => {
		const before = (await t.admin<{ projects: { A: { accounts: number } } }>('GET', '/state'))
			.projects.A.accounts;
		const result = await t.run({ ...mailbox, testOnly: true }, login());
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{
				success: true,
				test: true,
				email: mailbox.email,
				imap_auth_success: true,
				smtp_auth_success: true,
			},
		]);
		const [request] = await t.requests();
		expect(request.body).toEqual(expect.objectContaining({ test: true }));
		expect(
			(await t.admin<{ projects: { A: { accounts: number } } }>('GET', '/state')).projects.A
				.accounts,
		).toBe(before);
		expect(hintsOf(result)).toContainEqual(expect.stringMatching(/nothing was created/));
	});

	it('Update an Existing Mailbox sends the picked account as id and changes that account', async () => {
		expect((await t.api<IDataObject>('GET', '/accounts/13')).data.imap_issue).toBe(true);
		const result = await t.run(
			{ ...mailbox, email: 'repaired@acme-mail.com', updateExisting: true, accountId: byId(13) },
			login(),
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual(
			expect.objectContaining({ id: 13, email: 'repaired@acme-mail.com', imap_issue: false }),
		);
		const [request] = await imapAuthRequests();
		expect(request.body).toEqual(
			expect.objectContaining({ id: 13, email: 'repaired@acme-mail.com' }),
		);
		expect(
			(await t.admin<{ projects: { A: { accounts: number } } }>('GET', '/state')).projects.A
				.accounts,
		).toBe(30);
	});

	it('version 1.1 answers in words (connected, login updated, Test Only); Raw and version 1 give the answer as sent', async () => {
		const v11 = { typeVersion: 1.1, ...login() };
		const [connected] = jsonOf(await t.run({ ...mailbox, email: 'words@acme-mail.com' }, v11));
		expect(connected).toEqual(
			expect.objectContaining({
				id: 31,
				email: 'words@acme-mail.com',
				outcome: 'connected',
				message: 'Mailbox words@acme-mail.com (ID 31) connected',
			}),
		);
		expect(connected.first_name).toBe('New');
		expect(Object.keys(connected).filter((k) => /password/i.test(k))).toEqual([]);

		const [updated] = jsonOf(
			await t.run(
				{ ...mailbox, email: 'fixed@acme-mail.com', updateExisting: true, accountId: byId(14) },
				v11,
			),
		);
		expect(updated).toEqual(
			expect.objectContaining({
				id: 14,
				disconnected: false,
				outcome: 'login updated',
				message: 'The login of mailbox fixed@acme-mail.com (ID 14) was updated',
			}),
		);

		const [tested] = jsonOf(await t.run({ ...mailbox, testOnly: true }, v11));
		expect(tested).toEqual({
			email: mailbox.email,
			test: true,
			success: true,
			imap_auth_success: true,
			smtp_auth_success: true,
			outcome: 'login works',
			message: `Test Only: the login of ${mailbox.email} works; nothing was created or changed.`,
		});

		const [raw] = jsonOf(
			await t.run({ ...mailbox, email: 'raw@acme-mail.com', output: 'raw' }, v11),
		);
		const [v1] = jsonOf(await t.run({ ...mailbox, email: 'v1@acme-mail.com' }, login()));
		for (const answer of [raw, v1]) {
			expect(answer).toEqual(expect.objectContaining({ first_name: 'New', last_name: 'Box' }));
			expect(answer.outcome).toBeUndefined();
		}
	});

	it('reads per-item passwords from input fields (bulk onboarding) and keeps them out of output', async () => {
		const result = await t.run(
			{
				...mailbox,
				email: '={{ $json.email }}',
				passwordSource: 'inputFields',
				passwordField: 'pw',
			},
			{
				input: [
					{ email: 'one@example-mail.com', pw: `${BOTH}-1` },
					{ email: 'two@example-mail.com', pw: `${BOTH}-2` },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.email, i.pairedItem])).toEqual([
			['one@example-mail.com', { item: 0 }],
			['two@example-mail.com', { item: 1 }],
		]);
		expect(everything(result)).not.toMatch(SECRET);
		expect((await imapAuthRequests()).map((r) => r.body?.password)).toEqual([
			`${BOTH}-1`,
			`${BOTH}-2`,
		]);
	});

	it.each([
		['email', { email: 'not-an-email' }, /"Email": "not-an-email" is not an email address/],
		['firstName', { firstName: '={{ "" }}' }, /"First Name"/],
		['lastName', { lastName: '  ' }, /"Last Name"/],
		['provider', { provider: '={{ "yahoo" }}' }, /"Provider".*custom, gmail, outlook/],
		['imapServer', { imapServer: 'imap://mail.example.com:993' }, /"IMAP Server".*host name/],
		['smtpServer', { smtpServer: '={{ "" }}' }, /"SMTP Server"/],
		['imapServerPort', { imapServerPort: 70000 }, /"IMAP Server Port".*65535/],
		['accountId', { updateExisting: true, accountId: byId('={{ "abc" }}') }, /"Mailbox"/],
		[
			'smtp_server_auth_type',
			{ additionalFields: { smtp_server_auth_type: '={{ "cram" }}' } },
			/"Additional Fields → SMTP Server Auth Type"/,
		],
	])(
		'rejects %s before any request, without the password in the error',
		async (_field, change, pattern) => {
			const result = await t.run({ ...mailbox, ...change }, login());
			expect(result.error?.name).toBe('NodeOperationError');
			expect(result.error!.message).toMatch(pattern);
			expect(everything(result)).not.toMatch(SECRET);
			expect(await t.requests()).toHaveLength(0);
		},
	);

	it('names every invalid field of the item at once, before any request', async () => {
		const result = await t.run(
			{ ...mailbox, email: 'nope', firstName: '={{ "" }}', imapServerPort: 0 },
			login(),
		);
		expect(result.error!.message).toMatch(
			/^3 invalid fields: "Email".*"First Name".*"IMAP Server Port"/,
		);
		expect(await t.requests()).toHaveLength(0);
	});

	it('refuses a credential without a usable password, and input items without one, before any request', async () => {
		const noPassword = await t.run(mailbox, login({ password: '', imapPassword: IMAP }));
		expect(noPassword.error!.message).toMatch(/Mailbox Passwords.*no password/);
		expect(noPassword.error!.description).toMatch(/IMAP Password and SMTP Password/);
		const noField = await t.run(
			{ ...mailbox, passwordSource: 'inputFields', passwordField: 'pw' },
			{ input: [{ password: BOTH }] },
		);
		expect(noField.error!.message).toMatch(/Password Field.*no password/);
		expect(everything(noField)).not.toMatch(SECRET);
		expect(await t.requests()).toHaveLength(0);
	});

	it.each([
		[{ imap: true }, /^IMAP login failed: IMAP: AUTHENTICATIONFAILED/],
		[{ imap: false, smtp: true }, /^SMTP login failed: SMTP: 535/],
		[{ imap: true, smtp: true }, /^IMAP login failed and SMTP login failed: /],
	])(
		'reads the failed-login 500 %p as a login failure, says nothing was created, and sends it once',
		async (failure, headline) => {
			await t.admin('POST', '/login-failures', { email: mailbox.email, ...failure });
			for (const testOnly of [false, true]) {
				await t.clearRequests();
				const result = await t.run({ ...mailbox, testOnly }, login());
				expect(result.error?.name).toBe('NodeApiError');
				expect(result.error!.message).toMatch(headline);
				expect(result.error!.description).toMatch(/nothing was created/);
				expect(result.error!.httpCode).toBe('500');
				expect(everything(result)).not.toMatch(SECRET);
				// Never retried, although the transport retries other 5xx answers of safe requests.
				expect((await imapAuthRequests()).map((r) => r.status)).toEqual([500]);
			}
			expect(
				(await t.admin<{ projects: { A: { accounts: number } } }>('GET', '/state')).projects.A
					.accounts,
			).toBe(30);
		},
	);

	it('with Continue On Fail a failed login is an error item paired with its input', async () => {
		await t.admin('POST', '/login-failures', { email: mailbox.email, imap: true });
		const result = await t.run(mailbox, { ...login(), continueOnFail: true });
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toMatch(/^IMAP login failed/);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(everything(result)).not.toMatch(SECRET);
	});

	it('a redacted echo: a service error quoting the password never shows it', async () => {
		await t.admin('POST', '/login-failures', {
			email: mailbox.email,
			imap: true,
			error: `login ${BOTH} refused`,
		});
		const result = await t.run(mailbox, login());
		expect(result.error!.message).toMatch(/^IMAP login failed: login \[redacted\] refused/);
		expect(everything(result)).not.toMatch(SECRET);
	});

	it('reports an already connected email (422) as the service says', async () => {
		const again = await t.run({ ...mailbox, email: 'john.doe+promo@acme-mail.com' }, login());
		expect(again.error!.httpCode).toBe('422');
		expect(again.error!.message).toMatch(/already connected/);
	});

	it('has no password parameter: mailbox secrets live in the credential, shown only for this operation', () => {
		const node = new Deliverability();
		const own = node.description.properties.filter((p) =>
			(p.displayOptions?.show?.operation as string[] | undefined)?.includes('connectImap'),
		);
		expect(own.length).toBeGreaterThan(5);
		expect(
			own
				.filter(
					(p) =>
						p.typeOptions?.password ||
						(/password/i.test(p.name) && !/(Field|Source|Notice)$/.test(p.name)),
				)
				.map((p) => p.name),
		).toEqual([]);
		// The one credential shown: the API key with the passwords, or the API key alone for input fields.
		const shown = (passwordSource: string) => {
			const parameters =
				NodeHelpers.getNodeParameters(
					node.description.properties,
					{ ...mailbox, passwordSource },
					true,
					false,
					null,
					node.description,
				) ?? {};
			return (node.description.credentials ?? [])
				.filter((c) => NodeHelpers.displayParameter(parameters, c, null, node.description))
				.map((c) => c.name);
		};
		expect(shown('credential')).toEqual(['deliverabilityMailboxApi']);
		expect(shown('inputFields')).toEqual(['deliverabilityApi']);
	});
});
