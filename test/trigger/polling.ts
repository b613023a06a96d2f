/**
 * The notification trigger as its polling tests run it: in n8n-core's PollContext (support/harness.ts), pointed at
 * the test file's sandbox with project A's key, listening for Mailbox Disconnected unless told otherwise, its polls
 * back to back; and what a poll emitted, read as notification ids.
 */
import type { ICredentialDataDecryptedObject, INodeExecutionData } from 'n8n-workflow';

import { DeliverabilityNotificationTrigger } from '../../nodes/DeliverabilityNotificationTrigger/DeliverabilityNotificationTrigger.node';
import { pollOverlap } from '../../nodes/DeliverabilityNotificationTrigger/overlap';
import {
	enginePollHarness,
	pollHarness,
	type EnginePollHarness,
	type PollEngine,
	type PollHarness,
	type PollOptions,
} from '../../support/poll-harness';
import type { NodeTestContext } from '../nodes/context';

/** The trigger's credential on the test file's sandbox: project A's key unless another is given. */
export function credentialsOf(
	ctx: NodeTestContext,
	apiKey: string = ctx.sandbox.apiKeys.A,
): Record<string, ICredentialDataDecryptedObject> {
	return {
		deliverabilityApi: { apiKey, baseUrl: ctx.sandbox.baseUrl, headerForm: 'bearer' },
	};
}

const DISCONNECTED = { events: ['ACCOUNT_DISCONNECTED'] };

/** The trigger in an active workflow (pollHarness), with whatever of its options a test sets. */
export function poller(ctx: NodeTestContext, options: Partial<PollOptions> = {}): PollHarness {
	return pollHarness({
		nodeType: new DeliverabilityNotificationTrigger(),
		parameters: DISCONNECTED,
		credentials: credentialsOf(ctx),
		...options,
	});
}

/** The trigger published in a workflow that n8n polls the way `engine` says (enginePollHarness). */
export function enginePoller(ctx: NodeTestContext, engine: PollEngine): EnginePollHarness {
	return enginePollHarness({
		nodeType: new DeliverabilityNotificationTrigger(),
		parameters: DISCONNECTED,
		credentials: credentialsOf(ctx),
		engine,
	});
}

/**
 * Polls back to back, as n8n never runs them (overlap.ts): each test's polls follow one another. Call at the top of
 * the file or of a describe.
 */
export function pollsBackToBack(): void {
	const settle = pollOverlap.settleMs;
	beforeAll(() => (pollOverlap.settleMs = 0));
	afterAll(() => (pollOverlap.settleMs = settle));
}

/** Closes every open notification (the seed opens some), so a test sees only what it opens. */
export async function closeOpenNotifications(ctx: NodeTestContext): Promise<void> {
	for (const n of await ctx.admin<Array<{ id: number; open: boolean }>>('GET', '/notifications')) {
		if (n.open) await ctx.admin('POST', `/notifications/${n.id}/close`);
	}
}

/** The ids of the notifications a poll emitted (none when it emitted nothing). */
export const idsOf = (out: INodeExecutionData[][] | null) =>
	out ? out[0].map((i) => i.json.id) : [];
