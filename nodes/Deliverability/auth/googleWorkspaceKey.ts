/**
 * The "Deliverability Google Workspace Key API" credential (a Google service-account key file), for Email Workspace →
 * Create with provider Google and → Update with "Replace Google Key": its name, how it is read and checked, and its
 * credential test. The key is read here at run time only: it is never a node parameter, so a saved or exported
 * workflow holds none of it.
 */
import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	IExecuteFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { credentialError } from './unusable';

const GOOGLE_KEY_CREDENTIAL = 'deliverabilityGoogleWorkspaceKeyApi';

const GOOGLE_KEY_LABEL = 'Service Account Key File (JSON)';
const GOOGLE_CREDENTIAL_LABEL = 'Deliverability Google Workspace Key API';

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
			return {
				problem: {
					why: 'not valid JSON',
					hint: 'Paste the whole content of the key file downloaded from Google Cloud.',
				},
			};
		}
	}
	if (!key || typeof key !== 'object' || Array.isArray(key))
		return { problem: { why: 'expected a JSON object (the key file)' } };
	const file = key as IDataObject;
	if (file.type !== 'service_account') {
		return {
			problem: {
				why: '"type" is not "service_account"',
				hint: 'Use a service account key file, not an OAuth client file.',
			},
		};
	}
	if (typeof file.client_email !== 'string' || !file.client_email.includes('@')) {
		return { problem: { why: '"client_email" is missing or not an email address' } };
	}
	if (typeof file.private_key !== 'string' || !file.private_key.includes('PRIVATE KEY')) {
		return { problem: { why: '"private_key" is missing or not a PEM private key' } };
	}
	return { key: file };
}

interface GoogleKey {
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

/**
 * Credential test. The key does not authenticate against our service and Google cannot be called from here, so the
 * test checks what can be checked locally and says so.
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
