/**
 * The "Deliverability Outlook App API" credential (a Microsoft 365 app registration), for Email Workspace → Create
 * with provider Outlook: its name, how it is read and checked, and its credential test. Its secrets are read here at
 * run time only: they are never node parameters, so a saved or exported workflow holds none of them.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	IExecuteFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { credentialError } from './unusable';

const OUTLOOK_APP_CREDENTIAL = 'deliverabilityOutlookAppApi';

const OUTLOOK_CREDENTIAL_LABEL = 'Deliverability Outlook App API';

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

/** The four app registration fields from the credential, as body fields, plus the secrets among them. */
export async function readOutlookApp(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<{ body: IDataObject; secrets: string[] }> {
	const data = await ctx.getCredentials(OUTLOOK_APP_CREDENTIAL, itemIndex);
	const problem = outlookProblem(data);
	if (problem) {
		throw credentialError(
			ctx,
			itemIndex,
			OUTLOOK_CREDENTIAL_LABEL,
			`${problem.label}: ${problem.why}`,
			`Open the credential selected under "Credential for ${OUTLOOK_CREDENTIAL_LABEL}" and fill it in.`,
		);
	}
	const body: IDataObject = {};
	for (const [name, , field] of OUTLOOK_FIELDS) body[field] = String(data[name]).trim();
	return {
		body,
		secrets: [body.outlook_client_secret as string, body.outlook_client_secret_value as string],
	};
}

/**
 * Credential test. The app registration does not authenticate against our service and Microsoft cannot be called from
 * here, so the test checks what can be checked locally and says so.
 */
export async function outlookAppTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const problem = outlookProblem(credential.data ?? {});
	if (problem) return { status: 'Error', message: `${problem.label}: ${problem.why}` };
	return {
		status: 'OK',
		message:
			'All four fields are set (checked locally; Microsoft verifies them when the workspace is created)',
	};
}
