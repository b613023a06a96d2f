/**
 * Account → Connect IMAP/SMTP's Simplified answer (node version 1.1 on), in words as the other
 * writes answer: a connect or a new login answers the account, said with what became of it; Test
 * Only answers whether the login works, and nothing was created or changed.
 */
import type { IDataObject } from 'n8n-workflow';

import { changed, picked } from '../../../params/output';
import { accountName, simplifyAccount } from './simplified';

/** What the user asked for: the address, and whether it was a test or a new login of an account. */
export interface ConnectAsked {
	email: string;
	testOnly: boolean;
	updating: boolean;
}

export function connectedWords(answer: IDataObject, asked: ConnectAsked): IDataObject {
	if (asked.testOnly) {
		const fields = picked(answer, [
			'email',
			'test',
			'success',
			'imap_auth_success',
			'smtp_auth_success',
		]);
		if (answer.success === false)
			return changed(fields, {
				outcome: 'login failed',
				message: `Test Only: the service answered success: false for the login of ${asked.email}; nothing was created or changed.`,
			});
		return changed(fields, {
			outcome: 'login works',
			message: `Test Only: the login of ${asked.email} works; nothing was created or changed.`,
		});
	}
	const account = simplifyAccount(answer);
	const name = accountName(answer);
	// The service connects the mailbox once it could log in; an account that still reports an IMAP
	// issue says so (its verdict_reason has the fix).
	const issue = account.disconnected === true ? ', but the service reports an IMAP issue' : '';
	if (asked.updating)
		return changed(account, {
			outcome: 'login updated',
			message: `The login of mailbox ${name} was updated${issue}`,
		});
	return changed(account, { outcome: 'connected', message: `Mailbox ${name} connected${issue}` });
}
