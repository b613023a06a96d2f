/** What the transport takes out of every answer (nodes/shared/transport/answerSecrets.ts). */
import {
	credentialSecrets,
	isSecretField,
	withoutSecrets,
	withSecretFieldsRedacted,
} from '../../nodes/shared/transport/answerSecrets';

it('names the secret fields of the service and its credentials, not the documented fields about them', () => {
	const secret = [
		'password',
		'imap_server_password',
		'smtp_server_password',
		'outlook_client_secret',
		'client_secret',
		'clientSecret',
		'privateKey',
		'apiKey',
		'outlook_client_secret_value',
		'file_key_json',
		'private_key',
		'api_key',
		'clientSecretValue',
		'imapPassword',
		'refresh_token',
		// Names no list of the service's fields holds, as a service could start to send them.
		'webhook_signing_secret',
		'smtp_relay_password',
		'gcp_private_key_pem',
		'session_token',
		'authToken',
		'push_tokens',
		'passwd',
		'secret_at_rest',
		'analysis_api_key',
	];
	const kept = [
		'outlook_client_secret_expires_at',
		'has_refresh_token',
		'outlook_client_id',
		'is_password_set',
		'isPasswordSet',
		'hasSecret',
		'password_changed_at',
		'secretRotatedAt',
		'token_issued_on',
		'passwordSetOn',
		'client_secret_expires',
		'secretExpires',
		'tokenized',
		'email',
	];
	expect(secret.filter((name) => !isSecretField(name))).toEqual([]);
	expect(kept.filter(isSecretField)).toEqual([]);
});

it('leaves secret fields out of an answer at any depth, and redacts the credential secrets anywhere', () => {
	const answer = {
		id: 3,
		password: 'p4ssw0rd!',
		workspace: { name: 'Sales', file_key_json: { private_key: 'k' }, note: 'key is s3cret-value' },
		list: [{ private_key: 'k', id: 1 }],
	};
	expect(withoutSecrets(answer, ['s3cret-value'])).toEqual({
		id: 3,
		workspace: { name: 'Sales', note: 'key is [redacted]' },
		list: [{ id: 1 }],
	});
});

it('leaves out a secret field that only one entry of a list holds', () => {
	expect(
		withoutSecrets({ mailboxes: [{ id: 1 }, { id: 2, smtp_password: 'p' }] }, []),
	).toStrictEqual({ mailboxes: [{ id: 1 }, { id: 2 }] });
});

it("keeps an error's reasons for a secret field, but not a secret's text", () => {
	expect(
		withSecretFieldsRedacted({
			errors: { password: ['is too short'] },
			password: 'echoed-pass',
		}),
	).toEqual({ errors: { password: ['is too short'] }, password: '[redacted]' });
});

it("reads a credential's secrets: its secret fields and the key inside a key file", () => {
	const keyFile = JSON.stringify({
		type: 'service_account',
		private_key: '-----BEGIN KEY-----abc',
	});
	expect(
		credentialSecrets({
			baseUrl: 'https://api.example.com/api/v1',
			headerForm: 'bearer',
			clientId: '1111-2222',
			clientSecretValue: 'value-xyz',
			password: 'short',
			privateKeyFile: keyFile,
		}),
	).toEqual(['value-xyz', keyFile, '-----BEGIN KEY-----abc']);
});

it('takes a secret as trimmed text of 6 characters or more; numbers and shorter texts are no secret', () => {
	expect(
		credentialSecrets({
			password: ' abcdef ',
			clientSecretValue: '  abcd  ',
			apiKey: 'abcde',
			keyRotationDays: 30,
		}),
	).toEqual(['abcdef']);
});

it('reads the key inside a key file that starts with a line break', () => {
	const keyFile = `\n${JSON.stringify({ private_key: 'KEY-abcdef' })}`;
	expect(credentialSecrets({ privateKeyFile: keyFile })).toEqual([keyFile.trim(), 'KEY-abcdef']);
});

it('redacts a secret in an answer read as text, and one with quotes or backslashes; nothing is no answer', () => {
	expect(withoutSecrets('the key is s3cret-value', ['s3cret-value'])).toBe('the key is [redacted]');
	const quoted = 'pa"ss\\word-1';
	expect(withoutSecrets({ note: `was ${quoted}` }, [quoted])).toEqual({ note: 'was [redacted]' });
	expect(withoutSecrets(undefined, ['s3cret-value'])).toBeUndefined();
	expect(withoutSecrets(null, ['s3cret-value'])).toBeNull();
	expect(withoutSecrets({ note: 'nothing secret' }, [])).toEqual({ note: 'nothing secret' });
});
