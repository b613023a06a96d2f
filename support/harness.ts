/**
 * Runs our nodes through n8n's real engine, in-process: n8n-core's WorkflowExecute executes a workflow
 * (input node → node under test), and `this.helpers.httpRequestWithAuthentication` makes real HTTP calls with the
 * credential's generic `authenticate` applied the way n8n's CredentialsHelper does (expressions resolved by the
 * workflow's expression engine). Triggers get their webhook methods and webhook() through n8n-core's HookContext and
 * WebhookContext.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import {
	ExecutionLifecycleHooks,
	HookContext,
	LoadOptionsContext,
	PollContext,
	WebhookContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeConnectionTypes, Workflow, createRunExecutionData } from 'n8n-workflow';

import { DeliverabilityApi } from '../credentials/DeliverabilityApi.credentials';
import { DeliverabilityGoogleWorkspaceKeyApi } from '../credentials/DeliverabilityGoogleWorkspaceKeyApi.credentials';
import { DeliverabilityMailboxApi } from '../credentials/DeliverabilityMailboxApi.credentials';
import { DeliverabilityOutlookAppApi } from '../credentials/DeliverabilityOutlookAppApi.credentials';

const CREDENTIAL_TYPES: Record<string, ICredentialType> = Object.fromEntries(
	[
		new DeliverabilityApi(),
		new DeliverabilityGoogleWorkspaceKeyApi(),
		new DeliverabilityMailboxApi(),
		new DeliverabilityOutlookAppApi(),
	].map((t) => [t.name, t]),
);

/** A start node that emits the items given in its `items` parameter (the input of the node under test). */
class HarnessInput implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Harness Input',
		name: 'harnessInput',
		group: ['input'],
		version: 1,
		description: 'Test-only',
		defaults: { name: 'Input' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[{}]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string;
		const items = JSON.parse(raw) as IDataObject[];
		return [items.map((json) => ({ json }))];
	}
}

function nodeTypesOf(types: INodeType[]): INodeTypes {
	const byName: Record<string, INodeType> = { harnessInput: new HarnessInput() };
	for (const t of types) byName[t.description.name] = t;
	return {
		getByName: (name: string) => byName[name] as INodeType | IVersionedNodeType,
		getByNameAndVersion: (name: string) => byName[name],
		getKnownTypes: () => ({}),
	};
}

/** The part of n8n's CredentialsHelper our nodes use: decrypted data, and generic `authenticate` applied. */
function credentialsHelper(credentials: Record<string, ICredentialDataDecryptedObject>) {
	return {
		getParentTypes: (type: string) => CREDENTIAL_TYPES[type]?.extends ?? [],
		isCredentialUsableByNode: () => true,
		// As n8n's: a credential that extends another has that one's fields first, then its own.
		getCredentialsProperties: (type: string) =>
			[...(CREDENTIAL_TYPES[type]?.extends ?? []), type].flatMap(
				(name) => CREDENTIAL_TYPES[name]?.properties ?? [],
			),
		async getDecrypted(_additionalData: unknown, nodeCredentials: { name: string }, type: string) {
			const data = credentials[type];
			if (!data)
				throw new Error(`harness: no credentials of type ${type} (${nodeCredentials.name})`);
			return { ...data };
		},
		async authenticate(
			data: ICredentialDataDecryptedObject,
			type: string,
			requestOptions: IHttpRequestOptions,
			workflow: Workflow,
			node: INode,
		): Promise<IHttpRequestOptions> {
			const authenticate = CREDENTIAL_TYPES[type]?.authenticate;
			if (!authenticate || typeof authenticate === 'function' || authenticate.type !== 'generic')
				return requestOptions;
			const resolve = (value: string) =>
				value.startsWith('=')
					? String(
							workflow.expression.getSimpleParameterValue(
								node,
								value,
								'internal',
								{ $credentials: data },
								undefined,
								'',
							),
						)
					: value;
			const options = requestOptions as unknown as Record<
				string,
				Record<string, string> | undefined
			>;
			for (const [section, entries] of Object.entries(authenticate.properties)) {
				options[section] = { ...(options[section] ?? {}) };
				for (const [key, value] of Object.entries(entries as Record<string, string>))
					options[section]![resolve(key)] = resolve(value);
			}
			return requestOptions;
		},
		async preAuthentication() {
			return undefined;
		},
		async runPreAuthentication() {
			return undefined;
		},
		async getCredentials() {
			throw new Error('harness: getCredentials is not supported');
		},
		async updateCredentials() {},
		async updateCredentialsOauthTokenData() {},
	};
}

