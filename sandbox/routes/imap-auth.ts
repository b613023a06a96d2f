/**
 * POST /imap_auth on the body the service documents: connects a mailbox by logging in over IMAP and SMTP, updates a
 * connected account's login (`id`), or only tries the login (`test`). A login refused by the mailbox answers the
 * documented HTTP 500 `{success: false, imap_auth_success, smtp_auth_success, error}`; the admin API decides which
 * logins fail (no real mail server is contacted).
 */
import type { Reply, Route } from '../api';
import { ApiError, created, ok } from '../api';
import type { Store } from '../store';
import { accountView, connectAccount, getAccount } from './accounts';
import { BodyReader } from '../validate';

const PROVIDERS = ['gmail', 'outlook', 'custom'] as const;

const FIELDS = [
	'email',
	'first_name',
	'last_name',
	'provider',
	'id',
	'password',
	'imap_server',
	'imap_server_port',
	'imap_server_username',
	'imap_server_password',
	'smtp_server',
	'smtp_server_port',
	'smtp_server_username',
	'smtp_server_password',
	'smtp_server_auth_type',
	'smtp_server_starttls',
	'smtp_only',
	'imap_issue',
	'spamchecker_only',
	'test',
];

interface LoginResult {
	imap: boolean;
	smtp: boolean;
	error: string;
}

/** The outcome of logging in to `email` (IMAP is not tried for an SMTP-only mailbox). */
function tryLogin(store: Store, email: string, smtpOnly = false): LoginResult {
	const lower = email.toLowerCase();
	const failure = store.loginFailures.find((f) => f.email === null || f.email === lower);
	const imap = smtpOnly || !failure?.imap;
	const smtp = !failure?.smtp;
	const reasons = [
		imap ? '' : 'IMAP: AUTHENTICATIONFAILED Invalid credentials (Failure)',
		smtp ? '' : 'SMTP: 535 5.7.8 Username and Password not accepted',
	].filter(Boolean);
	return { imap, smtp, error: failure?.error ?? reasons.join('; ') };
}

function loginFailed(result: LoginResult): Reply {
	return {
		status: 500,
		body: {
			success: false,
			imap_auth_success: result.imap,
			smtp_auth_success: result.smtp,
			error: result.error,
		},
	};
}

export const imapAuthRoutes: Route[] = [
	{
		method: 'POST',
		path: '/imap_auth',
		handler: ({ store, project, body }) => {
			const b = new BodyReader(body, FIELDS);
			const email = b.text('email', true)!;
			const first = b.text('first_name', true)!;
			const last = b.text('last_name', true)!;
			const provider = b.oneOf('provider', PROVIDERS, { required: true });
			const id = b.int('id', { min: 1 });
			for (const f of [
				'imap_server',
				'smtp_server',
				'imap_server_username',
				'smtp_server_username',
			])
				b.str(f, { nonEmpty: true });
			b.int('imap_server_port', { min: 1, max: 65535 });
			b.int('smtp_server_port', { min: 1, max: 65535 });
			b.oneOf('smtp_server_auth_type', ['plain', 'login'] as const);
			const passwords = {
				both: b.str('password', { nonEmpty: true }),
				imap: b.str('imap_server_password', { nonEmpty: true }),
				smtp: b.str('smtp_server_password', { nonEmpty: true }),
			};
			b.bool('smtp_server_starttls');
			const smtpOnly = b.bool('smtp_only') ?? false;
			const imapIssue = b.bool('imap_issue');
			const spamcheckerOnly = b.bool('spamchecker_only');
			const test = b.bool('test') ?? false;
			if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) b.fail('email', 'must be an email address');
			// (reading) A login needs a password for every server it uses: `password`, or the per-server ones.
			if (!passwords.both) {
				if (!passwords.smtp) b.fail('smtp_server_password', 'is required (or password)');
				if (!smtpOnly && !passwords.imap)
					b.fail('imap_server_password', 'is required (or password)');
			}
			// (reading) Gmail and Outlook servers are known; a custom provider names its own.
			if (provider === 'custom') {
				if (!b.has('smtp_server')) b.fail('smtp_server', 'is required for provider custom');
				if (!smtpOnly && !b.has('imap_server'))
					b.fail('imap_server', 'is required for provider custom');
			}
			b.done();

			const existing = id === undefined ? undefined : getAccount(store, project, String(id));
			const lower = email.toLowerCase();
			const taken = store
				.ofProject(store.accounts, project.key)
				.find((a) => a.email.toLowerCase() === lower);
			if (taken && taken !== existing) {
				throw new ApiError(422, 'An account with this email is already connected', {
					errors: { email: ['is already connected'] },
				});
			}
			const login = tryLogin(store, lower, smtpOnly);
			if (!login.imap || !login.smtp) return loginFailed(login);
			if (test) return ok({ success: true, imap_auth_success: true, smtp_auth_success: true });

			if (existing) {
				Object.assign(existing, { email: lower, first_name: first, last_name: last });
				if (spamcheckerOnly !== undefined)
					Object.assign(existing, {
						spamchecker_enabled: spamcheckerOnly,
						warming_enabled: !spamcheckerOnly,
					});
				// (reading) A login that works restores the connection unless imap_issue is sent.
				existing.imap_issue = imapIssue ?? false;
				store.reconnectJobs = store.reconnectJobs.filter((j) => j.accountId !== existing.id);
				return ok(accountView(store, existing, 'single'));
			}
			const account = connectAccount(store, project, lower, first, last, spamcheckerOnly ?? false);
			account.imap_issue = imapIssue ?? false;
			return created(accountView(store, account, 'single'));
		},
	},
];
