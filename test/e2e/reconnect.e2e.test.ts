/**
 * The "Reconnect on disconnect" example in a real n8n: published, its trigger registers one alert; a disconnection
 * the reconnect repairs ends on Completed with nothing changed (a mailbox paused before, e.g. for its reputation, stays
 * paused), one the sandbox keeps broken is paused and ends on "Notify a human". The imported copy has Always Output
 * Data on for "Reconnect and wait", so the broken case also proves that the empty item n8n then adds on Completed
 * acts on nothing. The example's own waits (poll 15 s, up to 5 min) are shortened so the broken branch takes seconds.
 */
import { exampleWith } from '../../support/examples';
import { admin } from '../../support/sandbox-admin';
import { accountWrites, disconnectAndWaitForRuns, mailboxState } from './disconnections';
import {
	executionRunData,
	n8nAlerts,
	runOutput,
	service,
	startStack,
	waitFor,
	type RunData,
	type Stack,
} from './support';

// The example's own waits shortened so the broken branch takes seconds; its dry run off, so it acts.
const example = exampleWith(
	'reconnect-on-disconnect.json',
	{ 'Reconnect and wait': { pollInterval: 1, timeoutMinutes: 0.1 } },
	{ dryRun: false },
);
// Always Output Data on: with every item on Not Yet, n8n 2.x also puts an empty item on Completed.
example.nodes.find((n) => n.name === 'Reconnect and wait')!.alwaysOutputData = true;

/** The outputs of the run's "Reconnect and wait": Completed and Not Yet. */
const reconnectOutputs = (runData: RunData) => {
	const [completed, notYet] = runData['Reconnect and wait'][0].data.main;
	return {
		completed: (completed ?? []).map((i) => i.json),
		notYet: (notYet ?? []).map((i) => i.json),
	};
};

let stack: Stack;

beforeAll(async () => {
	stack = await startStack({ beforeStart: (n8n) => n8n.importWorkflows([example]) });
	// The sandbox restores a connection 1.5 s after the reconnect is queued (unless the account is marked broken).
	await admin(stack.sandbox, 'POST', '/settings', { reconnectDelayMs: 1500 });
});

afterAll(async () => {
	await stack?.close();
});

/** Disconnects the account (the sandbox delivers ACCOUNT_DISCONNECTED), waits for the run it starts, returns its data. */
async function runFor(accountId: number): Promise<RunData> {
	const [done] = await disconnectAndWaitForRuns(stack, accountId, [example.id], 60000);
	expect(done).toMatchObject({ status: 'success', mode: 'webhook' });
	return await executionRunData(stack, done.id);
}

describe('reconnect-on-disconnect example in a real n8n', () => {
	it('publishing registers one ACCOUNT_DISCONNECTED alert', async () => {
		const res = await stack.n8n.api('POST', `/workflows/${example.id}/activate`);
		expect(res.status).toBe(200);
		const mine = () => n8nAlerts<{ hook_url: string | null; events: string[] }>(stack);
		await waitFor('the alert', async () => (await mine()).length > 0, 20000);
		expect((await mine()).map((a) => a.events)).toEqual([['ACCOUNT_DISCONNECTED']]);
	});

	it('a repaired disconnection ends on Completed and changes nothing: a mailbox paused before stays paused', async () => {
		// Paused before it disconnects (say, for its reputation): nothing in the example may undo that.
		await service(stack.sandbox, 'POST', '/accounts/4', { alive: false });
		await admin(stack.sandbox, 'DELETE', '/requests');
		const runData = await runFor(4);
		const { completed, notYet } = reconnectOutputs(runData);
		expect(completed).toEqual([
			expect.objectContaining({ id: 4, imap_issue: false, reconnected: true }),
		]);
		expect(notYet).toEqual([]);
		expect(runData['Pause the mailbox']).toBeUndefined();
		expect(runData['Notify a human']).toBeUndefined();
		expect(await mailboxState(stack, 4)).toMatchObject({ imap_issue: false, alive: false });
		expect(await accountWrites(stack, 4)).toEqual([]);
		const requests = await admin<Array<{ method: string; path: string; body: unknown }>>(
			stack.sandbox,
			'GET',
			'/requests',
		);
		const reconnects = requests.filter(
			(r) => r.method === 'POST' && r.path === '/accounts/4/reconnect',
		);
		expect(reconnects).toHaveLength(1);
		expect(reconnects[0].body).toBeNull();
	});

	it('an account that stays broken is paused once and a person notified; the empty Completed item acts on nothing', async () => {
		await admin(stack.sandbox, 'POST', '/accounts/8/broken', {});
		await admin(stack.sandbox, 'DELETE', '/requests');
		const runData = await runFor(8);
		const { completed, notYet } = reconnectOutputs(runData);
		expect(notYet).toEqual([
			expect.objectContaining({ id: 8, imap_issue: true, reconnected: false, _waitTimedOut: true }),
		]);
		// n8n's Always Output Data item: empty, and nothing follows Completed.
		expect(completed).toEqual([{}]);
		expect(runOutput(runData, 'Pause the mailbox')).toEqual([
			expect.objectContaining({ id: 8, alive: false }),
		]);
		expect(runOutput(runData, 'Notify a human')).toEqual([
			expect.objectContaining({ id: 8, alive: false }),
		]);
		expect(await accountWrites(stack, 8)).toEqual([{ alive: false }]);
		expect(await mailboxState(stack, 8)).toMatchObject({ imap_issue: true, alive: false });
	});

	it('unpublishing removes the alert', async () => {
		expect((await stack.n8n.api('POST', `/workflows/${example.id}/deactivate`)).status).toBe(200);
		await waitFor('no alert', async () => (await n8nAlerts(stack)).length === 0, 20000);
	});
});
