/**
 * Real deliveries: the sandbox POSTs its events over HTTP to a small server on 127.0.0.1 standing in for n8n's
 * webhook endpoint, which hands each request to the trigger's webhook() (n8n-core's WebhookContext) and answers
 * with what the node wrote. Checks the whole path: the registered hook URL is reachable, the secret in it is
 * accepted, the sandbox's duplicate deliveries start one run, and nothing arrives once the trigger is deactivated.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import type { HookHarness } from '../../support/trigger-harness';
import { useSandbox } from '../nodes/context';
import { activate, alerts, automatedTests, nextWebhookId, trigger, webhookId } from './helpers';
import type { DeliveryLogEntry } from '../../sandbox/admin-state';

const ctx = useSandbox({ resetEachTest: false });

type Delivery = DeliveryLogEntry;

/** What the stand-in n8n endpoint saw: every request's path and answer, and every item the trigger emitted. */
interface Endpoint {
	baseUrl: string;
	requests: Array<{ path: string; status: number }>;
	items: IDataObject[];
	use(h: HookHarness): void;
	close(): Promise<void>;
}

async function startEndpoint(): Promise<Endpoint> {
	let harness: HookHarness | undefined;
	const requests: Endpoint['requests'] = [];
	const items: IDataObject[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			void (async () => {
				const url = new URL(req.url ?? '/', 'http://127.0.0.1');
				const text = Buffer.concat(chunks).toString('utf8');
				let body: unknown = text;
				if (/json/.test(String(req.headers['content-type']))) body = JSON.parse(text) as unknown;
				if (!harness) throw new Error('endpoint: no trigger attached');
				const answer = await harness.webhook({
					body,
					query: Object.fromEntries(url.searchParams),
					headers: req.headers as IDataObject,
				});
				for (const run of answer.workflowData ?? []) for (const item of run) items.push(item.json);
				const status = answer.status ?? 500;
				requests.push({ path: url.pathname, status });
				res
					.writeHead(status, { 'content-type': 'application/json' })
					.end(JSON.stringify(answer.sent ?? {}));
			})().catch((error: unknown) => {
				res.writeHead(500).end(String(error));
			});
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/webhook`,
		requests,
		items,
		use(h) {
			harness = h;
		},
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** Waits until the sandbox logged `count` delivery attempts for these event ids (or fails after 8 s). */
async function deliveriesOf(eventIds: string[], count: number): Promise<Delivery[]> {
	const deadline = Date.now() + 8000;
	for (;;) {
		const all = await ctx.admin<Delivery[]>('GET', '/deliveries');
		const mine = all.filter((d) => eventIds.includes(d.eventId));
		if (mine.length >= count || Date.now() > deadline) return mine;
		await new Promise((r) => setTimeout(r, 50));
	}
}

let endpoint: Endpoint;

beforeAll(async () => {
	endpoint = await startEndpoint();
});
afterAll(async () => {
	await endpoint.close();
});
beforeEach(async () => {
	nextWebhookId();
	endpoint.requests.length = 0;
	endpoint.items.length = 0;
	await ctx.admin('DELETE', '/deliveries');
});
afterEach(async () => {
	await ctx.admin('POST', '/settings', { duplicateDeliveries: false });
});

describe('real deliveries from the sandbox', () => {
	it('an account disconnect delivered twice (duplicateDeliveries) starts exactly one run', async () => {
		const h = trigger(ctx, { webhookBaseUrl: endpoint.baseUrl });
		endpoint.use(h);
		await activate(h);
		await ctx.admin('POST', '/settings', { duplicateDeliveries: true });

		const { payloads } = await ctx.admin<{
			payloads: Array<IDataObject & { id: string; alert_id: number }>;
		}>('POST', '/accounts/1/disconnect');
		const ours = payloads.filter((p) => p.alert_id === h.staticData.alertId);
		expect(ours).toHaveLength(1);
		const [payload] = ours;

		const attempts = await deliveriesOf([payload.id], 2);
		expect(attempts.map((d) => d.status)).toEqual([200, 200]);
		expect(attempts.map((d) => d.copy).sort()).toEqual([1, 2]);
		expect(endpoint.requests).toEqual([
			{ path: `/webhook/${webhookId()}/deliverability`, status: 200 },
			{ path: `/webhook/${webhookId()}/deliverability`, status: 200 },
		]);

		expect(endpoint.items).toHaveLength(1);
		const [item] = endpoint.items;
		expect(item).toMatchObject({
			...payload,
			event: 'ACCOUNT_DISCONNECTED',
			event_id: payload.id,
			account_id: 1,
			project_id: expect.any(Number),
		});
		expect(item.id).toMatch(/^evt_[0-9a-f]{16}$/);
		expect(typeof item.received_at).toBe('string');
		expect(Object.keys(item).sort()).toEqual(
			[
				'account_email',
				'account_id',
				'alert_id',
				'content',
				'created_at',
				'domain',
				'domain_expire_on',
				'event',
				'event_id',
				'id',
				'level',
				'project_id',
				'received_at',
			].sort(),
		);

		await h.delete();
	});

	it('spam test completions reach a scoped trigger only for its automated tests', async () => {
		const tests = await automatedTests(ctx);
		const [mine, other] = tests.map((t) => t.id);
		const h = trigger(ctx, {
			webhookBaseUrl: endpoint.baseUrl,
			parameters: {
				events: ['SPAMCHECK_COMPLETED'],
				options: { automated_test_ids: String(mine) },
			},
		});
		endpoint.use(h);
		await activate(h);

		const emit = async (automatedTestId: number) =>
			(
				await ctx.admin<{ payloads: Array<{ id: string; alert_id: number }> }>('POST', '/events', {
					project: 'A',
					event: 'SPAMCHECK_COMPLETED',
					automated_test_id: automatedTestId,
					public_id: 'abcdefghij',
					public_full_id: 'mlrch-abcdefghij',
					score: 8.2,
					final_score: 8.2,
				})
			).payloads.filter((p) => p.alert_id === h.staticData.alertId);

		expect(await emit(other)).toHaveLength(0);
		const delivered = await emit(mine);
		expect(delivered).toHaveLength(1);
		await deliveriesOf([delivered[0].id], 1);
		expect(endpoint.items).toHaveLength(1);
		expect(endpoint.items[0]).toMatchObject({
			event: 'SPAMCHECK_COMPLETED',
			event_id: delivered[0].id,
			automated_test_id: mine,
			public_full_id: 'mlrch-abcdefghij',
			final_score: 8.2,
		});

		await h.delete();
	});

	it('nothing is delivered once the trigger is deactivated; a request without the secret gets 401', async () => {
		const h = trigger(ctx, { webhookBaseUrl: endpoint.baseUrl });
		endpoint.use(h);
		await activate(h);
		const alertId = h.staticData.alertId;
		expect(await h.delete()).toBe(true);
		expect(await alerts(ctx)).toHaveLength(0);

		const { payloads } = await ctx.admin<{ payloads: Array<{ alert_id: number }> }>(
			'POST',
			'/accounts/2/disconnect',
		);
		expect(payloads.filter((p) => p.alert_id === alertId)).toHaveLength(0);
		await new Promise((r) => setTimeout(r, 200));
		expect(endpoint.requests).toHaveLength(0);

		// Someone who learned the URL but not the secret.
		const response = await fetch(`${endpoint.baseUrl}/${webhookId()}/deliverability`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ id: 'evt_forged', event: 'ACCOUNT_DISCONNECTED' }),
		});
		expect(response.status).toBe(401);
		expect(await response.json()).toEqual({ message: 'Unauthorized' });
		expect(endpoint.items).toHaveLength(0);
	});
});
