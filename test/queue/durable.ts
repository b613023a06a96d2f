/**
 * The durable-wait example as the queue tests run it: examples/spam-test-after-send.json with its Wait node lowered
 * to 70 s (n8n sleeps in-process below 65 s, so 70 s still stores the execution as waiting), and campaigns started
 * the way a sending tool starts them, a POST to the workflow's production webhook.
 */
import { afterSendExample, type Workflow } from '../../support/examples';
import { admin } from '../../support/sandbox-admin';
import type { Sandbox } from './support';

const WAIT_SECONDS = 70;
/** The sandbox counts seed copies this long after the send: the first check finds the test incomplete. */
export const SEED_DELAY_MS = 20000;

/** The example with its Wait node set to WAIT_SECONDS. */
export function durableExample(): Workflow {
	return afterSendExample(WAIT_SECONDS);
}

export interface DurableRun {
	/** 503 "Database is not ready!" answers retried while starting the campaigns. */
	notReady: number;
	/** 404 "not registered" answers retried: the webhook was not live yet right after activation. */
	notRegistered: number;
	/** The public ids of the spam tests the runs sent to (from the sandbox's SMTP log). */
	publicIds(): Promise<string[]>;
}

/**
 * Sets the seed delay, then POSTs `count` campaigns at once to the example's webhook on `baseUrl`; each must be taken.
 * n8n answers 503 "Database is not ready!" before doing anything while its database ping is late (a loaded machine):
 * a sending tool retries that, and so do we (nothing started, so nothing is sent twice). Likewise a 404 "not
 * registered" right after activation (seen in regular mode), until the webhook is live.
 */
export async function startCampaigns(
	sandbox: Sandbox,
	baseUrl: string,
	count: number,
): Promise<DurableRun> {
	await admin(sandbox, 'POST', '/settings', { seedDelayMs: SEED_DELAY_MS });
	let notReady = 0;
	let notRegistered = 0;
	const answers = await Promise.all(
		Array.from({ length: count }, async (_, i) => {
			for (let attempt = 0; ; attempt++) {
				const res = await fetch(`${baseUrl}/webhook/spam-test-after-send`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({
						from: 'news@clean-campaign.example',
						subject: `Campaign ${i + 1}`,
						text: `Hello from campaign ${i + 1}`,
					}),
				});
				const text = await res.text();
				const retry =
					(res.status === 503 && text.includes('Database is not ready')) ||
					(res.status === 404 && text.includes('is not registered'));
				if (!retry || attempt >= 30)
					return `${res.status} ${res.status === 200 ? '' : text}`.trim();
				if (res.status === 503) notReady++;
				else notRegistered++;
				await new Promise((r) => setTimeout(r, 1000));
			}
		}),
	);
	if (answers.some((a) => a !== '200'))
		throw new Error(`campaign webhooks answered ${answers.join(', ')}`);
	return {
		notReady,
		notRegistered,
		async publicIds() {
			const inbox = await admin<Array<{ matchedPublicIds: string[] }>>(sandbox, 'GET', '/smtp');
			return inbox.flatMap((m) => m.matchedPublicIds);
		},
	};
}
