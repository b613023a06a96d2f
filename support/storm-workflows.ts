/**
 * The two sides of an alert storm (support/storm.ts): the auto-pause example as shipped, and the control, n8n's core
 * Webhook node → the same Pause node.
 */
import { loadExamples } from './examples';

export const CONTROL_ID = 'StormControlWf001';
export const CONTROL_PATH = 'storm-control';

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	webhookId?: string;
	[key: string]: unknown;
}

export interface Workflow {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

/** The auto-pause example as shipped, its dry run off (it pauses). */
export function autoPauseExample(): Workflow {
	const example = loadExamples({ dryRun: false }).find(
		(e) => e.file === 'auto-pause-on-disconnect.json',
	);
	if (!example) throw new Error('examples/auto-pause-on-disconnect.json not found');
	return example.workflow as unknown as Workflow;
}

/** The example's action node (Pause the mailbox) and its trigger. */
export function exampleParts(example = autoPauseExample()): {
	trigger: WorkflowNode;
	pause: WorkflowNode;
} {
	const trigger = example.nodes.find((n) => n.type.endsWith('.deliverabilityAlertTrigger'));
	const pause = example.nodes.find((n) => n.type.endsWith('.deliverability'));
	if (!trigger || !pause)
		throw new Error('the auto-pause example lost its trigger or its Pause node');
	return { trigger, pause };
}

/** n8n's core Webhook node (POST, answer on receipt) → the example's Pause node, reading the body's account_id. */
export function controlWorkflow(): Workflow {
	const { pause } = exampleParts();
	return {
		id: CONTROL_ID,
		name: 'Storm control: core Webhook → Pause the mailbox',
		nodes: [
			{
				parameters: {
					httpMethod: 'POST',
					path: CONTROL_PATH,
					responseMode: 'onReceived',
					options: {},
				},
				id: '0b6f5d8e-9a4c-4e1b-8c2d-5f7a9b1c3d01',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '0b6f5d8e-9a4c-4e1b-8c2d-5f7a9b1c3d02',
			},
			{
				...pause,
				id: '0b6f5d8e-9a4c-4e1b-8c2d-5f7a9b1c3d03',
				parameters: {
					...pause.parameters,
					accountId: { __rl: true, mode: 'id', value: '={{ $json.body.account_id }}' },
				},
				position: [240, 0],
			},
		],
		connections: { Webhook: { main: [[{ node: pause.name, type: 'main', index: 0 }]] } },
		active: false,
		settings: { executionOrder: 'v1' },
	};
}
