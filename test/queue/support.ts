/**
 * Shared set-up of the queue-mode suite: per test file one sandbox and one n8n cluster (main + worker + two webhook
 * processors, support/queue-cluster.ts) on a fresh database of the run's Postgres, with the sandbox credentials
 * imported through main's CLI. `queueDescribe` turns into a loud skip when global-setup found no Postgres or Redis.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { startSandbox } from '../../sandbox';
import { CREDENTIAL_IDS, CREDENTIAL_NAMES, sandboxCredentials } from '../../support/examples';
import { Cluster } from '../../support/queue-cluster';
import { postgresAt, type PostgresInfo, type Redis } from '../../support/queue-services';
import { isFinished, type N8n } from '../../support/n8n-process';

import { admin } from '../../support/sandbox-admin';
import { service, waitFor } from '../e2e/support';

export { service, waitFor };

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export interface QueueStack {
	sandbox: Sandbox;
	cluster: Cluster;
	close(): Promise<void>;
}

/** `describe`, or a visibly skipped `describe` when the run has no Postgres/Redis (global-setup says why). */
export const queueDescribe: jest.Describe = process.env.QUEUE_SKIP ? describe.skip : describe;

interface StackOptions {
	/** Short name: the database and queue prefix. */
	name: string;
	/** Runs after credentials are imported and before any process starts (workflow imports). */
	beforeStart?: (main: N8n, sandbox: Sandbox) => Promise<void>;
	env?: Record<string, string>;
	/** How many webhook processors (default 2). */
	webhookProcessors?: number;
	/** The worker's concurrency (default 5). */
	workerConcurrency?: number;
	/** n8n's regular mode on the same Postgres: main alone (see Cluster). */
	regular?: boolean;
	/** The Base URL of the imported credentials (default: the sandbox's own), e.g. a name only a proxy resolves. */
	apiBaseUrl?: (sandbox: Sandbox) => string;
}

/** Closers of every stack being started or running: a start that times out is still torn down by closeStacks(). */
const open = new Set<() => Promise<void>>();

/** Stops every stack of this file (afterAll), including one whose start did not finish. */
export async function closeStacks(): Promise<void> {
	for (const close of [...open]) await close();
}

/** Start-up of a whole cluster on a busy 2-core machine can take minutes: the hook timeout for beforeAll. */
export const START_TIMEOUT_MS = 600000;

export async function startQueueStack({
	name,
	beforeStart,
	env,
	webhookProcessors,
	workerConcurrency,
	regular,
	apiBaseUrl,
}: StackOptions): Promise<QueueStack> {
	const tgz = process.env.E2E_PACKAGE_TGZ;
	if (!tgz || !fs.existsSync(tgz))
		throw new Error('E2E_PACKAGE_TGZ not set: run the suite with `npm run test:queue`');
	const pg = JSON.parse(process.env.QUEUE_PG ?? 'null') as PostgresInfo | null;
	const redisInfo = JSON.parse(process.env.QUEUE_REDIS ?? 'null') as Omit<Redis, 'stop'> | null;
	if (!pg || !redisInfo)
		throw new Error('QUEUE_PG / QUEUE_REDIS not set: run the suite with `npm run test:queue`');
	const sandbox = await startSandbox({ port: 0, smtpPort: 0 });
	const cluster = new Cluster({
		postgres: postgresAt(pg),
		redis: { ...redisInfo, stop: async () => undefined },
		tgz,
		database: `${name}_${Date.now().toString(36)}`,
		env,
		webhookProcessors,
		workerConcurrency,
		regular,
		log: (m) => process.stdout.write(`${m}\n`),
	});
	const close = async () => {
		open.delete(close);
		await cluster.stop();
		await sandbox.close();
	};
	open.add(close);
	try {
		await cluster.prepare();
		await cluster.main.importCredentials(
			sandboxCredentials({
				baseUrl: apiBaseUrl ? apiBaseUrl(sandbox) : sandbox.baseUrl,
				apiKey: sandbox.apiKeys.A,
				smtpPort: sandbox.smtpPort,
			}),
		);
		if (beforeStart) await beforeStart(cluster.main, sandbox);
		await cluster.start();
	} catch (e) {
		await close();
		throw e;
	}
	return { sandbox, cluster, close };
}

export interface Alert {
	id: number;
	hook_url: string | null;
	events: string[];
	active: boolean;
}

export interface Execution {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
}

/** The sandbox's alerts (project A) whose hook URL is this trigger's production webhook. */
export async function triggerAlerts(stack: QueueStack, webhookId: string): Promise<Alert[]> {
	const alerts = await admin<Alert[]>(stack.sandbox, 'GET', '/alerts?project=A');
	return alerts.filter((a) => (a.hook_url ?? '').includes(`/webhook/${webhookId}/`));
}

/** A trigger's production URL on one webhook processor (without the secret query the alert adds). */
export function triggerUrl(on: N8n, webhookId: string): string {
	return `${on.baseUrl}/webhook/${webhookId}/deliverability`;
}

