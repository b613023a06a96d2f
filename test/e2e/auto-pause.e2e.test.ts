/**
 * The Deliverability Alert Trigger's whole life in a real n8n, through the auto-pause example: publishing registers
 * exactly one alert with n8n's production webhook URL; an event delivered twice runs the workflow once and pauses
 * the account; a restart keeps exactly one alert; a forged POST without the secret gets 401 and starts nothing; a
 * burst (100 events × 2 copies from 10 concurrent senders) starts one run per event, and after a restart the same
 * burst starts none; the secret is nowhere in the workflow as n8n's public API returns it; a delivery without a
 * content type is read; a delivery makes n8n evaluate no expression before webhook(); unpublishing removes the alert.
 */
import { loadExamples } from '../../support/examples';
import { admin } from '../../support/sandbox-admin';
import { isFinished } from '../../support/n8n-process';
import { n8nAlerts, service, startStack, waitFor, workflowExecutions, type Stack } from './support';

interface Alert {
	id: number;
	hook_url: string | null;
	events: string[];
	active: boolean;
}

interface Delivery {
	eventId: string;
	event: string;
	url: string;
	copy: number;
	attempt: number;
	status: number | null;
}

interface Execution {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
}

// Dry run off: the example pauses, as after the README's step to act for real.
const example = loadExamples({ dryRun: false }).find(
	(e) => e.file === 'auto-pause-on-disconnect.json',
)!;
const triggerNode = (example.workflow.nodes as Array<{ type: string; webhookId?: string }>).find(
	(n) => n.type.endsWith('.deliverabilityAlertTrigger'),
)!;

let stack: Stack;

beforeAll(async () => {
	stack = await startStack({
		beforeStart: async (n8n) => {
			// Prometheus metrics: the expression engine's counters show what a delivery costs n8n.
			n8n.setEnv({ N8N_METRICS: 'true' });
			await n8n.importWorkflows([example.workflow]);
		},
	});
});

afterAll(async () => {
	process.stdout.write(
		`[e2e] auto-pause bursts: ${retried} deliveries answered 503 "try again" and resent\n`,
	);
	await stack?.close();
});

/** n8n's production webhook URL of the trigger (without the secret query the trigger adds). */
function productionUrl(): string {
	return `${stack.n8n.webhookBase}webhook/${triggerNode.webhookId}/deliverability`;
}

const ourAlerts = () => n8nAlerts<Alert>(stack);

/** The registered hook URL with every query value replaced: the right path, a wrong secret. */
async function wrongSecretUrl(): Promise<URL> {
	const url = new URL((await ourAlerts())[0].hook_url!);
	for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, 'dummy-wrong-secret');
	return url;
}

const executions = () => workflowExecutions<Execution>(stack, example.id);

/** An alive account of project A that is not disconnected yet. */
async function aliveAccount(skip: number[] = []): Promise<number> {
	const list = await service<Array<{ id: number; alive: boolean }>>(
		stack.sandbox,
		'GET',
		'/accounts?per_page=100&page=0',
	);
	const account = list.find((a) => a.alive && !skip.includes(a.id));
	if (!account) throw new Error('no alive account in the sandbox');
	return account.id;
}

async function disconnectAndSettle(accountId: number): Promise<string> {
	const { payloads } = await admin<{ payloads: Array<{ id: string; hook_url?: string }> }>(
		stack.sandbox,
		'POST',
		`/accounts/${accountId}/disconnect`,
	);
	expect(payloads.length).toBeGreaterThan(0);
	const eventId = payloads[0].id;
	// Both copies delivered (2xx) before counting executions.
	await waitFor(
		'both deliveries answered 2xx',
		async () => {
			const ds = (await admin<Delivery[]>(stack.sandbox, 'GET', '/deliveries')).filter(
				(d) => d.eventId === eventId,
			);
			const ok = ds.filter((d) => d.status !== null && d.status >= 200 && d.status < 300);
			return new Set(ok.map((d) => d.copy)).size >= 2 && ds;
		},
		30000,
	);
	return eventId;
}

/** The webhook burst (scripts/burst.ts), smaller: each event twice (two copies at the same moment), 10 concurrent senders. */
const EVENTS = 100;
const SENDERS = 10;
const eventIds = Array.from(
	{ length: EVENTS },
	(_, i) => `evt_burst_${String(i).padStart(3, '0')}`,
);

