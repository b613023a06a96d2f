/**
 * The trigger's webhook lifecycle in n8n-core's HookContext against the sandbox, called the way n8n calls it:
 * activation = checkExists, then create if false; deactivation = delete with the node's static data; a restart calls
 * nothing. After every sequence the sandbox holds exactly the alerts it should: one while active, none after.
 */
import { queryParam } from '../../nodes/DeliverabilityAlertTrigger/hookUrl';
import {
	activate,
	alerts,
	allAlerts,
	nextWebhookId,
	productionUrl,
	registeredSecret,
	savedStaticData,
	staticDataVerifies,
	trigger,
	WEBHOOK_BASE,
	webhookId,
	automatedTests,
	useTriggerSandbox,
} from './helpers';

const ctx = useTriggerSandbox({ clearRequests: true });

async function alertPosts(): Promise<number> {
	return (await ctx.requests()).filter((r) => r.method === 'POST' && /\/alerts$/.test(r.path))
		.length;
}

describe('create', () => {
	it('registers exactly one alert at the production URL with a secret, the events and active: true', async () => {
		const h = trigger(ctx, {
			parameters: { events: ['SPAMCHECK_COMPLETED', 'ACCOUNT_DISCONNECTED'] },
		});
		expect(await h.checkExists()).toBe(false);
		expect(await h.create()).toBe(true);

		const list = await alerts(ctx);
		expect(list).toHaveLength(1);
		const [alert] = list;
		const secret = await registeredSecret(ctx);
		expect(secret).toMatch(/^[0-9a-f]{48}$/);
		expect(alert.hook_url).toBe(`${productionUrl()}?secret=${secret}`);
		// Static data keeps a salted hash only: neither the secret nor the hook URL with it.
		expect(h.staticData.secret).toBeUndefined();
		expect(h.staticData.secretSalt).toMatch(/^[0-9a-f]{32}$/);
		expect(h.staticData.secretHash).toMatch(/^[0-9a-f]{64}$/);
		expect(staticDataVerifies(h.staticData, secret)).toBe(true);
		expect(
			staticDataVerifies(h.staticData, `${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`),
		).toBe(false);
		expect(alert.hook_url!.startsWith(`${WEBHOOK_BASE}/${webhookId()}/deliverability?`)).toBe(true);
		expect(alert.channel).toBe('HOOK_URL');
		expect(alert.active).toBe(true);
		expect([...alert.events].sort()).toEqual(['ACCOUNT_DISCONNECTED', 'SPAMCHECK_COMPLETED']);
		expect(alert.automated_test_ids).toEqual([]);
		expect(h.staticData.alertId).toBe(alert.id);
		expect(h.staticData.hookUrl).toBe(productionUrl());

		expect(await h.checkExists()).toBe(true);
		expect(await alerts(ctx)).toHaveLength(1);
		expect(h.staticData.alertId).toBe(alert.id);
		expect(staticDataVerifies(h.staticData, secret)).toBe(true);
		expect(await alertPosts()).toBe(1);
	});

	it('adds the custom event ids to the selected ones', async () => {
		const h = trigger(ctx, {
			parameters: {
				events: ['ACCOUNT_DISCONNECTED'],
				customEvents: 'MY_EVENT, ACCOUNT_DISCONNECTED ,OTHER_EVENT',
			},
		});
		await activate(h);
		const [alert] = await alerts(ctx);
		expect([...alert.events].sort()).toEqual(['ACCOUNT_DISCONNECTED', 'MY_EVENT', 'OTHER_EVENT']);
	});

	it('scopes the alert to the automated tests given', async () => {
		const tests = await automatedTests(ctx);
		const ids = tests.slice(0, 2).map((t) => t.id);
		expect(ids).toHaveLength(2);
		const h = trigger(ctx, {
			parameters: {
				events: ['SPAMCHECK_COMPLETED'],
				options: { automated_test_ids: `${ids[0]}, ${ids[1]}` },
			},
		});
		await activate(h);
		const [alert] = await alerts(ctx);
		expect([...alert.automated_test_ids].sort()).toEqual([...ids].sort());
		expect(await h.checkExists()).toBe(true);

		// Another scope is another alert: the old one is replaced, never kept beside the new one.
		const narrower = trigger(ctx, {
			parameters: {
				events: ['SPAMCHECK_COMPLETED'],
				options: { automated_test_ids: String(ids[0]) },
			},
			staticData: savedStaticData(h),
		});
		expect(await activate(narrower)).toBe('created');
		const after = await alerts(ctx);
		expect(after).toHaveLength(1);
		expect(after[0].automated_test_ids).toEqual([ids[0]]);
	});

	it('fails clearly, before any request, without events or with a bad automated test id', async () => {
		await ctx.clearRequests();
		await expect(
			trigger(ctx, { parameters: { events: [], customEvents: ' ' } }).create(),
		).rejects.toThrow(/No event selected/);
		await expect(
			trigger(ctx, { parameters: { options: { automated_test_ids: '12, abc' } } }).create(),
		).rejects.toThrow(/Automated Test Names or IDs/);
		// A window outside 0 to 10000 is refused, not cut to fit.
		await expect(
			trigger(ctx, { parameters: { options: { dedupeWindow: 20000 } } }).create(),
		).rejects.toThrow(
			'Invalid "Options → Deduplication Window": 20000 is above the maximum 10000 (allowed: 0 to 10000)',
		);
		expect(await alertPosts()).toBe(0);
	});

	it('refuses, before any request, a webhook URL the service will not call (plain http to a non-local host)', async () => {
		await ctx.clearRequests();
		const h = trigger(ctx, { webhookBaseUrl: 'http://n8n.example.com/webhook' });
		const error = await h.create().then(
			() => undefined,
			(e: unknown) => e as { message: string; description?: string },
		);
		expect(error?.message).toBe("n8n's webhook URL is not HTTPS");
		expect(error?.description).toContain(
			`http://n8n.example.com/webhook/${webhookId()}/deliverability`,
		);
		expect(error?.description).toMatch(/N8N_WEBHOOK_URL \(WEBHOOK_URL on n8n 1\.x\)/);
		expect(await alertPosts()).toBe(0);
		// https anywhere, and http to a local test server, are registered.
		expect(
			await activate(trigger(ctx, { webhookBaseUrl: 'https://n8n.example.com/webhook' })),
		).toBe('created');
		nextWebhookId();
		expect(await activate(trigger(ctx, { webhookBaseUrl: 'http://localhost:5678/webhook' }))).toBe(
			'created',
		);
	});

	it('takes events and automated tests as the pickers give them (lists) or as an expression gives them (text)', async () => {
		const tests = await automatedTests(ctx);
		const h = trigger(ctx, {
			parameters: {
				events: 'SPAMCHECK_COMPLETED, ACCOUNT_DISCONNECTED',
				options: { automated_test_ids: [tests[0].id, String(tests[1].id)] },
			},
		});
		await activate(h);
		const [alert] = await alerts(ctx);
		expect([...alert.events].sort()).toEqual(['ACCOUNT_DISCONNECTED', 'SPAMCHECK_COMPLETED']);
		expect([...alert.automated_test_ids].sort()).toEqual([tests[0].id, tests[1].id].sort());
	});

	it('lists the automated tests for the picker: every test, by subject and accounts, valued by id', async () => {
		const all: Array<{ id: number; subject?: string }> = [];
		for (let page = 0; ; page++) {
			const data = await automatedTests(ctx, page);
			all.push(...data);
			if (data.length < 25) break;
		}
		const options = await trigger(ctx).loadOptions('getAutomatedTests');
		expect(options.map((o) => o.value).sort()).toEqual(all.map((t) => t.id).sort());
		const first = options.find((o) => o.value === all[0].id)!;
		expect(first.name).toContain(all[0].subject ?? '(no subject)');
		expect(first.name).toContain(`#${all[0].id}`);
		const names = options.map((o) => o.name);
		expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
	});

	it('reports the service refusing the alert (project B key cannot scope to project A tests)', async () => {
		const tests = await automatedTests(ctx);
		const h = trigger(ctx, {
			apiKey: ctx.sandbox.apiKeys.B,
			parameters: {
				events: ['SPAMCHECK_COMPLETED'],
				options: { automated_test_ids: String(tests[0].id) },
			},
		});
		expect(await h.checkExists()).toBe(false);
		await expect(h.create()).rejects.toMatchObject({ httpCode: '422' });
		expect(h.staticData.alertId).toBeUndefined();
	});
});

