/**
 * Secrets in successful answers: the transport takes them out of every answer before an operation
 * sees it, so no operation has to remember to (CONTRIBUTING → Secrets in answers). The service
 * documents that it never returns a secret; if it ever did, the secret would land in output items
 * that anyone with access to the workflow's executions can read. Two kinds are taken out:
 * - every value the run's credential holds as a secret (the API key, a mailbox password, an Outlook
 *   client secret, a Google key), wherever it appears: replaced by `[redacted]`;
 * - every field named as a secret (`password`, `imap_server_password`,
 *   `outlook_client_secret_value`, `file_key_json`, `private_key`, …), whatever its value: left
 *   out, at any depth.
 */
import type { IDataObject } from 'n8n-workflow';

import { redactDeep } from '../redact';

/**
 * Answer fields that hold a secret, by name: the service's own secret fields (the request fields of
 * POST /imap_auth and /email_workspaces) and any other name that says secret, password, private
 * key, token or API key, at any depth, so a secret the service starts to echo under a new name
 * (`webhook_signing_secret`, `relay.smtp_relay_password`, `session_token`) is left out too. Case is
 * ignored. Documented fields about a secret are not secrets: a flag (`has_refresh_token`,
 * `is_password_set`) or a date (`outlook_client_secret_expires_at`, `password_changed_at`).
 */
const SECRET_FIELD =
	/secret|passw(?:or)?d|private_?key|tokens?$|api_?key|file_key_json|fileKeyJson/i;
const ABOUT_A_SECRET = /^(?:has|is)(?:_|[A-Z])|(?:_at|At|_on|On|expires|Expires)$/;

/** Whether an answer field's name says it holds a secret. */
export function isSecretField(name: string): boolean {
	return SECRET_FIELD.test(name) && !ABOUT_A_SECRET.test(name);
}

/** Credential fields holding a secret, by name (password, clientSecretValue, privateKeyFile). */
const SECRET_CREDENTIAL_FIELD = /key|secret|password|token/i;

/** Shorter values are not redacted in answers: "pass" would blank out every "passed". */
const MIN_SECRET_LENGTH = 6;

/**
 * The secret values of a credential: its secret fields' texts and, for a key file given as JSON,
 * the key inside it (the form in which the service could echo it).
 */
export function credentialSecrets(data: IDataObject): string[] {
	const secrets: string[] = [];
	const add = (value: unknown) => {
		if (typeof value === 'string' && value.trim().length >= MIN_SECRET_LENGTH)
			secrets.push(value.trim());
	};
	for (const [name, value] of Object.entries(data)) {
		if (!SECRET_CREDENTIAL_FIELD.test(name)) continue;
		add(value);
		// A key file given as JSON: the key inside it. Anything else (text, a number) holds no field.
		try {
			const parsed = JSON.parse(String(value)) as IDataObject;
			for (const [key, inner] of Object.entries(parsed)) if (isSecretField(key)) add(inner);
		} catch {
			// Not JSON: its text is redacted as a whole.
		}
	}
	return secrets;
}

/** Whether a JSON value holds a field named as a secret, at any depth. */
function hasSecretField(value: unknown): boolean {
	// A list is walked by its entries too: its keys ("0", "1", …) never name a secret.
	if (!value || typeof value !== 'object') return false;
	return Object.entries(value as IDataObject).some(
		([key, inner]) => isSecretField(key) || hasSecretField(inner),
	);
}

/** A copy of a JSON value without the fields named as secrets, at any depth. */
function withoutSecretFields(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutSecretFields);
	if (!value || typeof value !== 'object') return value;
	const out: IDataObject = {};
	for (const [key, inner] of Object.entries(value as IDataObject))
		if (!isSecretField(key)) out[key] = withoutSecretFields(inner) as IDataObject;
	return out;
}

/**
 * A successful answer without secrets: their fields left out, their values redacted (also in an
 * answer read as text). An answer holding none is handed on as it is.
 */
export function withoutSecrets(body: unknown, secrets: string[]): unknown {
	if (body === undefined) return body;
	const cleaned = hasSecretField(body) ? withoutSecretFields(body) : body;
	// Searched in the answer's JSON text, where a secret with quotes or backslashes appears escaped.
	const text = JSON.stringify(cleaned);
	const found = secrets.some((secret) => text.includes(JSON.stringify(secret).slice(1, -1)));
	return found ? redactDeep(cleaned, secrets) : cleaned;
}

/**
 * An error body with the text of every field named as a secret replaced by `[redacted]`, at any
 * depth. Unlike a successful answer's, such a field stays: in an error it may carry the reasons a
 * field was refused (`errors.password: ["is too short"]`), which the user needs.
 */
export function withSecretFieldsRedacted(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withSecretFieldsRedacted);
	if (!value || typeof value !== 'object') return value;
	const out: IDataObject = {};
	for (const [key, inner] of Object.entries(value as IDataObject))
		out[key] = (
			isSecretField(key) && typeof inner === 'string'
				? '[redacted]'
				: withSecretFieldsRedacted(inner)
		) as IDataObject;
	return out;
}
