/**
 * "Auto-pause on disconnect" and "Reconnect on disconnect" published together in one real n8n, both reacting to the
 * same ACCOUNT_DISCONNECTED: a mailbox the reconnect repairs ends connected but still paused by the one, since no
 * example undoes a pause (a person resumes it); one that stays broken ends paused, still disconnected, with a person
 * notified. Both examples run as shipped (the reconnect's 15-second poll included), except that the reconnect gives
 * up after 30 seconds instead of 5 minutes so the broken case is quick.
 */
import { exampleWith, loadExample } from '../../support/examples';
import { admin } from '../../support/sandbox-admin';
import { accountWrites, disconnectAndWaitForRuns, mailboxState } from './disconnections';
import {
	executionRunData,
	n8nAlerts,
	runOutput,
	startStack,
	waitFor,
	type RunData,
	type Stack,
} from './support';

// Both with their dry run off: they pause and reconnect for real.
const pause = loadExample('auto-pause-on-disconnect.json', { dryRun: false });
// Gives up after 30 seconds instead of 5 minutes, so the broken case is quick.
const reconnect = exampleWith(
	'reconnect-on-disconnect.json',
	{ 'Reconnect and wait': { timeoutMinutes: 0.5 } },
	{ dryRun: false },
);

let stack: Stack;

beforeAll(async () => {
	stack = await startStack({
		beforeStart: (n8n) => n8n.importWorkflows([pause.workflow, reconnect]),
	});
	// The sandbox restores a connection 1.5 s after the reconnect is queued (unless the account is marked broken).
	await admin(stack.sandbox, 'POST', '/settings', { reconnectDelayMs: 1500 });
});

afterAll(async () => {
	await stack?.close();
});

/** Disconnects the account and waits until each published example has finished one more run; returns their data. */
async function disconnect(accountId: number): Promise<{ paused: RunData; reconnected: RunData }> {
	const [p, r] = await disconnectAndWaitForRuns(stack, accountId, [pause.id, reconnect.id], 120000);
	expect(p.status).toBe('success');
	expect(r.status).toBe('success');
	return {
		paused: await executionRunData(stack, p.id),
		reconnected: await executionRunData(stack, r.id),
	};
}

describe('auto-pause and reconnect examples published together', () => {
	it('publishing both registers one ACCOUNT_DISCONNECTED alert each', async () => {
		for (const wf of [pause, reconnect])
			expect((await stack.n8n.api('POST', `/workflows/${wf.id}/activate`)).status).toBe(200);
		const mine = () => n8nAlerts<{ hook_url: string | null; events: string[] }>(stack);
		await waitFor('both alerts', async () => (await mine()).length === 2, 30000);
		expect((await mine()).map((a) => a.events)).toEqual([
			['ACCOUNT_DISCONNECTED'],
			['ACCOUNT_DISCONNECTED'],
		]);
	});

	it('a mailbox the reconnect repairs ends connected and still paused: no example undoes a pause', async () => {
		const { paused, reconnected } = await disconnect(4);
		expect(runOutput(paused, 'Pause the mailbox')).toEqual([
			expect.objectContaining({ id: 4, alive: false }),
		]);
		expect(runOutput(reconnected, 'Reconnect and wait')).toEqual([
			expect.objectContaining({ id: 4, imap_issue: false, reconnected: true }),
		]);
		expect(runOutput(reconnected, 'Notify a human')).toEqual([]);
		expect(await accountWrites(stack, 4)).toEqual([{ alive: false }]);
		expect(await mailboxState(stack, 4)).toMatchObject({ imap_issue: false, alive: false });
	}, 180000);

	it('a mailbox that stays broken ends paused and still disconnected, with a person notified', async () => {
		await admin(stack.sandbox, 'POST', '/accounts/8/broken', {});
		const { paused, reconnected } = await disconnect(8);
		expect(runOutput(paused, 'Pause the mailbox')).toEqual([
			expect.objectContaining({ id: 8, alive: false }),
		]);
		expect(runOutput(reconnected, 'Notify a human')).toEqual([
			expect.objectContaining({ id: 8, alive: false }),
		]);
		// Each example paused it once: auto-pause at the event, the reconnect once it gave up.
		expect(await accountWrites(stack, 8)).toEqual([{ alive: false }, { alive: false }]);
		expect(await mailboxState(stack, 8)).toMatchObject({ imap_issue: true, alive: false });
	}, 180000);

	it('unpublishing both removes their alerts', async () => {
		for (const wf of [pause, reconnect])
			expect((await stack.n8n.api('POST', `/workflows/${wf.id}/deactivate`)).status).toBe(200);
		await waitFor('no alert', async () => (await n8nAlerts(stack)).length === 0, 20000);
	});
});
