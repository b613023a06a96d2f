/**
 * An email workspace as a person reads it (Simplified on Email Workspace → Create and Update): who
 * it is as the service answered, and its name in a sentence. Nothing is filled in for a field the
 * answer lacks.
 */
import type { IDataObject } from 'n8n-workflow';

import { changed, picked, shaped, type OutputView } from '../../../params/output';

const AS_SENT = [
	'id',
	'name',
	'provider',
	'created_at',
	'outlook_client_secret_expires_at',
] as const;

const PROVIDER_WORDS: Record<string, string> = {
	google: 'Google Workspace',
	outlook: 'Microsoft 365',
};

/**
 * The workspace's fields as answered, and how a sentence names it ("Google Workspace "Sales" (ID
 * 3)").
 */
export function simplifyWorkspace(workspace: IDataObject): { fields: IDataObject; name: string } {
	const provider = PROVIDER_WORDS[String(workspace.provider)] ?? 'email workspace';
	const named = typeof workspace.name === 'string' ? ` "${workspace.name}"` : '';
	return {
		fields: picked(workspace, AS_SENT),
		name: `${provider}${named} (ID ${String(workspace.id)})`,
	};
}

/**
 * What Create and Update answer: the workspace the service returned (the transport took any secret
 * out of it), as the user's Output asks (Simplified: its fields, then `outcome` and a sentence
 * naming it).
 */
export function changedWorkspace(
	workspace: IDataObject,
	view: OutputView,
	outcome: string,
	sentence: (named: string) => string,
): IDataObject {
	return shaped(
		workspace,
		view,
		(w) => {
			const { fields, name } = simplifyWorkspace(w);
			return changed(fields, { outcome, message: sentence(name) });
		},
		['id'],
	);
}
