/**
 * The Deliverability Notification Trigger in a real n8n 2.41 (single main). n8n 2.x runs a test poll on publish and
 * does NOT save what that poll wrote to static data (poll-trigger-executor: testingTrigger skips the cursor commit);
 * every scheduled poll then loads the node's memory afresh. So the first SCHEDULED poll (≤ one interval after
 * publishing) is the one that arms on the backlog, and the trigger emits from the poll after it. This test follows
 * that: the backlog and anything opened before the first scheduled poll start nothing; a notification opened after
 * it starts exactly one execution at the next poll. Two scheduled polls are waited for (≤ 2 min).
 */
import { CREDENTIAL_IDS, CREDENTIAL_NAMES } from '../../support/examples';
import { PACKAGE_NAME } from '../../support/n8n-process';
import { admin } from '../../support/sandbox-admin';
import { startStack, waitFor, type Stack } from './support';

const WORKFLOW_ID = 'DlvPollTrigger01';
const workflow = {
	id: WORKFLOW_ID,
	name: 'Notification poll (e2e)',
	active: false,
	settings: { executionOrder: 'v1' },
	connections: {},
	nodes: [
		{
			id: 'poll-trigger',
			name: 'Deliverability Notification Trigger',
			type: `${PACKAGE_NAME}.deliverabilityNotificationTrigger`,
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				pollTimes: { item: [{ mode: 'everyMinute' }] },
				events: ['ACCOUNT_DISCONNECTED'],
			},
			credentials: {
				deliverabilityApi: {
					id: CREDENTIAL_IDS.deliverability,
					name: CREDENTIAL_NAMES.deliverability,
				},
			},
		},
	],
};

interface Execution {
	id: string;
	status: string;
	mode: string;
	data?: {
		resultData: {
			runData: Record<
				string,
				Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }>> } }>
			>;
		};
	};
}

// Two scheduled polls (every minute) plus n8n's start: longer than the suite's default.
jest.setTimeout(300_000);

let stack: Stack;

beforeAll(async () => {
	stack = await startStack({ beforeStart: (n8n) => n8n.importWorkflows([workflow]) });
});

afterAll(async () => {
	await stack?.close();
});

const open = async (event: string, accountId: number) =>
	await admin<{ id: number }>(stack.sandbox, 'POST', '/notifications', {
		event,
		account_id: accountId,
	});

async function executions(): Promise<Execution[]> {
	const res = await stack.n8n.api<{ data: Execution[] }>(
		'GET',
		`/executions?workflowId=${WORKFLOW_ID}&limit=50`,
	);
	expect(res.status).toBe(200);
	return res.data.data;
}

describe('notification polling trigger in a real n8n', () => {
	it('arms at its first scheduled poll (the backlog starts nothing), then runs once for a new notification at the next poll', async () => {
		await open('ACCOUNT_DISCONNECTED', 1);
		await open('ACCOUNT_DISCONNECTED', 2);
		// Polls the sandbox saw after a moment: n8n's publish-time test poll (if any) runs before the answer, so every poll
		// logged after the answer is a scheduled one.
		const pollsSince = async (since: number) =>
			(await admin<Array<{ path: string; at: string }>>(stack.sandbox, 'GET', '/requests')).filter(
				(r) => r.path.endsWith('/notifications') && Date.parse(r.at) > since,
			).length;
		const published = await stack.n8n.api('POST', `/workflows/${WORKFLOW_ID}/activate`);
		expect(published.status).toBe(200);
		const publishedAt = Date.now();
		expect(await executions()).toEqual([]);
		// The first scheduled poll arms on the backlog (and n8n commits its memory): still no execution.
		await waitFor(
			'the first scheduled poll',
			async () => (await pollsSince(publishedAt)) > 0,
			75_000,
			500,
		);
		await new Promise((r) => setTimeout(r, 2000));
		expect(await executions()).toEqual([]);
		const fresh = await open('ACCOUNT_DISCONNECTED', 3);
		await open('DOMAIN_EXPIRING_SOON', 4); // another event: filtered out

		const [execution] = await waitFor(
			'an execution from the scheduled poll',
			async () => {
				const list = await executions();
				return list.length > 0 && list;
			},
			80_000,
			1000,
		).catch(async (error: Error) => {
			// What n8n and the service saw, so a failure here says where it stopped.
			const polls = (
				await admin<Array<{ path: string; status: number }>>(stack.sandbox, 'GET', '/requests')
			).filter((r) => r.path.endsWith('/notifications'));
			const all = await stack.n8n.rest<unknown>(
				'GET',
				`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: WORKFLOW_ID }))}`,
			);
			const log = `${JSON.stringify(all.data).slice(0, 1500)}\n${stack.n8n.output.split('\n').slice(-40).join('\n')}`;
			throw new Error(
				`${error.message}; GET /notifications statuses: ${JSON.stringify(polls.map((r) => r.status))}\n${log}`,
			);
		});
		const full = await stack.n8n.api<Execution>(
			'GET',
			`/executions/${execution.id}?includeData=true`,
		);
		const items =
			full.data.data!.resultData.runData['Deliverability Notification Trigger'][0].data.main[0];
		expect(items.map((i) => [i.json.id, i.json.event, i.json.account_id])).toEqual([
			[fresh.id, 'ACCOUNT_DISCONNECTED', 3],
		]);
		expect(full.data.mode).toBe('trigger');

		const saved = await stack.n8n.rest<{
			staticData?: Record<string, Record<string, { ids: string[] }>>;
		}>('GET', `/workflows/${WORKFLOW_ID}`);
		const memory = Object.values(saved.data.staticData ?? {}).find(
			(v) => v && typeof v === 'object' && 'notificationMemory' in v,
		) as { notificationMemory: { ids: string[] } } | undefined;
		expect(memory?.notificationMemory.ids).toEqual(expect.arrayContaining([String(fresh.id)]));
		expect((await executions()).length).toBe(1);
	});
});