describe('checkExists', () => {
	it('adopts an existing alert of this node instead of creating a second (fresh static data)', async () => {
		const first = trigger(ctx);
		await activate(first);
		const [existing] = await alerts(ctx);
		await ctx.clearRequests();

		const fresh = trigger(ctx); // same node (webhook id), static data lost
		expect(await fresh.checkExists()).toBe(true);
		expect(fresh.staticData.alertId).toBe(existing.id);
		const secret = await registeredSecret(ctx);
		expect(staticDataVerifies(fresh.staticData, secret)).toBe(true);
		// A fresh salt: the adopted verifier is not a copy of the first one.
		expect(fresh.staticData.secretSalt).not.toBe(first.staticData.secretSalt);
		expect(await alertPosts()).toBe(0);
		expect(await alerts(ctx)).toHaveLength(1);
	});

	it('adopts an alert created by hand at this URL with a secret, and uses that secret', async () => {
		const { status, data } = await ctx.api<{ id: number }>('POST', '/alerts', {
			channel: 'HOOK_URL',
			hook_url: `${productionUrl()}?secret=made-by-hand`,
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
		});
		expect(status).toBe(201);
		const h = trigger(ctx);
		expect(await h.checkExists()).toBe(true);
		expect(h.staticData.alertId).toBe(data.id);
		expect(staticDataVerifies(h.staticData, 'made-by-hand')).toBe(true);
		expect(JSON.stringify(h.staticData)).not.toContain('secret=');
	});

	it('clears a stored id the service no longer knows and answers false', async () => {
		const h = trigger(ctx);
		await activate(h);
		const id = h.staticData.alertId as number;
		expect((await ctx.api('DELETE', `/alerts/${id}`)).status).toBe(200);

		expect(await h.checkExists()).toBe(false);
		expect(h.staticData.alertId).toBeUndefined();
		expect(h.staticData.secretHash).toBeUndefined();
		expect(h.staticData.secretSalt).toBeUndefined();
		expect(await h.create()).toBe(true);
		expect(await alerts(ctx)).toHaveLength(1);
	});

	it('replaces its alert when the events changed, leaving one alert', async () => {
		const h = trigger(ctx, { parameters: { events: ['ACCOUNT_DISCONNECTED'] } });
		await activate(h);
		const before = h.staticData.alertId;

		const edited = trigger(ctx, {
			parameters: { events: ['ACCOUNT_DISCONNECTED', 'SPAMCHECK_COMPLETED'] },
			staticData: savedStaticData(h),
		});
		expect(await activate(edited)).toBe('created');
		const list = await alerts(ctx);
		expect(list).toHaveLength(1);
		expect(list[0].id).not.toBe(before);
		expect([...list[0].events].sort()).toEqual(['ACCOUNT_DISCONNECTED', 'SPAMCHECK_COMPLETED']);
	});

	it('removes a stored alert left at an old URL (n8n moved), then registers at the new one', async () => {
		const old = trigger(ctx, { webhookBaseUrl: 'http://localhost:5678/webhook' });
		await activate(old);
		const moved = trigger(ctx, { staticData: savedStaticData(old) });
		expect(await activate(moved)).toBe('created');
		const list = await alerts(ctx);
		expect(list).toHaveLength(1);
		expect(list[0].hook_url!.startsWith(productionUrl())).toBe(true);
	});

	it('keeps one of several leftover alerts at its URL and removes the others', async () => {
		for (const secret of ['one', 'two', 'three']) {
			await ctx.api('POST', '/alerts', {
				channel: 'HOOK_URL',
				hook_url: `${productionUrl()}?secret=${secret}`,
				events: ['ACCOUNT_DISCONNECTED'],
				active: true,
			});
		}
		// Also at our URL: one without a secret (cannot be authenticated), one with other events.
		await ctx.api('POST', '/alerts', {
			channel: 'HOOK_URL',
			hook_url: productionUrl(),
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
		});
		await ctx.api('POST', '/alerts', {
			channel: 'HOOK_URL',
			hook_url: `${productionUrl()}?secret=x`,
			events: ['DOMAIN_EXPIRING_SOON'],
			active: true,
		});
		const h = trigger(ctx);
		expect(await h.checkExists()).toBe(true);
		const list = await alerts(ctx);
		expect(list).toHaveLength(1);
		expect(list[0].id).toBe(h.staticData.alertId);
		const kept = queryParam(list[0].hook_url ?? '', 'secret')!;
		expect(['one', 'two', 'three']).toContain(kept);
		expect(staticDataVerifies(h.staticData, kept)).toBe(true);
	});

	it('never touches alerts that are not its own (other URL, Slack, other node)', async () => {
		const foreign = [
			{
				channel: 'HOOK_URL',
				hook_url: 'https://hooks.example.com/x?secret=abc',
				events: ['ACCOUNT_DISCONNECTED'],
				active: true,
			},
			{ channel: 'SLACK', slack_channel_id: 42, events: ['ACCOUNT_DISCONNECTED'], active: true },
			{
				channel: 'HOOK_URL',
				hook_url: `${productionUrl(WEBHOOK_BASE, 'another-node-id')}?secret=abc`,
				events: ['ACCOUNT_DISCONNECTED'],
				active: true,
			},
		];
		for (const body of foreign) expect((await ctx.api('POST', '/alerts', body)).status).toBe(201);
		const before = await allAlerts(ctx);
		const h = trigger(ctx);
		expect(await activate(h)).toBe('created');
		expect(await allAlerts(ctx)).toHaveLength(before.length + 1);
		expect(await h.delete()).toBe(true);
		expect(await allAlerts(ctx)).toEqual(before);
	});
});

