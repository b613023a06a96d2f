/**
 * The "Reconnect on disconnect" example in a real n8n: published, its trigger registers one alert; a disconnection
 * the reconnect repairs ends on "Resume the account" (warming restarts, nobody notified), one the sandbox keeps
 * broken ends on "Notify a human". The example's own waits (poll 15 s, up to 5 min) are shortened in the imported copy
 * so the broken branch takes seconds; everything else is the file as shipped.
 */
import { exampleWith } from '../../support/examples';
import { isFinished } from '../../support/n8n-process';
import { admin } from '../../support/sandbox-admin';
import {
	executionRunData,
	n8nAlerts,
	runOutput,
	service,
	startStack,
	waitFor,
	workflowExecutions,
	type RunData,
	type Stack,
} from './support';

interface Execution {
	id: string;
	status: string;
	mode: string;
}

// The example's own waits shortened so the broken branch takes seconds.
const example = exampleWith('reconnect-on-disconnect.json', {
	'Reconnect and wait': { pollInterval: 1, timeoutMinutes: 0.1 },
});

let stack: Stack;

beforeAll(async () => {
	stack = await startStack({ beforeStart: (n8n) => n8n.importWorkflows([example]) });
	// The sandbox restores a connection 1.5 s after the reconnect is queued (unless the account is marked broken).
	await admin(stack.sandbox, 'POST', '/settings', { reconnectDelayMs: 1500 });
});

afterAll(async () => {
	await stack?.close();
});

const executions = () => workflowExecutions<Execution>(stack, example.id);

/** Disconnects the account (the sandbox delivers ACCOUNT_DISCONNECTED), waits for the run it starts, returns its data. */
async function runFor(accountId: number): Promise<RunData> {
	const before = (await executions()).length;
	await admin(stack.sandbox, 'POST', `/accounts/${accountId}/disconnect`);
	const [done] = await waitFor(
		'the execution to finish',
		async () => {
			const ex = await executions();
			return ex.length > before && ex.every((e) => isFinished(e.status)) && ex;
		},
		60000,
		500,
	);
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

	it('a disconnection the reconnect repairs ends on "Resume the account"; nobody is notified', async () => {
		await service(stack.sandbox, 'POST', '/accounts/4', { alive: false });
		const runData = await runFor(4);
		const [reconnect] = runOutput(runData, 'Reconnect and wait');
		expect(reconnect).toMatchObject({ id: 4, imap_issue: false, reconnected: true });
		expect(runOutput(runData, 'Get the account')[0]).toMatchObject({ id: 4, imap_issue: false });
		expect(runOutput(runData, 'Resume the account')).toEqual([
			expect.objectContaining({ id: 4, alive: true }),
		]);
		expect(runOutput(runData, 'Notify a human')).toEqual([]);
		expect(
			await service<{ imap_issue: boolean; alive: boolean }>(stack.sandbox, 'GET', '/accounts/4'),
		).toMatchObject({ imap_issue: false, alive: true });
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

	it('an account that stays broken ends on "Notify a human" with imap_issue true', async () => {
		await admin(stack.sandbox, 'POST', '/accounts/8/broken', {});
		const runData = await runFor(8);
		expect(runOutput(runData, 'Reconnect and wait')[0]).toMatchObject({
			id: 8,
			imap_issue: true,
			reconnected: false,
			_waitTimedOut: true,
		});
		expect(runOutput(runData, 'Notify a human')).toEqual([
			expect.objectContaining({ id: 8, imap_issue: true }),
		]);
		expect(runOutput(runData, 'Resume the account')).toEqual([]);
	});

	it('unpublishing removes the alert', async () => {
		expect((await stack.n8n.api('POST', `/workflows/${example.id}/deactivate`)).status).toBe(200);
		await waitFor('no alert', async () => (await n8nAlerts(stack)).length === 0, 20000);
	});
});
