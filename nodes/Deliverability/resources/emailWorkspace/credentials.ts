/**
 * The two credentials of email workspaces (the Google service-account key file; the Outlook app registration):
 * their names, when the node asks for them, how they are read and checked, and their credential tests. Secrets are
 * read here at run time only: they are never node parameters, so a saved or exported workflow holds none of them.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	IExecuteFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { NodeOperationError } from 'n8n-workflow';

export const GOOGLE_KEY_CREDENTIAL = 'deliverabilityGoogleWorkspaceKeyApi';
export const OUTLOOK_APP_CREDENTIAL = 'deliverabilityOutlookAppApi';

const GOOGLE_KEY_LABEL = 'Service Account Key File (JSON)';
const GOOGLE_CREDENTIAL_LABEL = 'Deliverability Google Workspace Key API';
const OUTLOOK_CREDENTIAL_LABEL = 'Deliverability Outlook App API';

/** The switch of Email Workspace → Update that asks for the Google key credential (named in the node's list). */
export const REPLACE_KEY_PARAMETER = 'replaceGoogleKey';

interface Problem {
	why: string;
	hint?: string;
}

/** What is wrong with a key file (never quoting it: it holds a private key), or the parsed file. */
export function googleKeyProblem(value: unknown): { problem: Problem } | { key: IDataObject } {
	let key: unknown = value;
	if (typeof value === 'string') {
		if (value.trim() === '') return { problem: { why: 'the content of the key file is required' } };
		try {
			key = JSON.parse(value);
		} catch {
			return { problem: { why: 'not valid JSON', hint: 'Paste the whole content of the key file downloaded from Google Cloud.' } };
		}
	}
	if (!key || typeof key !== 'object' || Array.isArray(key)) return { problem: { why: 'expected a JSON object (the key file)' } };
	const file = key as IDataObject;
	if (file.type !== 'service_account') {
		return { problem: { why: '"type" is not "service_account"', hint: 'Use a service account key file, not an OAuth client file.' } };
	}
	if (typeof file.client_email !== 'string' || !file.client_email.includes('@')) {
		return { problem: { why: '"client_email" is missing or not an email address' } };
	}
	if (typeof file.private_key !== 'string' || !file.private_key.includes('PRIVATE KEY')) {
		return { problem: { why: '"private_key" is missing or not a PEM private key' } };
	}
	return { key: file };
}

const OUTLOOK_FIELDS = [
	['clientId', 'Client ID', 'outlook_client_id'],
	['tenantId', 'Tenant ID', 'outlook_tenant_id'],
	['clientSecretId', 'Client Secret ID', 'outlook_client_secret'],
	['clientSecretValue', 'Client Secret Value', 'outlook_client_secret_value'],
] as const;

function outlookProblem(data: ICredentialDataDecryptedObject): { label: string; why: string } | undefined {
	for (const [name, label] of OUTLOOK_FIELDS) {
		const value = data[name];
		if (typeof value !== 'string' || value.trim() === '') return { label, why: 'required' };
	}
	return undefined;
}

/** A credential that cannot be used, found before any request; names the credential and its field, never a value. */
function credentialError(ctx: IExecuteFunctions, itemIndex: number, credential: string, problem: string, description: string) {
	return new NodeOperationError(ctx.getNode(), `The credential "${credential}" cannot be used: ${problem}`, { itemIndex, description });
}

export interface GoogleKey {
	/** The key file as JSON text: the body's `file_key_json`. */
	fileKeyJson: string;
	/** Every value that must never reach output, errors or logs. */
	secrets: string[];
}

/** The key file from the credential, checked before any request. */
export async function readGoogleKey(ctx: IExecuteFunctions, itemIndex: number): Promise<GoogleKey> {
	const data = await ctx.getCredentials(GOOGLE_KEY_CREDENTIAL, itemIndex);
	const raw = data.privateKeyFile;
	const checked = googleKeyProblem(raw);
	if ('problem' in checked) {
		throw credentialError(
			ctx,
			itemIndex,
			GOOGLE_CREDENTIAL_LABEL,
			`${GOOGLE_KEY_LABEL}: ${checked.problem.why}`,
			`${checked.problem.hint ? `${checked.problem.hint} ` : ''}Open the credential selected under "Credential for ${GOOGLE_CREDENTIAL_LABEL}" and fix the key file.`,
		);
	}
	const fileKeyJson = JSON.stringify(checked.key);
	const secrets = [fileKeyJson, checked.key.private_key, checked.key.private_key_id];
	if (typeof raw === 'string') secrets.push(raw);
	return { fileKeyJson, secrets: secrets.filter((s): s is string => typeof s === 'string') };
}

/** The four app registration fields from the credential, as body fields, plus the secrets among them. */
export async function readOutlookApp(ctx: IExecuteFunctions, itemIndex: number): Promise<{ body: IDataObject; secrets: string[] }> {
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
	return { body, secrets: [body.outlook_client_secret as string, body.outlook_client_secret_value as string] };
}

/**
 * Credential tests. Neither credential authenticates against our service and Google or Microsoft cannot be called
 * from here, so the test checks what can be checked locally and says so.
 */
export async function googleWorkspaceKeyTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const checked = googleKeyProblem(credential.data?.privateKeyFile);
	if ('problem' in checked) {
		return {
			status: 'Error',
			message: `${GOOGLE_KEY_LABEL}: ${checked.problem.why}.${checked.problem.hint ? ` ${checked.problem.hint}` : ''}`,
		};
	}
	return {
		status: 'OK',
		message: `A service account key file for ${String(checked.key.client_email)} (checked locally; Google verifies it when the workspace is created)`,
	};
}

export async function outlookAppTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const problem = outlookProblem(credential.data ?? {});
	if (problem) return { status: 'Error', message: `${problem.label}: ${problem.why}` };
	return { status: 'OK', message: 'All four fields are set (checked locally; Microsoft verifies them when the workspace is created)' };
}
