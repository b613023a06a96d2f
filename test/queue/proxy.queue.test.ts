/**
 * Queue mode behind a proxy, set up as docs/install.md says: the same HTTP_PROXY / HTTPS_PROXY / NO_PROXY on main,
 * the worker and the webhook processor (NO_PROXY: 127.0.0.1, the processes' own address). The credentials' Base URL
 * host, api.deliverability.localhost, resolves only at the proxy (support/proxy.ts), so whatever reached the sandbox
 * went through it, and over plain HTTP the proxy logs each request. Proven: main's credential test and the trigger's
 * registration and removal; a run on the worker, started through the webhook processor; every request the sandbox
 * got, in the proxy's log.
 */
import { alertTriggerOf, loadExample } from '../../support/examples';
import { behindProxy, proxiedAt, startProxy, type LocalProxy } from '../../support/proxy';
import { requestLines } from '../../support/sandbox-admin';
import {
	closeStacks,
	queueDescribe,
	settled,
	START_TIMEOUT_MS,
	startQueueStack,
	triggerAlerts,
	waitFor,
	getAccountThroughWebhook,
	workerStarts,
	type QueueStack,
} from './support';

const example = loadExample('auto-pause-on-disconnect.json');
const trigger = alertTriggerOf(example.workflow);
const actionWorkflow = getAccountThroughWebhook({
	id: 'QueueProxyAction1',
	name: 'Queue mode behind a proxy: get an account through a webhook',
	path: 'queue-proxy-action',
});

let proxy: LocalProxy;
let stack: QueueStack;

beforeAll(async () => {
	if (process.env.QUEUE_SKIP) return;
	proxy = await startProxy();
	stack = await startQueueStack({
		name: 'proxy',
		webhookProcessors: 1,
		...behindProxy(proxy),
		beforeStart: (main) => main.importWorkflows([example.workflow, actionWorkflow]),
	});
}, START_TIMEOUT_MS);

afterAll(async () => {
	await closeStacks();
	await proxy?.close();
});

const main = () => stack.cluster.main;
/** The proxy's log of requests to the sandbox, as "METHOD /path" below /api/v1. */
const proxied = () => proxy.requestLines(proxiedAt(stack.sandbox));
const received = () => requestLines(stack.sandbox);
/** Waits until the example's trigger has this many alerts registered (publishing and unpublishing finish late). */
const alertsBecome = async (count: number) =>
	await waitFor(
		`${count} alerts of the trigger`,
		async () => (await triggerAlerts(stack, trigger.webhookId!)).length === count,
		30000,
	);

queueDescribe('n8n queue mode behind a proxy: main + worker + a webhook processor', () => {
	it("main's credential test goes through the proxy", async () => {
		const stored = await main().rest<object>(
			'GET',
			`/credentials/${'DlvSandboxApiKey'}?includeData=true`,
		);
		const res = await main().rest<{ status: string }>('POST', '/credentials/test', {
			credentials: stored.data,
		});
		expect(res.data).toMatchObject({ status: 'OK' });
		expect(proxied()).toContain('GET /ping');
	});

	it('publishing registers the alert through the proxy', async () => {
		expect((await main().api('POST', `/workflows/${example.id}/activate`)).status).toBe(200);
		await alertsBecome(1);
		expect(proxied()).toContain('POST /alerts');
	});

	it('a run on the worker, started through the webhook processor, reaches the service through the proxy', async () => {
		expect((await main().api('POST', `/workflows/${actionWorkflow.id}/activate`)).status).toBe(200);
		const answer = await waitFor('the action webhook', async () => {
			const res = await fetch(`${stack.cluster.webhooks[0].baseUrl}/webhook/queue-proxy-action`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ account_id: 1 }),
			});
			return res.status === 200 && ((await res.json()) as Record<string, unknown>);
		});
		expect(answer).toMatchObject({ id: 1 });
		const [run] = await settled(stack, actionWorkflow.id, 1);
		expect(workerStarts(stack.cluster.worker.output).join('\n')).toContain(
			`Worker started execution ${run.id}`,
		);
		expect(proxied()).toContain('GET /accounts/1');
	});

	it('unpublishing removes the alert through the proxy; every request the service got came through it', async () => {
		expect((await main().api('POST', `/workflows/${example.id}/deactivate`)).status).toBe(200);
		await alertsBecome(0);
		expect(proxied().some((r) => /^DELETE \/alerts\/\d+$/.test(r))).toBe(true);
		expect([...proxied()].sort()).toEqual([...(await received())].sort());
	});
});
