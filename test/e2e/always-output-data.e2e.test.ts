/**
 * Always Output Data on the operations with "Completed" / "Not Yet", in a real n8n (the current runtime and the lowest):
 * with the setting on and every item still running, each of the five operations puts its items on Not Yet, and n8n
 * adds one empty item ({}) on Completed (ensureAlwaysOutputData fills output 0 whatever output 1 holds), so the node
 * after Completed runs once on it. An operation of this node after Completed that reads its id from the item refuses
 * that empty item before any request, naming Always Output Data. On 2.x, n8n's 3.0 readiness report names the workflow
 * under the rule for that setting.
 */
import { admin } from '../../support/sandbox-admin';
import {
	CREDENTIAL_IDS,
	MANUAL_START,
	nodeOutput,
	service,
	startStack,
	type Stack,
} from './support';

const WORKFLOW_ID = 'DlvAlwaysOutData';
const credentials = {
	deliverabilityApi: { id: CREDENTIAL_IDS.deliverability, name: 'Deliverability sandbox' },
};

/** The five operations with two outputs, each set up so that its one item is still running (Not Yet). */
function operations(ids: { publicId: string; taskId: number; workspaceId: number }) {
	const rl = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
	return {
		'Spam Test Get': { resource: 'spamTest', operation: 'get', publicId: rl(ids.publicId) },
		'Task Get': { resource: 'task', operation: 'get', taskId: rl(ids.taskId) },
		'Account Batch': {
			resource: 'account',
			operation: 'batch',
			accountIds: '5',
			action: 'suspend',
		},
		'Account Reconnect': { resource: 'account', operation: 'reconnect', accountId: rl(7) },
		'Import Mailboxes': {
			resource: 'emailWorkspace',
			operation: 'importAccounts',
			emailWorkspaceId: rl(ids.workspaceId),
			accounts: ['a', 'b', 'c', 'd', 'e'].map((x) => `${x}@slow.example`).join(', '),
		},
	};
}

function workflow(ops: ReturnType<typeof operations>): object {
	const names = Object.keys(ops);
	const nodes: object[] = [
		MANUAL_START,
		...names.flatMap((name, i) => [
			{
				id: `op-${i}`,
				name,
				type: 'n8n-nodes-deliverability.deliverability',
				typeVersion: 1,
				position: [220, i * 200],
				parameters: ops[name as keyof typeof ops],
				credentials,
				alwaysOutputData: true,
			},
			{
				id: `after-${i}`,
				name: `After ${name}`,
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [440, i * 200],
				parameters: {},
			},
		]),
		{
			id: 'pause',
			name: 'Pause after Completed',
			type: 'n8n-nodes-deliverability.deliverability',
			typeVersion: 1,
			position: [440, -200],
			parameters: {
				resource: 'account',
				operation: 'pause',
				accountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			},
			credentials,
			onError: 'continueRegularOutput',
		},
	];
	const main = (to: string[]) => [to.map((node) => ({ node, type: 'main', index: 0 })), []];
	const connections: Record<string, object> = {
		Start: { main: [names.map((node) => ({ node, type: 'main', index: 0 }))] },
		...Object.fromEntries(names.map((name) => [name, { main: main([`After ${name}`]) }])),
	};
	connections['Spam Test Get'] = {
		main: main(['After Spam Test Get', 'Pause after Completed']),
	};
	return {
		id: WORKFLOW_ID,
		name: 'Always Output Data on Completed / Not Yet',
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

let stack: Stack;
let names: string[];

beforeAll(async () => {
	stack = await startStack({
		beforeStart: async (n8n, sandbox) => {
			const test = await service<{ public_id: string }>(sandbox, 'POST', '/spam_tests', {
				seedlist: 2,
			});
			const task = await service<{ id: number }>(sandbox, 'POST', '/accounts/batch', {
				account_ids: [4],
				action: 'suspend',
			});
			const workspace = await service<{ id: number }>(sandbox, 'POST', '/email_workspaces', {
				name: 'Sales',
				file_key_json: {
					type: 'service_account',
					project_id: 'example-project',
					private_key_id: 'dummy-key-id',
					private_key: '-----BEGIN PRIVATE KEY-----\nMIIEdummy\n-----END PRIVATE KEY-----\n',
					client_email: 'importer@example-project.iam.gserviceaccount.com',
				},
			});
			const ops = operations({
				publicId: test.public_id,
				taskId: task.id,
				workspaceId: workspace.id,
			});
			names = Object.keys(ops);
			await n8n.importWorkflows(workflow(ops));
		},
	});
});

afterAll(async () => {
	await stack?.close();
});

describe('Always Output Data on an operation with Completed / Not Yet, every item still running', () => {
	it('each operation puts its item on Not Yet and n8n adds one empty item on Completed; what follows runs on it', async () => {
		await admin(stack.sandbox, 'DELETE', '/requests');
		const result = await stack.n8n.execute(WORKFLOW_ID);
		expect(result.data.resultData.error).toBeUndefined();
		const seen = names.map((name) => ({
			name,
			completed: nodeOutput(result, name, 0),
			notYet: nodeOutput(result, name, 1).length,
			after: nodeOutput(result, `After ${name}`),
		}));
		expect(seen).toEqual(names.map((name) => ({ name, completed: [{}], notYet: 1, after: [{}] })));

		// The Pause after Completed reads {{ $json.id }} from the empty item: refused, naming the setting, nothing sent.
		const [refused] = nodeOutput(result, 'Pause after Completed');
		expect(refused.error).toMatch(/from an empty input item$/);
		expect(refused.description).toMatch(/Always Output Data/);
		const requests = await admin<Array<{ method: string; path: string }>>(
			stack.sandbox,
			'GET',
			'/requests',
		);
		expect(requests.filter((r) => r.method === 'POST' && /\/accounts\/\d+$/.test(r.path))).toEqual(
			[],
		);
	});

	// n8n 2.x ships its 3.0 readiness report (1.x has none): its rule names this workflow for the setting on our node.
	(process.env.N8N_RUNTIME === 'lowest' ? it.skip : it)(
		"n8n's 3.0 report names the workflow under always-output-data-multi-output-v3",
		async () => {
			const res = await stack.n8n.rest<{
				report: { workflowResults: Array<{ ruleId: string; nbAffectedWorkflows: number }> };
			}>('POST', '/breaking-changes/report/refresh?version=v3');
			expect(res.status).toBe(200);
			expect(res.data.report.workflowResults).toContainEqual(
				expect.objectContaining({
					ruleId: 'always-output-data-multi-output-v3',
					nbAffectedWorkflows: 1,
				}),
			);
		},
	);
});