interface Answer {
	eventId: string;
	status: number;
	outcome: string;
}

/** Deliveries of the bursts answered 503 "try again" and sent again (printed, not asserted: it depends on load). */
let retried = 0;

/** Each event twice, back to back (two copies at the same moment), POSTed to the registered hook URL by 10 senders. */
async function burst(): Promise<Answer[]> {
	const [alert] = await ourAlerts();
	// Accounts past the first page (the other tests pick alive accounts from the first page).
	const accounts = (
		await service<Array<{ id: number }>>(stack.sandbox, 'GET', '/accounts?per_page=100&page=1')
	).map((a) => a.id);
	expect(accounts.length).toBeGreaterThan(0);
	const queue = eventIds.flatMap((id, i) => [
		{ id, account: accounts[i % accounts.length] },
		{ id, account: accounts[i % accounts.length] },
	]);
	const answers: Answer[] = [];
	let next = 0;
	await Promise.all(
		Array.from({ length: SENDERS }, async () => {
			while (next < queue.length) {
				const { id, account } = queue[next++];
				// Like the service, a "try again" (503: the other copy is still starting its run) is sent again.
				for (let attempt = 1; ; attempt++) {
					const res = await fetch(alert.hook_url!, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({
							id,
							event: 'ACCOUNT_DISCONNECTED',
							account_id: account,
							level: 'warning',
						}),
					});
					const body = (await res.json()) as { status?: string };
					if (res.status === 503 && attempt < 4) {
						retried++;
						await new Promise((r) => setTimeout(r, 500 * attempt));
						continue;
					}
					answers.push({ eventId: id, status: res.status, outcome: body.status ?? '' });
					break;
				}
			}
		}),
	);
	return answers;
}

/** Runs of the workflow whose trigger item carries one of the burst's event ids, by event id. */
async function burstRuns(): Promise<Map<string, number>> {
	const res = await stack.n8n.api<{
		data: Array<{
			status: string;
			data?: {
				resultData: {
					runData: Record<
						string,
						Array<{ data: { main: Array<Array<{ json: { event_id?: string } }>> } }>
					>;
				};
			};
		}>;
	}>('GET', `/executions?workflowId=${example.id}&limit=250&includeData=true`);
	expect(res.status).toBe(200);
	const runs = new Map<string, number>();
	for (const ex of res.data.data) {
		const id =
			ex.data?.resultData.runData['On mailbox disconnected']?.[0]?.data.main[0]?.[0]?.json.event_id;
		if (id && eventIds.includes(id)) runs.set(id, (runs.get(id) ?? 0) + 1);
	}
	return runs;
}

async function settled(expected: number): Promise<void> {
	await waitFor(
		`${expected} finished executions`,
		async () => {
			const ex = await executions();
			return ex.length >= expected && ex.every((e) => isFinished(e.status));
		},
		240000,
		500,
	);
	await new Promise((r) => setTimeout(r, 1500));
}

let burstBefore = 0;

