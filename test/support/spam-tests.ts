/**
 * What the Spam Test tests start from: a spam test made directly through the API (not through the node), and copies
 * of a message sent to its seeds over the sandbox's SMTP, as a user's mailing tool would.
 */
import nodemailer from 'nodemailer';
import type { IDataObject } from 'n8n-workflow';

import type { NodeTestContext } from '../nodes/context';

export interface ApiSpamTest extends IDataObject {
	public_id: string;
	public_full_id: string;
	completed: boolean;
	results: Array<{ email: string; provider: string; received_in: string | null }>;
}

export function spamTestsIn(t: NodeTestContext) {
	return {
		/** A fresh spam test created through the API. */
		async newTest(seedlist = 2): Promise<ApiSpamTest> {
			const { status, data } = await t.api<ApiSpamTest>('POST', '/spam_tests', { seedlist });
			expect(status).toBe(201);
			return data;
		},
		/** One message from `from` to the test's seeds (or `to`), carrying its tracking id. */
		async sendTo(
			test: ApiSpamTest,
			from: string,
			{ to = test.results.map((r) => r.email), subject = 'Spring sale' } = {},
		): Promise<void> {
			const transport = nodemailer.createTransport({
				host: '127.0.0.1',
				port: t.sandbox.smtpPort,
				secure: false,
				ignoreTLS: true,
			});
			try {
				await transport.sendMail({
					from,
					to,
					subject,
					text: `Hello!\n\nTracking: ${test.public_full_id}\n`,
				});
			} finally {
				transport.close();
			}
		},
	};
}
