/** Email workspaces: create (google key file or the four outlook fields), list, get. Secrets never come back. */
import type { Route } from '../api';
import { badRequest, created, ok, scoped } from '../api';
import type { EmailWorkspace } from '../store';
import { BodyReader, isRecord, pathId } from '../validate';

const OUTLOOK_REQUIRED = ['outlook_client_id', 'outlook_client_secret', 'outlook_client_secret_value', 'outlook_tenant_id'];

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
export function parseDayMonthYear(s: string): string | null {
	const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
	if (!m) return null;
	const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
	const d = new Date(Date.UTC(year, month - 1, day));
	if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
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
	for (const f of ['client_email', 'private_key']) if (typeof key[f] !== 'string' || key[f] === '') return `must contain ${f}`;
	return null;
}

export const emailWorkspaceRoutes: Route[] = [
	{
		method: 'POST',
		path: '/email_workspaces',
		handler: ({ store, project, body }) => {
			const b = new BodyReader(body, ['name', 'provider', 'file_key_json', ...OUTLOOK_REQUIRED, 'outlook_client_secret_expires_at']);
			const name = b.text('name', true)!;
			const provider = b.oneOf('provider', ['google', 'outlook'] as const) ?? (b.has('provider') ? null : 'google');
			let expires: string | null = null;
			const secrets: Record<string, unknown> = {};
			// The other provider's fields are refused (422) rather than dropped, so a secret sent by mistake is noticed.
			const foreign = provider === 'google' ? [...OUTLOOK_REQUIRED, 'outlook_client_secret_expires_at'] : provider === 'outlook' ? ['file_key_json'] : [];
			for (const f of foreign) if (b.has(f)) b.fail(f, `only applies when provider is ${provider === 'google' ? 'outlook' : 'google'}`);
			if (provider === 'google') {
				if (b.body.file_key_json === undefined) throw badRequest('file_key_json is required when provider is google');
				const problem = googleKeyProblem(b.body.file_key_json);
				if (problem) b.fail('file_key_json', problem);
				secrets.file_key_json = b.body.file_key_json;
			}
			if (provider === 'outlook') {
				for (const f of OUTLOOK_REQUIRED) {
					if (b.body[f] === undefined) throw badRequest(`${f} is required when provider is outlook`);
					secrets[f] = b.text(f, true);
				}
				const raw = b.text('outlook_client_secret_expires_at');
				if (raw !== undefined) {
					expires = parseDayMonthYear(raw);
					if (expires === null) b.fail('outlook_client_secret_expires_at', 'must be a date in the format DD/MM/YYYY');
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
		method: 'GET',
		path: '/email_workspaces',
		handler: ({ store, project }) => ok(store.ofProject(store.workspaces, project.key).reverse().map(workspaceView)),
	},
	{
		method: 'GET',
		path: '/email_workspaces/:id',
		handler: ({ store, project, params }) => ok(workspaceView(scoped(store.workspaces.get(pathId(params.id)), project, 'Email workspace'))),
	},
];
