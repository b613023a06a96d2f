/**
 * A trigger node in an active workflow, in-process: its webhook methods run in n8n-core's HookContext, its
 * webhook() in a WebhookContext with a fake request and response, its pickers in a LoadOptionsContext.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { HookContext, LoadOptionsContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodePropertyOptions,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import { additionalDataFor, nodeTypesOf, triggerNode, type TestTrigger } from './harness-engine';

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

interface HookOptions extends TestTrigger {
	/** Production webhook base (n8n's WEBHOOK_URL + 'webhook'). */
	webhookBaseUrl?: string;
	webhookId?: string;
	staticData?: IDataObject;
}

/** A trigger node in an active workflow: its webhook lifecycle and webhook() run in n8n-core's real contexts. */
export function triggerHarness(options: HookOptions): HookHarness {
	const node = triggerNode(options, {
		id: 'trigger',
		name: 'Trigger',
		// The node's newest version, as the editor places it.
		typeVersion: [options.nodeType.description.version].flat().reduce((a, b) => Math.max(a, b)),
		webhookId: options.webhookId ?? 'harness-webhook-id',
	});
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