function additionalDataFor(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	hooks?: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: credentialsHelper(credentials),
		hooks,
		executeWorkflow: async () => {
			throw new Error('harness: sub-workflows are not supported');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		logAiEvent: () => undefined,
		startRunnerTask: async () => {
			throw new Error('harness: task runners are not supported');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

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

export interface HookHarness {
	workflow: Workflow;
	node: INode;
	/** The node's static data, as n8n keeps it between activation, webhook calls and deactivation. */
	staticData: IDataObject;
	checkExists(): Promise<boolean>;
	create(): Promise<boolean>;
	delete(): Promise<boolean>;
	/** Runs one of the node's `methods.loadOptions` in n8n-core's LoadOptionsContext (what the editor's pickers call). */
	loadOptions(method: string): Promise<INodePropertyOptions[]>;
	/**
	 * Calls the trigger's webhook() with a fake request/response carrying this body, query and headers. When it
	 * returns a run without answering, the answer is n8n 2's for `responseMode: 'onReceived'`: once the run was
	 * created (`runCreated`, default: a few milliseconds later and successfully), the node's `webhookResponse` with
	 * 200; when creating it failed, n8n's 500. `unread`: a body n8n did not parse (a content type it does not
	 * know, or none): the request then has no body but n8n's `readRawBody()`, which reads this text.
	 */
	webhook(request: {
		body?: unknown;
		unread?: string;
		query?: IDataObject;
		headers?: IDataObject;
		runCreated?: () => Promise<boolean>;
	}): Promise<IWebhookResponseData & { status?: number; sent?: unknown; answeredAt?: number }>;
}

interface HookOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** Production webhook base (n8n's WEBHOOK_URL + 'webhook'). */
	webhookBaseUrl?: string;
	webhookId?: string;
	staticData?: IDataObject;
}

/** A trigger node in an active workflow: its webhook lifecycle and webhook() run in n8n-core's real contexts. */
export function triggerHarness(options: HookOptions): HookHarness {
	const type = options.nodeType.description.name;
	const node: INode = {
		id: 'trigger',
		name: 'Trigger',
		type,
		// The node's newest version, as the editor places it.
		typeVersion: [options.nodeType.description.version].flat().reduce((a, b) => Math.max(a, b)),
		position: [0, 0],
		webhookId: options.webhookId ?? 'harness-webhook-id',
		parameters: options.parameters,
		credentials: Object.fromEntries(
			Object.keys(options.credentials).map((n) => [n, { id: '1', name: n }]),
		),
	};
	// One workflow per webhook id, as in n8n: anything keyed by workflow + node stays apart between harnesses.
	const workflow = new Workflow({
		id: `harness-trigger-${String(node.webhookId)}`,
		name: 'harness trigger',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: nodeTypesOf([options.nodeType]),
		staticData: options.staticData ?? {},
		settings: { timezone: 'UTC' },
	});
	const additionalData = additionalDataFor(options.credentials);
	if (options.webhookBaseUrl)
		(additionalData as { webhookBaseUrl: string }).webhookBaseUrl = options.webhookBaseUrl;
	const webhookDescription = options.nodeType.description.webhooks?.[0];
	const webhookData = {
		httpMethod: webhookDescription?.httpMethod ?? 'POST',
		node: node.name,
		path: String(webhookDescription?.path ?? 'webhook'),
		webhookDescription,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
		webhookId: node.webhookId,
	} as unknown as IWebhookData;

	const lifecycle = async (
		method: 'checkExists' | 'create' | 'delete',
		activation: WorkflowActivateMode,
	) => {
		const context = new HookContext(
			workflow,
			node,
			additionalData,
			'trigger',
			activation,
			webhookData,
		);
		const methods = options.nodeType.webhookMethods?.default;
		if (!methods) throw new Error('harness: the node has no webhookMethods.default');
		return await methods[method].call(context);
	};

	return {
		workflow,
		node,
		get staticData() {
			return workflow.getStaticData('node', node) as IDataObject;
		},
		checkExists: async () => await lifecycle('checkExists', 'activate'),
		create: async () => await lifecycle('create', 'activate'),
		delete: async () => await lifecycle('delete', 'activate'),
		async loadOptions(method) {
			const load = options.nodeType.methods?.loadOptions?.[method];
			if (!load) throw new Error(`harness: the node has no loadOptions method ${method}`);
			return await load.call(new LoadOptionsContext(workflow, node, additionalData, ''));
		},
		async webhook(request) {
			const headers =
				request.unread === undefined
					? { 'content-type': 'application/json', ...(request.headers ?? {}) }
					: (request.headers ?? {});
			const req: Record<string, unknown> = {
				body: request.body,
				query: request.query ?? {},
				headers,
				params: {},
				method: 'POST',
			};
			if (request.unread !== undefined) {
				const text = request.unread;
				req.readRawBody = async () => {
					req.rawBody = Buffer.from(text, 'utf8');
				};
			}
			let status: number | undefined;
			let sent: unknown;
			/** When the answer was written (performance.now()): webhook() may return later than that. */
			let answeredAt: number | undefined;
			// Like express: json() ends the response through the object's own end(), which a node may wrap.
			const res = {
				statusCode: 200,
				status(code: number) {
					status = code;
					res.statusCode = code;
					return res;
				},
				json(body: unknown) {
					sent = body;
					answeredAt = performance.now();
					res.end();
					return res;
				},
				send(body: unknown) {
					sent = body;
					return res;
				},
				end(body?: unknown) {
					if (body !== undefined) sent = body;
					return res;
				},
				setHeader: () => res,
				writeHead(code: number) {
					status = code;
					res.statusCode = code;
					return res;
				},
			};
			const data = {
				...additionalData,
				httpRequest: req as unknown as IncomingMessage,
				httpResponse: res as unknown as ServerResponse,
			} as IWorkflowExecuteAdditionalData;
			const context = new WebhookContext(
				workflow,
				node,
				data,
				'trigger',
				webhookData,
				[],
				createRunExecutionData(),
			);
			if (!options.nodeType.webhook) throw new Error('harness: the node has no webhook()');
			const answer = await options.nodeType.webhook.call(context);
			if (!answer.noWebhookResponse && answer.workflowData) {
				// n8n 2.41 creating the run (workflow-runner.js): it first wraps the same static data in another
				// Workflow, which clears the "changed" mark of what webhook() wrote, then inserts the execution.
				new Workflow({
					id: workflow.id,
					nodes: [node],
					connections: {},
					active: true,
					nodeTypes: nodeTypesOf([options.nodeType]),
					staticData: workflow.staticData,
				});
				await new Promise((r) => setTimeout(r, 3));
				if (await (request.runCreated?.() ?? Promise.resolve(true)))
					res.status(200).json(answer.webhookResponse ?? { message: 'Workflow was started' });
				else res.status(500).json({ message: 'There was a problem executing the workflow' });
			}
			return { ...answer, status, sent, answeredAt };
		},
	};
}

export interface PollHarness {
	workflow: Workflow;
	node: INode;
	/** The node's static data, live (as n8n keeps it in memory between the polls of one activation). */
	readonly staticData: IDataObject;
	/** The workflow's static data as n8n would save it to the database now (a deep copy). */
	saved(): IDataObject;
	/** One scheduled poll of the current activation (n8n reuses one PollContext for all of them). */
	poll(): Promise<INodeExecutionData[][] | null>;
	/** "Fetch Test Event" in the editor: a poll in manual mode, with its own context. */
	fetchTestEvent(): Promise<INodeExecutionData[][] | null>;
}

export interface PollOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** How this activation came about: 'activate' (published by the user), 'init' (n8n started), 'update', … */
	activation?: WorkflowActivateMode;
	/** Static data the workflow was loaded with (e.g. what an earlier process saved). */
	staticData?: IDataObject;
	/** The workflow id: the same id across a simulated restart. */
	workflowId?: string;
	/** The poll's time limit n8n gives (getPollBudgetMs; n8n-core's default otherwise: 5 min). */
	budgetMs?: number;
}

/** A polling trigger in an active workflow: every poll runs in n8n-core's real PollContext. */
export function pollHarness(options: PollOptions): PollHarness {
	const type = options.nodeType.description.name;
	const node: INode = {
		id: 'poller',
		name: 'Poller',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: Object.fromEntries(
			Object.keys(options.credentials).map((n) => [n, { id: '1', name: n }]),
		),
	};
	const workflow = new Workflow({
		id: options.workflowId ?? 'harness-poll',
		name: 'harness poll',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: nodeTypesOf([options.nodeType]),
		staticData: options.staticData
			? (JSON.parse(JSON.stringify(options.staticData)) as IDataObject)
			: {},
		settings: { timezone: 'UTC' },
	});
	const additionalData = additionalDataFor(options.credentials);
	const budget = options.budgetMs;
	const contextFor = (mode: WorkflowExecuteMode) =>
		new PollContext(
			workflow,
			node,
			additionalData,
			mode,
			options.activation ?? 'activate',
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
			budget === undefined ? undefined : () => budget,
		);
	const run = async (context: PollContext) => {
		if (!options.nodeType.poll) throw new Error('harness: the node has no poll()');
		return await options.nodeType.poll.call(context);
	};
	const activation = contextFor('trigger');
	return {
		workflow,
		node,
		get staticData() {
			return workflow.getStaticData('node', node) as IDataObject;
		},
		saved: () => JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject,
		poll: async () => await run(activation),
		fetchTestEvent: async () => await run(contextFor('manual')),
	};
}

/**
 * How n8n 2.41 runs a poll trigger, and so where the node's static data lives between polls (read from n8n's
 * code: workflow-trigger-activator, active-workflow-triggers, poll-trigger-task-handler,
 * trigger-execution-context.factory, poll-cursor.service):
 * - `legacy` (default): publishing builds ONE poll context (activation "activate") that runs a test poll and then
 *   every scheduled poll, on one in-memory copy of the workflow's static data; n8n saves that copy after activating
 *   and when a poll starts an execution. A start-up builds a new context ("init") whose first poll is a test poll too.
 * - `scheduler` (N8N_SCHEDULER_ENABLED + N8N_SCHEDULER_POLL_TRIGGERS_ENABLED): the test poll on publish as above;
 *   every scheduled poll gets a NEW context ("update") built from the saved static data, saved again only when the
 *   poll starts an execution.
 * - `durable` (+ N8N_POLLER_DURABLE_CURSORS_ENABLED): the node's static data is a staged copy of a `poller_state`
 *   row (created from the node's static data the first time), committed with the execution a poll starts or alone
 *   when it emits nothing; the test poll's copy is never committed; the row outlives an unpublish. The workflow's
 *   global static data is saved after activating, as in the others.
 */
export type PollEngine = 'legacy' | 'scheduler' | 'durable';

export interface EnginePollOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	engine: PollEngine;
}

export interface EnginePollHarness {
	/** What n8n has stored: the workflow's static data and the poller_state row (durable only). */
	readonly stored: { staticData: IDataObject; pollerState?: IDataObject };
	/** The user publishes: the activation's test poll (its result, as n8n would emit it). */
	publish(): Promise<INodeExecutionData[][] | null>;
	/** The user unpublishes: no more polls (n8n keeps the static data, and the poller_state row). */
	unpublish(): void;
	/** n8n restarts with the workflow published (legacy: a new context whose first poll is a test poll). */
	restart(): Promise<INodeExecutionData[][] | null>;
	/** One scheduled poll, with what n8n stores after it. */
	poll(): Promise<INodeExecutionData[][] | null>;
	/** A scheduled poll during which n8n is killed: the node ran, nothing of it reached the database. */
	killedDuringPoll(): Promise<void>;
	/** Scheduled polls claimed together (overdue ones after a restart): each from what was stored before any ran. */
	pollsAtOnce(count: number): Promise<Array<INodeExecutionData[][] | null>>;
}

export function enginePollHarness(options: EnginePollOptions): EnginePollHarness {
	const node: INode = {
		id: 'poller-node-id',
		name: 'Poller',
		type: options.nodeType.description.name,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: Object.fromEntries(
			Object.keys(options.credentials).map((n) => [n, { id: '1', name: n }]),
		),
	};
	const nodeTypes = nodeTypesOf([options.nodeType]);
	const additionalData = additionalDataFor(options.credentials);
	const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
	const stored: { staticData: IDataObject; pollerState?: IDataObject } = { staticData: {} };
	const workflowFromDb = () =>
		new Workflow({
			id: 'engine-poll',
			name: 'engine poll',
			nodes: [copy(node)],
			connections: {},
			active: true,
			nodeTypes,
			staticData: copy(stored.staticData),
			settings: { timezone: 'UTC' },
		});
	const nodeKey = `node:${node.name}`;
	/** n8n's saveStaticData: the whole static data of that workflow object, when it changed. */
	const save = (workflow: Workflow) => {
		stored.staticData = copy(workflow.staticData);
	};
	let published = false;
	/** Legacy: the activation's one context, reused by every poll. */
	let activation: { workflow: Workflow; context: PollContext } | undefined;

	const run = async (
		mode: WorkflowActivateMode,
		kind: 'test' | 'scheduled' | 'killed',
	): Promise<INodeExecutionData[][] | null> => {
		if (!options.nodeType.poll) throw new Error('harness: the node has no poll()');
		if (options.engine === 'legacy') {
			if (kind !== 'test' && !activation) throw new Error('harness: restart n8n first');
			if (kind === 'test' || !activation) {
				const workflow = workflowFromDb();
				activation = {
					workflow,
					context: new PollContext(
						workflow,
						workflow.getNode(node.name)!,
						additionalData,
						'trigger',
						mode,
					),
				};
			}
			const { workflow, context } = activation;
			const result = await options.nodeType.poll.call(context);
			if (kind === 'killed') {
				// The process is gone, and with it the copy in memory.
				activation = undefined;
				return null;
			}
			if (kind === 'test' || result !== null) save(workflow);
			return result;
		}
		const workflow = workflowFromDb();
		const target = workflow.getNode(node.name)!;
		let staged: IDataObject | undefined;
		if (options.engine === 'durable') {
			stored.pollerState ??= copy((stored.staticData[nodeKey] as IDataObject | undefined) ?? {});
			staged = copy(stored.pollerState);
		}
		const context = new PollContext(
			workflow,
			target,
			additionalData,
			'trigger',
			kind === 'test' ? mode : 'update',
			undefined,
			undefined,
			undefined,
			undefined,
			staged ? () => staged : undefined,
		);
		const result = await options.nodeType.poll.call(context);
		if (kind === 'killed') return null;
		if (kind === 'test') {
			save(workflow);
			return result;
		}
		if (staged) stored.pollerState = copy(staged);
		if (result !== null) save(workflow);
		return result;
	};

	return {
		stored,
		publish: async () => {
			published = true;
			return await run('activate', 'test');
		},
		unpublish: () => {
			published = false;
			activation = undefined;
		},
		restart: async () => {
			activation = undefined;
			if (!published) return null;
			// Legacy re-activates with a test poll; the scheduler keeps its jobs and just polls on.
			return options.engine === 'legacy' ? await run('init', 'test') : null;
		},
		poll: async () => {
			if (!published) throw new Error('harness: not published');
			return await run('activate', 'scheduled');
		},
		killedDuringPoll: async () => {
			await run('activate', 'killed');
		},
		pollsAtOnce: async (count) => {
			if (options.engine === 'legacy') throw new Error('harness: legacy polling has one context');
			return await Promise.all(
				Array.from({ length: count }, async () => await run('update', 'scheduled')),
			);
		},
	};
}