describe('delete', () => {
	it('removes the alert and clears the static data', async () => {
		const h = trigger(ctx);
		await activate(h);
		expect(await alerts(ctx)).toHaveLength(1);
		h.staticData.eventMemory = { alertId: String(h.staticData.alertId), ids: ['evt_1'] };

		expect(await h.delete()).toBe(true);
		expect(await alerts(ctx)).toHaveLength(0);
		expect(Object.keys(h.staticData).filter((k) => !k.startsWith('__'))).toEqual([]);
	});

	it('succeeds when the alert was already removed by hand (404 counts as done)', async () => {
		const h = trigger(ctx);
		await activate(h);
		await ctx.api('DELETE', `/alerts/${String(h.staticData.alertId)}`);
		expect(await h.delete()).toBe(true);
		expect(h.staticData.alertId).toBeUndefined();
		expect(await alerts(ctx)).toHaveLength(0);
	});

	it('removes an alert at its URL even when the static data lost the id', async () => {
		await activate(trigger(ctx));
		const lost = trigger(ctx);
		expect(await lost.delete()).toBe(true);
		expect(await alerts(ctx)).toHaveLength(0);
	});

	it('succeeds with nothing to remove', async () => {
		expect(await trigger(ctx).delete()).toBe(true);
	});

	it('raises other failures (refused key) and keeps the static data for the next try', async () => {
		const h = trigger(ctx);
		await activate(h);
		const broken = trigger(ctx, { apiKey: 'dummy-key-wrong', staticData: savedStaticData(h) });
		await expect(broken.delete()).rejects.toMatchObject({ httpCode: '401' });
		expect(broken.staticData.alertId).toBe(h.staticData.alertId);
		expect(await alerts(ctx)).toHaveLength(1);
	});
});

