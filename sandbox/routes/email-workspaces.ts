/**
 * Email workspaces: create (google key file or the four outlook fields), list, get, update (name, replacement google
 * key), import mailboxes (≤ 4 at once, more as a task). Secrets never come back.
 */
import type { Route } from '../api';
import { ApiError, badRequest, created, ok, scoped } from '../api';
import type { Account, EmailWorkspace, Project, Task } from '../resources';
import type { Store } from '../store';
import { connectAccount } from './accounts';
import { BodyReader, isRecord, pathId } from '../validate';

/** Imports of up to this many addresses are processed at once; larger ones run as a task (documented). */
export const SYNC_IMPORT_MAX = 4;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** One error item of an import (shape not documented: a reading). */
interface ImportError {
	email: string;
	error: string;
}

/**
 * Connects one address of a workspace as an OAuth account of the project; an address already connected in the
 * project is an error item, not a second account.
 */
export function importAddress(
	store: Store,
	project: Project,
	workspace: EmailWorkspace,
	email: string,
	spamcheckerOnly: boolean,
): Account | ImportError {
	const lower = email.toLowerCase();
	if (store.ofProject(store.accounts, project.key).some((a) => a.email.toLowerCase() === lower)) {
		return { email, error: 'An account with this email is already connected' };
	}
	const local = lower.slice(0, lower.indexOf('@'));
	const account = connectAccount(store, project, lower, local, '', spamcheckerOnly);
	linkToWorkspace(account, workspace);
	return account;
}

function linkToWorkspace(account: Account, workspace: EmailWorkspace): void {
	Object.assign(account, {
		provider: workspace.provider,
		has_refresh_token: true,
		imap_issue: false,
		detected_sending_provider: workspace.provider === 'google' ? 'google' : 'microsoft',
	});
}

const OUTLOOK_REQUIRED = [
	'outlook_client_id',
	'outlook_client_secret',
	'outlook_client_secret_value',
	'outlook_tenant_id',
];

function workspaceView(w: EmailWorkspace): Record<string, unknown> {
	return {
		id: w.id,
		name: w.name,
		created_at: w.created_at,
		provider: w.provider,
		outlook_tenant_id: w.outlook_tenant_id,
		outlook_client_id: w.outlook_client_id,
		outlook_client_secret_expires_at: w.outlook_client_secret_expires_at,
	};
}

/** DD/MM/YYYY → midnight UTC timestamp; null when the text is not a real date in that format. */
function parseDayMonthYear(s: string): string | null {
	const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
	if (!m) return null;
	const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
	const d = new Date(Date.UTC(year, month - 1, day));
	if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day)
		return null;
	return d.toISOString();
}

/** A Google service-account key: an object (or its JSON text) with type service_account, client_email, private_key. */
function googleKeyProblem(v: unknown): string | null {
	let key: unknown = v;
	if (typeof v === 'string') {
		try {
			key = JSON.parse(v);
		} catch {
			return 'must be the JSON content of a service account key file';
		}
	}
	if (!isRecord(key)) return 'must be the JSON content of a service account key file';
	if (key.type !== 'service_account') return 'must have "type": "service_account"';
	for (const f of ['client_email', 'private_key'])
		if (typeof key[f] !== 'string' || key[f] === '') return `must contain ${f}`;
	return null;
}

