/**
 * The Google service-account key file of the "Deliverability with Google Workspace Key API"
 * credential, for Email Workspace → Create with provider Google and → Update with "Replace Google
 * Key" on: how it is read and checked. The key is read here at run time only: it is never a node
 * parameter, so a saved or exported workflow holds none of it.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { CREDENTIALS, secretCredential, type CredentialName } from './choice';
import { credentialError } from './unusable';

const GOOGLE_KEY_CREDENTIAL = 'deliverabilityGoogleWorkspaceKeyApi' satisfies CredentialName;

const GOOGLE_KEY_LABEL = 'Service Account Key File (JSON)';
const GOOGLE_CREDENTIAL_LABEL = CREDENTIALS[GOOGLE_KEY_CREDENTIAL];

/** The switch of Email Workspace → Update that asks for the Google key credential. */
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
	const data = await secretCredential(ctx, GOOGLE_KEY_CREDENTIAL, itemIndex);
	const raw = data.privateKeyFile;
	const checked = googleKeyProblem(raw);
	if ('problem' in checked) {
		throw credentialError(
			ctx,
			itemIndex,
			GOOGLE_CREDENTIAL_LABEL,
			`${GOOGLE_KEY_LABEL}: ${checked.problem.why}`,
			`${checked.problem.hint ? `${checked.problem.hint} ` : ''}Open the "${GOOGLE_CREDENTIAL_LABEL}" credential selected at the top of the node and fix the key file.`,
		);
	}
	const fileKeyJson = JSON.stringify(checked.key);
	const secrets = [fileKeyJson, checked.key.private_key, checked.key.private_key_id];
	if (typeof raw === 'string') secrets.push(raw);
	return { fileKeyJson, secrets: secrets.filter((s): s is string => typeof s === 'string') };
}