describe('activation sequences', () => {
	it('activate → deactivate → re-activate → restart → deactivate leaves one alert while active, none after', async () => {
		const h = trigger(ctx);
		expect(await activate(h)).toBe('created');
		expect(await alerts(ctx)).toHaveLength(1);

		expect(await h.delete()).toBe(true);
		expect(await alerts(ctx)).toHaveLength(0);

		expect(await activate(h)).toBe('created');
		const [alert] = await alerts(ctx);
		expect(await alerts(ctx)).toHaveLength(1);

		// Activating twice in a row (n8n retrying an activation) adopts instead of duplicating.
		expect(await activate(h)).toBe('adopted');
		expect(await alerts(ctx)).toHaveLength(1);

		// Restart: n8n calls none of the methods and loads the static data from its database.
		const restarted = trigger(ctx, { staticData: savedStaticData(h) });
		expect(restarted.staticData.alertId).toBe(alert.id);
		const answer = await restarted.webhook({
			body: { id: 'evt_restart', event: 'ACCOUNT_DISCONNECTED' },
			query: { secret: await registeredSecret(ctx) },
		});
		expect(answer.workflowData?.[0]).toHaveLength(1);

		expect(await restarted.delete()).toBe(true);
		expect(await alerts(ctx)).toHaveLength(0);
	});

	it('a manual test listening at the test URL leaves the production alert alone', async () => {
		const production = trigger(ctx);
		await activate(production);
		const test = trigger(ctx, { webhookBaseUrl: 'http://127.0.0.1:5678/webhook-test' });
		expect(await activate(test)).toBe('created');
		expect(await alerts(ctx)).toHaveLength(2);
		expect(await test.delete()).toBe(true);
		const left = await alerts(ctx);
		expect(left).toHaveLength(1);
		expect(left[0].id).toBe(production.staticData.alertId);
	});
});
