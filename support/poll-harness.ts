/**
 * A polling trigger in an active workflow, in-process: every poll runs in n8n-core's real PollContext, either as
 * one activation (pollHarness) or the way each of n8n 2.41's poll engines keeps static data between polls
 * (enginePollHarness).
 */
import { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { additionalDataFor, nodeTypesOf, triggerNode, type TestTrigger } from './harness-engine';

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

export interface PollOptions extends TestTrigger {
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
	const node = triggerNode(options, { id: 'poller', name: 'Poller', typeVersion: 1 });
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

export interface EnginePollOptions extends TestTrigger {
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
	const node = triggerNode(options, { id: 'poller-node-id', name: 'Poller', typeVersion: 1 });
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
