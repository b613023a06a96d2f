/** What n8n's credential form shows, computed with n8n's own display rules (NodeHelpers.displayParameter). */
import type { ICredentialDataDecryptedObject, ICredentialType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

/** The notices the credential's form shows for these values, in form order. */
export function formNotices(
	credential: ICredentialType,
	data: ICredentialDataDecryptedObject,
): string[] {
	return credential.properties
		.filter((p) => p.type === 'notice')
		.filter((p) => NodeHelpers.displayParameter(data, p, null, null))
		.map((p) => p.displayName);
}
