/**
 * Account → Connect IMAP/SMTP's reading of a refused login: the service's HTTP 500 that means the
 * mailbox would not let it log in, turned into an error that says which login failed and what to
 * check.
 */
import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/**
 * A failed login is answered with HTTP 500 and `{success: false, imap_auth_success,
 * smtp_auth_success, error}`: not a server fault but the mailbox refusing the login, so nothing was
 * created. Anything else is passed on unchanged.
 */
export function loginFailure(
	ctx: IExecuteFunctions,
	error: unknown,
	i: number,
	testOnly: boolean,
): unknown {
	if (!(error instanceof NodeApiError) || String(error.httpCode) !== '500') return error;
	const details = {
		...((error.errorResponse as IDataObject | undefined) ?? {}),
		...((error.context?.details as IDataObject | undefined) ?? {}),
	};
	const imapOk = details.imap_auth_success;
	const smtpOk = details.smtp_auth_success;
	if (details.success !== false && typeof imapOk !== 'boolean' && typeof smtpOk !== 'boolean')
		return error;
	const failed = [imapOk === false ? 'IMAP' : '', smtpOk === false ? 'SMTP' : ''].filter(Boolean);
	const reason =
		typeof details.error === 'string' && details.error.trim()
			? details.error.trim()
			: 'the login was refused';
	const headline = failed.length
		? failed.map((s) => `${s} login failed`).join(' and ')
		: 'Login failed';
	const mode = testOnly ? 'Test Only: ' : '';
	const over = failed.length ? ` over ${failed.join(' and ')}` : '';
	return new NodeApiError(ctx.getNode(), details as JsonObject, {
		message: `${headline}: ${reason}`,
		description: `${mode}nothing was created or changed. The service could not log in to the mailbox${over}: check the server, port, username and password (Gmail and Outlook need an app password), then run again.`,
		httpCode: '500',
		itemIndex: i,
	});
}
