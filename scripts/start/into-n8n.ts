/**
 * What `npm start` puts into the n8n it runs, through n8n's REST API as the owner (not `n8n import:*`, which would boot
 * n8n twice more): the credentials, created or updated, and the example workflows with those credentials attached.
 */
import type { N8n } from '../../support/n8n-process';

interface CredentialFile {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/**
 * Creates the credentials through the running n8n (as the owner), or updates the ones of the same name and type
 * (`--keep`: the sandbox's port changes between runs). n8n picks the ids; returns the file's id → n8n's id.
 */
export async function putCredentials(
	n8n: N8n,
	credentials: object[],
): Promise<Record<string, string>> {
	const existing = await n8n.rest<Array<{ id: string; name: string; type: string }>>(
		'GET',
		'/credentials',
	);
	if (existing.status !== 200)
		throw new Error(`GET /rest/credentials: ${existing.status} ${JSON.stringify(existing.data)}`);
	const ids: Record<string, string> = {};
	for (const c of credentials as CredentialFile[]) {
		const found = existing.data.find((e) => e.name === c.name && e.type === c.type);
		const body = { name: c.name, type: c.type, data: c.data };
		const res = found
			? await n8n.rest<{ id: string }>('PATCH', `/credentials/${found.id}`, body)
			: await n8n.rest<{ id: string }>('POST', '/credentials', body);
		if (res.status !== 200 || !res.data?.id)
			throw new Error(`credential "${c.name}": ${res.status} ${JSON.stringify(res.data)}`);
		ids[c.id] = res.data.id;
	}
	return ids;
}

/** Creates the example workflows (with their own ids, so the printed links are stable) with credentials attached. */
export async function createWorkflows(
	n8n: N8n,
	workflows: Array<Record<string, unknown>>,
	credentialIds: Record<string, string>,
): Promise<void> {
	for (const wf of workflows) {
		const nodes = (
			wf.nodes as Array<{ credentials?: Record<string, { id: string; name: string }> }>
		).map((node) => ({
			...node,
			...(node.credentials
				? {
						credentials: Object.fromEntries(
							Object.entries(node.credentials).map(([type, ref]) => [
								type,
								{ ...ref, id: credentialIds[ref.id] ?? ref.id },
							]),
						),
					}
				: {}),
		}));
		const { id, name, connections, settings, pinData, meta } = wf;
		const res = await n8n.rest('POST', '/workflows', {
			id,
			name,
			nodes,
			connections,
			settings,
			pinData,
			meta,
		});
		if (res.status !== 200)
			throw new Error(
				`workflow "${String(name)}": ${res.status} ${JSON.stringify(res.data).slice(0, 500)}`,
			);
	}
}
