/**
 * The trigger in n8n-core's HookContext / WebhookContext, pointed at the test file's sandbox. Each test gets a node of
 * its own (a fresh webhook id, as n8n gives every trigger node), so tests share one sandbox without a reset between
 * them (a reset re-seeds the sandbox, which takes seconds under jest) and only ever see their own alerts.
 */
import { randomUUID } from 'node:crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DeliverabilityAlertTrigger } from '../../nodes/DeliverabilityAlertTrigger/DeliverabilityAlertTrigger.node';
import { queryParam } from '../../nodes/DeliverabilityAlertTrigger/hookUrl';
import { verify } from '../../nodes/DeliverabilityAlertTrigger/secret';
import { triggerHarness, type HookHarness } from '../../support/trigger-harness';
import { useSandbox, type NodeTestContext } from '../nodes/context';
import type { Alert } from '../../sandbox/resources';

/** n8n's production webhook base (WEBHOOK_URL + 'webhook') in these tests. */
export const WEBHOOK_BASE = 'http://127.0.0.1:5678/webhook';

let currentWebhookId: string = randomUUID();

/** Call in beforeEach: the next test's trigger node gets a new webhook id. */
export function nextWebhookId(): string {
	currentWebhookId = randomUUID();
	return currentWebhookId;
}

/** The webhook id of the current test's trigger node. */
export function webhookId(): string {
	return currentWebhookId;
}

/**
 * The test file's sandbox, shared by its tests without a reset: before each test a node of its own (a fresh webhook
 * id) and, with `clearRequests`, an empty request log, so a test sees only its own alerts and requests.
 */
export function useTriggerSandbox(options: { clearRequests?: boolean } = {}): NodeTestContext {
	const ctx = useSandbox({ resetEachTest: false });
	beforeEach(async () => {
		nextWebhookId();
		if (options.clearRequests) await ctx.clearRequests();
	});
	return ctx;
}

export interface TriggerOptions {
	parameters?: INodeParameters;
	/** The workflow's whole static data (as n8n stores it), e.g. a copy of another harness's. */
	staticData?: IDataObject;
	webhookBaseUrl?: string;
	webhookId?: string;
	apiKey?: string;
}

export function trigger(ctx: NodeTestContext, options: TriggerOptions = {}): HookHarness {
	return triggerHarness({
		nodeType: new DeliverabilityAlertTrigger(),
		parameters: {
			events: ['ACCOUNT_DISCONNECTED'],
			customEvents: '',
			options: {},
			...(options.parameters ?? {}),
		},
		credentials: {
			deliverabilityApi: {
				apiKey: options.apiKey ?? ctx.sandbox.apiKeys.A,
				baseUrl: ctx.sandbox.baseUrl,
				headerForm: 'bearer',
			},
		},
		webhookBaseUrl: options.webhookBaseUrl ?? WEBHOOK_BASE,
		webhookId: options.webhookId ?? currentWebhookId,
		staticData: options.staticData,
	});
}

/** What n8n does on activation: checkExists, then create when it answered false. */
export async function activate(h: HookHarness): Promise<'adopted' | 'created'> {
	if (await h.checkExists()) return 'adopted';
	expect(await h.create()).toBe(true);
	return 'created';
}

/** A copy of the workflow's static data, as n8n would load it from its database after a restart. */
export function savedStaticData(h: HookHarness): IDataObject {
	return JSON.parse(JSON.stringify(h.workflow.staticData)) as IDataObject;
}

/** An alert as the sandbox's API answers it (its store record without the owning project). */
type SandboxAlert = Omit<Alert, 'project'>;

/** Every alert of project A, straight from the sandbox's API. */
export async function allAlerts(ctx: NodeTestContext): Promise<SandboxAlert[]> {
	const { status, data } = await ctx.api<SandboxAlert[]>('GET', '/alerts');
	expect(status).toBe(200);
	return data;
}

/**
 * Makes the sandbox answer the next request to this route in a misbehaving way (admin /answers, kinds in
 * sandbox/misbehave.ts); `perform: false` also leaves the request undone.
 */
export async function answerNextWith(
	ctx: NodeTestContext,
	kind: string,
	method: string,
	path: string,
	options: { perform?: boolean } = {},
): Promise<void> {
	await ctx.admin('POST', '/answers', { kind, method, path, count: 1, ...options });
}

/** A page of project A's automated tests, straight from the sandbox's API (25 a page). */
export async function automatedTests(
	ctx: NodeTestContext,
	page = 0,
): Promise<Array<{ id: number; subject?: string }>> {
	const { status, data } = await ctx.api<Array<{ id: number; subject?: string }>>(
		'GET',
		'/automated_tests',
		undefined,
		{ page },
	);
	expect(status).toBe(200);
	return data;
}

/** The alerts of project A that point at the current test's node (any base URL, any query). */
export async function alerts(ctx: NodeTestContext): Promise<SandboxAlert[]> {
	return (await allAlerts(ctx)).filter((a) => (a.hook_url ?? '').includes(`/${currentWebhookId}/`));
}

/** The production URL n8n gives this node: <webhook base>/<webhookId>/<path>. */
export function productionUrl(webhookBaseUrl = WEBHOOK_BASE, id = currentWebhookId): string {
	return `${webhookBaseUrl}/${id}/deliverability`;
}

/** The secret in the registered alert's hook URL (the only place it exists: static data holds a salted hash). */
export async function registeredSecret(ctx: NodeTestContext): Promise<string> {
	const list = await alerts(ctx);
	expect(list).toHaveLength(1);
	const secret = queryParam(list[0].hook_url ?? '', 'secret');
	if (!secret) throw new Error('the registered alert carries no secret');
	return secret;
}

/** Whether the node's static data verifies this secret (and holds it nowhere in plain text). */
export function staticDataVerifies(staticData: IDataObject, secret: string): boolean {
	expect(JSON.stringify(staticData)).not.toContain(secret);
	return verify({ ...staticData }, secret);
}
