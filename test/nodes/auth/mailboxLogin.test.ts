/**
 * The Mailbox Login credential's test (nodes/Deliverability/auth/mailboxLogin.ts): it checks locally that a
 * password is filled in, one for both servers or one for each.
 */
import { mailboxLoginTest } from '../../../nodes/Deliverability/auth/mailboxLogin';

const BOTH = 'dummy-mailbox-pass-both';
const IMAP = 'dummy-mailbox-pass-imap';
const SMTP = 'dummy-mailbox-pass-smtp';

describe('account connectImap', () => {
	it('the credential test checks that a password is filled in', async () => {
		const test = (data: Record<string, string>) =>
			mailboxLoginTest.call(
				{} as never,
				{ id: '1', name: 'x', type: 'deliverabilityMailboxApi', data } as never,
			);
		expect((await test({ password: BOTH })).status).toBe('OK');
		expect((await test({ smtpPassword: SMTP, imapPassword: IMAP })).status).toBe('OK');
		expect((await test({})).status).toBe('Error');
	});
});
