/**
 * The Microsoft 365 app registration of the "Deliverability with Outlook App API" credential, for
 * Email Workspace → Create with provider Outlook: how it is read and checked. Its secrets are read
 * here at run time only: they are never node parameters, so a saved or exported workflow holds none
 * of them.
 */
import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { CREDENTIALS, secretCredential, type CredentialName } from './choice';
import { credentialError } from './unusable';

const OUTLOOK_APP_CREDENTIAL = 'deliverabilityOutlookAppApi' satisfies CredentialName;

const OUTLOOK_CREDENTIAL_LABEL = CREDENTIALS[OUTLOOK_APP_CREDENTIAL];

const OUTLOOK_FIELDS = [
	['clientId', 'Client ID', 'outlook_client_id'],
	['tenantId', 'Tenant ID', 'outlook_tenant_id'],
	['clientSecretId', 'Client Secret ID', 'outlook_client_secret'],
	['clientSecretValue', 'Client Secret Value', 'outlook_client_secret_value'],
] as const;

function outlookProblem(
	data: ICredentialDataDecryptedObject,
): { label: string; why: string } | undefined {
	for (const [name, label] of OUTLOOK_FIELDS) {
		const value = data[name];
		if (typeof value !== 'string' || value.trim() === '') return { label, why: 'required' };
	}
	return undefined;
}

/**
 * The four app registration fields from the credential, as body fields, plus the secrets among
 * them.
 */
export async function readOutlookApp(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<{ body: IDataObject; secrets: string[] }> {
	const data = await secretCredential(ctx, OUTLOOK_APP_CREDENTIAL, itemIndex);
	const problem = outlookProblem(data);
	if (problem) {
		throw credentialError(
			ctx,
			itemIndex,
			OUTLOOK_CREDENTIAL_LABEL,
			`${problem.label}: ${problem.why}`,
			`Open the "${OUTLOOK_CREDENTIAL_LABEL}" credential selected at the top of the node and fill it in.`,
		);
	}
	const body: IDataObject = {};
	for (const [name, , field] of OUTLOOK_FIELDS) body[field] = String(data[name]).trim();
	return {
		body,
		secrets: [body.outlook_client_secret as string, body.outlook_client_secret_value as string],
	};
}