describe('auto-pause example in a real n8n', () => {
	let firstAccount: number;

	it("publishing registers exactly one alert with n8n's production webhook URL", async () => {
		expect(await ourAlerts()).toEqual([]);
		const res = await stack.n8n.api('POST', `/workflows/${example.id}/activate`);
		expect(res.status).toBe(200);
		// n8n finishes the activation (checkExists → create) right after answering: wait for it, then let it settle.
		await waitFor('the alert', async () => (await ourAlerts()).length > 0, 20000);
		await new Promise((r) => setTimeout(r, 1500));
		const alerts = await ourAlerts();
		expect(alerts).toHaveLength(1);
		expect(alerts[0].hook_url!.split('?')[0]).toBe(productionUrl());
		expect(alerts[0].events).toEqual(['ACCOUNT_DISCONNECTED']);
		expect(alerts[0].active).toBe(true);
	});

	it('an event delivered twice runs the workflow once and pauses that account', async () => {
		await admin(stack.sandbox, 'POST', '/settings', { duplicateDeliveries: true });
		firstAccount = await aliveAccount();
		const eventId = await disconnectAndSettle(firstAccount);
		const runs = await waitFor('one execution', async () => {
			const ex = await executions();
			return ex.length >= 1 && ex.every((e) => isFinished(e.status)) && ex;
		});
		// Give a second (wrong) execution time to show up before asserting there is only one.
		await new Promise((r) => setTimeout(r, 1500));
		expect(await executions()).toHaveLength(1);
		expect(runs[0]).toMatchObject({ status: 'success', mode: 'webhook' });

		// The trigger's item: the payload as delivered plus the normalised event, event_id and received_at.
		const full = await stack.n8n.api<{
			data: {
				resultData: {
					runData: Record<
						string,
						Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }>> } }>
					>;
				};
			};
		}>('GET', `/executions/${runs[0].id}?includeData=true`);
		const runData = full.data.data.resultData.runData;
		const items = runData['On mailbox disconnected'][0].data.main[0];
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			event: 'ACCOUNT_DISCONNECTED',
			event_id: eventId,
			account_id: firstAccount,
		});
		expect(typeof items[0].json.received_at).toBe('string');
		expect(runData['Pause the mailbox'][0].data.main[0][0].json).toMatchObject({
			id: firstAccount,
			alive: false,
		});

		const account = await service<{ alive: boolean }>(
			stack.sandbox,
			'GET',
			`/accounts/${firstAccount}`,
		);
		expect(account.alive).toBe(false);
		const pauses = (
			await admin<Array<{ method: string; path: string; body: unknown }>>(
				stack.sandbox,
				'GET',
				'/requests',
			)
		).filter((r) => r.method === 'POST' && r.path.endsWith(`/accounts/${firstAccount}`));
		expect(pauses).toHaveLength(1);
		expect(pauses[0].body).toEqual({ alive: false });
	});

	it('100 events × 2 copies from 10 senders: every answer 2xx, one run per event id, every id kept', async () => {
		burstBefore = (await executions()).length;
		const answers = await burst();
		expect(answers).toHaveLength(2 * EVENTS);
		expect(answers.filter((a) => a.status < 200 || a.status >= 300)).toEqual([]);
		expect(answers.filter((a) => a.outcome === 'accepted')).toHaveLength(EVENTS);
		expect(answers.filter((a) => a.outcome === 'duplicate')).toHaveLength(EVENTS);

		await settled(burstBefore + EVENTS);
		expect(await executions()).toHaveLength(burstBefore + EVENTS);
		const runs = await burstRuns();
		expect(eventIds.filter((id) => runs.get(id) !== 1)).toEqual([]);
	}, 420000);

	it("the workflow as n8n's public API returns it holds no secret, and its memory holds every id", async () => {
		const secret = new URL((await ourAlerts())[0].hook_url!).searchParams.get('secret')!;
		expect(secret).toMatch(/^[0-9a-f]{48}$/);
		const res = await stack.n8n.api<{
			staticData?: Record<string, { eventMemory?: { ids: string[] }; secretHash?: string }>;
		}>('GET', `/workflows/${example.id}`);
		expect(res.status).toBe(200);
		const text = JSON.stringify(res.data);
		expect(text).not.toContain(secret);
		expect(text).not.toContain('secret=');
		const node = Object.values(res.data.staticData ?? {}).find(
			(v) => v && typeof v === 'object' && 'secretHash' in v,
		)!;
		expect(node.secretHash).toMatch(/^[0-9a-f]{64}$/);
		expect(eventIds.filter((id) => !node.eventMemory!.ids.includes(id))).toEqual([]);
	});

	it('after an n8n restart there is still exactly one alert, and events still arrive', async () => {
		const runsBefore = (await executions()).length;
		await stack.n8n.restart();
		await new Promise((r) => setTimeout(r, 2000));
		const alerts = await ourAlerts();
		expect(alerts).toHaveLength(1);
		expect(alerts[0].hook_url!.split('?')[0]).toBe(productionUrl());

		const second = await aliveAccount([firstAccount]);
		await disconnectAndSettle(second);
		await waitFor('one more execution', async () => (await executions()).length >= runsBefore + 1);
		await new Promise((r) => setTimeout(r, 1500));
		expect(await executions()).toHaveLength(runsBefore + 1);
		const account = await service<{ alive: boolean }>(stack.sandbox, 'GET', `/accounts/${second}`);
		expect(account.alive).toBe(false);
	});

	it('after that restart the same burst is all duplicates: 0 runs, every answer 2xx', async () => {
		// n8n was restarted by the test above.
		const runsBefore = (await executions()).length;
		const answers = await burst();
		expect(answers.filter((a) => a.status < 200 || a.status >= 300)).toEqual([]);
		expect(answers.filter((a) => a.outcome === 'duplicate')).toHaveLength(2 * EVENTS);
		await new Promise((r) => setTimeout(r, 2000));
		expect(await executions()).toHaveLength(runsBefore);
	}, 420000);

	it('a forged POST without the secret gets 401 and starts nothing', async () => {
		const before = (await executions()).length;
		const forged = {
			id: 'evt_forged0000000000',
			event: 'ACCOUNT_DISCONNECTED',
			account_id: await aliveAccount([firstAccount]),
		};
		const noSecret = await fetch(productionUrl(), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(forged),
		});
		expect(noSecret.status).toBe(401);
		const wrong = await fetch(await wrongSecretUrl(), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(forged),
		});
		expect(wrong.status).toBe(401);
		await new Promise((r) => setTimeout(r, 1500));
		expect(await executions()).toHaveLength(before);
		const account = await service<{ alive: boolean }>(
			stack.sandbox,
			'GET',
			`/accounts/${forged.account_id}`,
		);
		expect(account.alive).toBe(true);
	});

	it('a delivery without a content type is read and starts its run', async () => {
		const account = await aliveAccount([firstAccount]);
		const before = (await executions()).length;
		const eventId = `evt_untyped${Date.now()}`;
		// A byte body: fetch adds no content type, so n8n leaves it unread for webhook().
		const res = await fetch((await ourAlerts())[0].hook_url!, {
			method: 'POST',
			body: new TextEncoder().encode(
				JSON.stringify({ id: eventId, event: 'ACCOUNT_DISCONNECTED', account_id: account }),
			),
		});
		expect(res.status).toBe(200);
		expect(await res.json()).toEqual({ received: true, status: 'accepted', event_id: eventId });
		await waitFor('its run', async () => {
			const ex = await executions();
			return ex.length === before + 1 && ex.every((e) => isFinished(e.status));
		});
		const paused = await service<{ alive: boolean }>(stack.sandbox, 'GET', `/accounts/${account}`);
		expect(paused.alive).toBe(false);
	});

	it('a delivery asks n8n to evaluate no expression before webhook() (n8n 2: no V8 isolate needed)', async () => {
		// n8n evaluates a "binaryData" option for every start node of type version 1 (its legacy Webhook
		// node's), which in n8n 2 needs a V8 isolate per delivery: the trigger is not version 1.
		await waitFor('no run going', async () =>
			(await executions()).every((e) => isFinished(e.status)),
		);
		const evaluations = async () => {
			const text = await (await fetch(`${stack.n8n.baseUrl}/metrics`)).text();
			const counts = [
				...text.matchAll(/^n8n_expression_evaluation_duration_seconds_count(?:\{[^}]*\})? (\d+)/gm),
			];
			return counts.length === 0 ? undefined : counts.reduce((sum, m) => sum + Number(m[1]), 0);
		};
		const before = await evaluations();
		if (stack.n8n.major < 2) {
			// n8n 1.x has no expression isolates (nor their metrics) to spend.
			expect(before).toBeUndefined();
			return;
		}
		expect(before).toEqual(expect.any(Number));
		const wrongSecret = await wrongSecretUrl();
		for (let i = 0; i < 5; i++) {
			const res = await fetch(wrongSecret, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ id: `evt_cost${i}`, event: 'ACCOUNT_DISCONNECTED', account_id: 1 }),
			});
			expect(res.status).toBe(401);
		}
		expect(await evaluations()).toBe(before);
	});

	it('unpublishing removes the alert', async () => {
		const res = await stack.n8n.api('POST', `/workflows/${example.id}/deactivate`);
		expect(res.status).toBe(200);
		await waitFor('no alert', async () => (await ourAlerts()).length === 0, 20000);
		await new Promise((r) => setTimeout(r, 1500));
		expect(await ourAlerts()).toEqual([]);
	});
});