export async function executions(stack: QueueStack, workflowId: string): Promise<Execution[]> {
	const res = await stack.cluster.main.api<{ data: Execution[] }>(
		'GET',
		`/executions?workflowId=${workflowId}&limit=250`,
	);
	if (res.status !== 200) throw new Error(`executions: ${res.status}`);
	return res.data.data;
}

/** Waits until at least `count` executions of the workflow exist and none is still going. */
export async function settled(
	stack: QueueStack,
	workflowId: string,
	count: number,
	timeoutMs = 60000,
	everyMs = 500,
): Promise<Execution[]> {
	return await waitFor(
		`${count} finished execution(s)`,
		async () => {
			const ex = await executions(stack, workflowId);
			return ex.length >= count && ex.every((e) => isFinished(e.status)) && ex;
		},
		timeoutMs,
		everyMs,
	);
}

/** POSTs of the sandbox's request log that paused this account (the auto-pause example's action). */
export async function pauses(stack: QueueStack, accountId: number): Promise<number> {
	const log = await admin<Array<{ method: string; path: string }>>(
		stack.sandbox,
		'GET',
		'/requests',
	);
	return log.filter((r) => r.method === 'POST' && r.path.endsWith(`/accounts/${accountId}`)).length;
}

/** Alive accounts of project A (the auto-pause example pauses them). */
export async function aliveAccounts(stack: QueueStack): Promise<number[]> {
	const list = await service<Array<{ id: number; alive: boolean }>>(
		stack.sandbox,
		'GET',
		'/accounts?per_page=100&page=0',
	);
	return list.filter((a) => a.alive).map((a) => a.id);
}

export interface Answer {
	status: number;
	body: Record<string, unknown>;
}

/** Delivers one copy of an event to one webhook processor, with the registered alert's secret (as the service would). */
export async function deliver(
	stack: QueueStack,
	webhookId: string,
	on: N8n,
	payload: object,
): Promise<Answer> {
	const [alert] = await triggerAlerts(stack, webhookId);
	if (!alert) throw new Error('no alert registered for this trigger');
	const res = await fetch(`${triggerUrl(on, webhookId)}${new URL(alert.hook_url!).search}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(payload),
	});
	const text = await res.text();
	let body: Record<string, unknown>;
	try {
		body = JSON.parse(text) as Record<string, unknown>;
	} catch {
		body = { text };
	}
	return { status: res.status, body };
}

/** The lines an n8n process printed that report the start of an execution on a worker. */
export function workerStarts(output: string): string[] {
	return output.split('\n').filter((l) => /Worker started execution \d+/.test(l));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stable uuid made from a seed: node and webhook ids of the workflows below, the same in every run. */
function uuidOf(seed: string): string {
	const h = createHash('sha1').update(seed).digest('hex');
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface WebhookActionSpec {
	id: string;
	name: string;
	/** The production webhook's path (POST). */
	path: string;
	/** 'onReceived': n8n answers at once; 'lastNode': with the action's output, once it ran. */
	respond: 'onReceived' | 'lastNode';
	/** The Deliverability node's name and parameters (it uses the sandbox credential). */
	action: { name: string; parameters: Record<string, unknown> };
}

/** n8n's Webhook node → one Deliverability node: a run that a POST starts and a worker executes. */
export function webhookToAction({
	id,
	name,
	path,
	respond,
	action,
}: WebhookActionSpec): { id: string; name: string } & Record<string, unknown> {
	return {
		id,
		name,
		nodes: [
			{
				parameters: { httpMethod: 'POST', path, responseMode: respond, options: {} },
				id: uuidOf(`${id} webhook`),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: uuidOf(`${id} webhook id`),
			},
			{
				parameters: action.parameters,
				id: uuidOf(`${id} action`),
				name: action.name,
				type: 'n8n-nodes-deliverability.deliverability',
				typeVersion: 1,
				position: [240, 0],
				credentials: {
					deliverabilityApi: {
						id: CREDENTIAL_IDS.deliverability,
						name: CREDENTIAL_NAMES.deliverability,
					},
				},
			},
		],
		connections: { Webhook: { main: [[{ node: action.name, type: 'main', index: 0 }]] } },
		active: false,
		settings: { executionOrder: 'v1' },
	};
}

/**
 * Webhook → Deliverability: Account → Get of the body's `account_id`, answering with the account once it ran (on the
 * worker).
 */
export function getAccountThroughWebhook(
	spec: Pick<WebhookActionSpec, 'id' | 'name' | 'path'>,
): ReturnType<typeof webhookToAction> {
	return webhookToAction({
		...spec,
		respond: 'lastNode',
		action: {
			name: 'Get the account',
			parameters: {
				resource: 'account',
				operation: 'get',
				accountId: { __rl: true, mode: 'id', value: '={{ $json.body.account_id }}' },
			},
		},
	});
}
