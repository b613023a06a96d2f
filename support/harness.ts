/**
 * Runs our nodes through n8n's real engine, in-process: n8n-core's WorkflowExecute executes a workflow
 * (input node → node under test), and `this.helpers.httpRequestWithAuthentication` makes real HTTP calls with the
 * credential's generic `authenticate` applied the way n8n's CredentialsHelper does (support/harness-engine.ts).
 * Triggers: support/trigger-harness.ts (webhook methods and webhook()) and support/poll-harness.ts (polls).
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IRun,
} from 'n8n-workflow';
import { NodeConnectionTypes, Workflow } from 'n8n-workflow';

import { additionalDataFor, nodeTypesOf } from './harness-engine';

/**
 * The tool type n8n generates from `usableAsTool` at load time: the same node with `Tool` appended
 * to its name (n8n also rewires its outputs, which the harness reads as main).
 */
export function asTool(node: INodeType): INodeType {
	return Object.assign(Object.create(node) as INodeType, {
		description: { ...node.description, name: `${node.description.name}Tool` },
	});
}

export interface RunOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	/** Credential data by type, e.g. `{ deliverabilityApi: { apiKey, baseUrl, headerForm } }`. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Input items of the node (default: one empty item). */
	input?: IDataObject[];
	continueOnFail?: boolean;
	typeVersion?: number;
}

export interface RunResult {
	/** Output items of all the node's outputs, in output order ("Completed" then "Not Yet" where there are two). */
	items: INodeExecutionData[];
	/** Output items per output (one list, or "Completed" and "Not Yet"). */
	outputs: INodeExecutionData[][];
	/** The node's error, when the run failed. */
	error?: Error & { description?: string | null; httpCode?: string | null; context?: IDataObject };
	run: IRun;
}

const NODE_NAME = 'Node Under Test';

/** Runs one node of ours (fed by `input`) through WorkflowExecute and returns its output or its error. */
export async function runNode(options: RunOptions): Promise<RunResult> {
	const type = options.nodeType.description.name;
	const credentialNames = Object.keys(options.credentials ?? {});
	const nodes: INode[] = [
		{
			id: 'input',
			name: 'Input',
			type: 'harnessInput',
			typeVersion: 1,
			position: [0, 0],
			parameters: { items: JSON.stringify(options.input ?? [{}]) },
		},
		{
			id: 'under-test',
			name: NODE_NAME,
			type,
			typeVersion: options.typeVersion ?? 1,
			position: [200, 0],
			parameters: options.parameters,
			continueOnFail: options.continueOnFail,
			onError: options.continueOnFail ? 'continueRegularOutput' : undefined,
			credentials: Object.fromEntries(credentialNames.map((n) => [n, { id: '1', name: n }])),
		},
	];
	const workflow = new Workflow({
		id: 'harness',
		name: 'harness',
		nodes,
		connections: {
			Input: { main: [[{ node: NODE_NAME, type: NodeConnectionTypes.Main, index: 0 }]] },
		},
		active: false,
		nodeTypes: nodeTypesOf([options.nodeType]),
		settings: { timezone: 'UTC' },
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'harness-exec', {
		id: 'harness',
		name: 'harness',
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes,
		connections: workflow.connectionsBySourceNode,
		activeVersionId: null,
	});
	const execute = new WorkflowExecute(
		additionalDataFor(options.credentials ?? {}, hooks),
		'manual',
	);
	const run = await execute.run({ workflow, startNode: workflow.getNode('Input') ?? undefined });
	const taskData = run.data.resultData.runData[NODE_NAME]?.[0];
	const error = (taskData?.error ?? run.data.resultData.error) as RunResult['error'];
	const outputs = (taskData?.data?.main ?? []).map((output) => output ?? []);
	return { items: outputs.flat(), outputs, error: error ?? undefined, run };
}