export const emailWorkspaceRoutes: Route[] = [
	{
		method: 'POST',
		path: '/email_workspaces',
		handler: ({ store, project, body }) => {
			const b = new BodyReader(body, [
				'name',
				'provider',
				'file_key_json',
				...OUTLOOK_REQUIRED,
				'outlook_client_secret_expires_at',
			]);
			const name = b.text('name', true)!;
			const provider =
				b.oneOf('provider', ['google', 'outlook'] as const) ??
				(b.has('provider') ? null : 'google');
			let expires: string | null = null;
			const secrets: Record<string, unknown> = {};
			// The other provider's fields are refused (422) rather than dropped, so a secret sent by mistake is noticed.
			const foreign =
				provider === 'google'
					? [...OUTLOOK_REQUIRED, 'outlook_client_secret_expires_at']
					: provider === 'outlook'
						? ['file_key_json']
						: [];
			for (const f of foreign)
				if (b.has(f))
					b.fail(
						f,
						`only applies when provider is ${provider === 'google' ? 'outlook' : 'google'}`,
					);
			if (provider === 'google') {
				if (b.body.file_key_json === undefined)
					throw badRequest('file_key_json is required when provider is google');
				const problem = googleKeyProblem(b.body.file_key_json);
				if (problem) b.fail('file_key_json', problem);
				secrets.file_key_json = b.body.file_key_json;
			}
			if (provider === 'outlook') {
				for (const f of OUTLOOK_REQUIRED) {
					if (b.body[f] === undefined)
						throw badRequest(`${f} is required when provider is outlook`);
					secrets[f] = b.text(f, true);
				}
				const raw = b.text('outlook_client_secret_expires_at');
				if (raw !== undefined) {
					expires = parseDayMonthYear(raw);
					if (expires === null)
						b.fail('outlook_client_secret_expires_at', 'must be a date in the format DD/MM/YYYY');
				}
			}
			b.done();
			const workspace: EmailWorkspace = {
				project: project.key,
				id: store.nextId.workspace++,
				name,
				created_at: new Date().toISOString(),
				provider: provider!,
				outlook_tenant_id: provider === 'outlook' ? String(secrets.outlook_tenant_id) : null,
				outlook_client_id: provider === 'outlook' ? String(secrets.outlook_client_id) : null,
				outlook_client_secret_expires_at: expires,
				secrets,
			};
			store.workspaces.set(workspace.id, workspace);
			return created(workspaceView(workspace));
		},
	},
	{
		method: 'POST',
		path: '/email_workspaces/:id/accounts',
		handler: ({ store, project, params, body }) => {
			const workspace = scoped(store.workspaces.get(pathId(params.id)), project, 'Email workspace');
			const b = new BodyReader(body, ['accounts', 'spamchecker_only', 'imap_only', 'account_id']);
			const given = b.strArray('accounts', { required: true })!;
			const spamcheckerOnly = b.bool('spamchecker_only') ?? false;
			const imapOnly = b.bool('imap_only') ?? false;
			const accountId = b.int('account_id');
			const emails = [...new Set(given.map((e) => e.trim()).filter((e) => e !== ''))];
			if (emails.length === 0) b.fail('accounts', 'must contain at least one email address');
			const bad = emails.filter((e) => !EMAIL.test(e));
			if (bad.length) b.fail('accounts', `are not email addresses: ${bad.join(', ')}`);
			if (imapOnly) {
				if (emails.length !== 1)
					b.fail('accounts', 'must contain exactly one address when imap_only is true');
				if (accountId === undefined) b.fail('account_id', 'is required when imap_only is true');
			} else if (accountId !== undefined) {
				b.fail('account_id', 'only applies when imap_only is true');
			}
			b.done();
			if (imapOnly) {
				// Relink: the existing IMAP account keeps its id and is connected through the workspace from now on.
				const account = scoped(store.accounts.get(accountId!), project, 'Account');
				if (account.email.toLowerCase() !== emails[0].toLowerCase()) {
					throw new ApiError(422, "The address is not the account's email", {
						errors: { accounts: ["must be the account's email"] },
					});
				}
				linkToWorkspace(account, workspace);
				return ok({ completed: true, errors: [], task_id: null });
			}
			if (emails.length <= SYNC_IMPORT_MAX) {
				const errors = emails
					.map((e) => importAddress(store, project, workspace, e, spamcheckerOnly))
					.filter((r): r is ImportError => 'error' in r);
				return ok({ completed: true, errors, task_id: null });
			}
			const task: Task = {
				project: project.key,
				id: store.nextId.task++,
				action: 'import',
				accountIds: [],
				import: { emails, spamcheckerOnly },
				progress: 0,
				logs: [],
				email_workspace_id: workspace.id,
			};
			store.tasks.set(task.id, task);
			return ok({ completed: false, errors: [], task_id: task.id });
		},
	},
	{
		method: 'POST',
		path: '/email_workspaces/:id',
		handler: ({ store, project, params, body }) => {
			const workspace = scoped(store.workspaces.get(pathId(params.id)), project, 'Email workspace');
			const b = new BodyReader(body, ['name', 'file_key_json']);
			const name = b.text('name', true)!;
			if (b.has('file_key_json')) {
				if (workspace.provider !== 'google')
					b.fail('file_key_json', 'only applies to google workspaces');
				else {
					const problem = googleKeyProblem(b.body.file_key_json);
					if (problem) b.fail('file_key_json', problem);
				}
			}
			b.done();
			workspace.name = name;
			if (b.has('file_key_json')) workspace.secrets.file_key_json = b.body.file_key_json;
			return ok(workspaceView(workspace));
		},
	},
	{
		method: 'GET',
		path: '/email_workspaces',
		handler: ({ store, project }) =>
			ok(store.ofProject(store.workspaces, project.key).reverse().map(workspaceView)),
	},
	{
		method: 'GET',
		path: '/email_workspaces/:id',
		handler: ({ store, project, params }) =>
			ok(
				workspaceView(scoped(store.workspaces.get(pathId(params.id)), project, 'Email workspace')),
			),
	},
];
