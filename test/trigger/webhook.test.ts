/**
 * webhook() in n8n-core's WebhookContext: only requests with the secret get in (401), only JSON objects with an
 * event are read (400), unselected events and repeats are acknowledged and start nothing, everything else starts one
 * run with one item. Every answer is small JSON (never n8n's `firstEntryJson`): written by the node, or for an
 * accepted event handed to n8n, which sends it once the run exists.
 */
import type { HookHarness } from '../../support/trigger-harness';
import { useSandbox } from '../nodes/context';
import { savedIds } from '../../nodes/DeliverabilityAlertTrigger/savedMemory';
import {
	activate,
	nextWebhookId,
	registeredSecret,
	savedStaticData,
	trigger,
	type TriggerOptions,
} from './helpers';

const ctx = useSandbox({ resetEachTest: false });
beforeEach(async () => {
	nextWebhookId();
	await ctx.clearRequests();
});

const DELIVERY = {
	id: 'evt_0123456789abcdef',
	event: 'ACCOUNT_DISCONNECTED',
	level: 'warning',
	created_at: '2026-11-22T20:00:00.000Z',
	project_id: 1,
	alert_id: 7,
	account_id: 3,
	account_email: 'jane@example.com',
	content: 'Mailbox jane@example.com lost its connection',
	domain: 'example.com',
	domain_expire_on: null,
};

async function active(options: TriggerOptions = {}): Promise<{ h: HookHarness; secret: string }> {
	const h = trigger(ctx, options);
	await activate(h);
	return { h, secret: await registeredSecret(ctx) };
}

function remembered(h: HookHarness): string[] {
	return savedIds(h.staticData, String(h.staticData.alertId));
}

function emitted(answer: Awaited<ReturnType<HookHarness['webhook']>>): unknown[] {
	return (answer.workflowData ?? []).flat().map((item) => item.json);
}

describe('webhook()', () => {
	it('with the right secret: 200 JSON acknowledgement and one item, the payload plus normalised fields', async () => {
		const { h, secret } = await active();
		const before = Date.now();
		const answer = await h.webhook({ body: DELIVERY, query: { secret } });

		// The answer is n8n's, sent once it created the run: the node hands it the body.
		expect(answer.noWebhookResponse).toBeUndefined();
		expect(answer.webhookResponse).toEqual({
			received: true,
			status: 'accepted',
			event_id: DELIVERY.id,
		});
		expect(answer.status).toBe(200);
		expect(answer.sent).toEqual({ received: true, status: 'accepted', event_id: DELIVERY.id });
		expect(answer.workflowData).toHaveLength(1);
		const items = emitted(answer) as Array<Record<string, unknown>>;
		expect(items).toHaveLength(1);
		const [item] = items;
		expect(item).toMatchObject({
			...DELIVERY,
			event: 'ACCOUNT_DISCONNECTED',
			event_id: DELIVERY.id,
		});
		const received = Date.parse(item.received_at as string);
		expect(received).toBeGreaterThanOrEqual(before - 1);
		expect(received).toBeLessThanOrEqual(Date.now());
		expect(item).not.toHaveProperty('secret');
	});

	it('without the secret or with a wrong one: 401 JSON and nothing emitted', async () => {
		const { h, secret } = await active();
		for (const query of [
			{},
			{ secret: 'wrong' },
			{ secret: `${secret}0` },
			{ secret: secret.toUpperCase() },
			{ Secret: secret },
		]) {
			const answer = await h.webhook({ body: DELIVERY, query });
			expect(answer.status).toBe(401);
			expect(answer.sent).toEqual({ message: 'Unauthorized' });
			expect(answer.noWebhookResponse).toBe(true);
			expect(answer.workflowData).toBeUndefined();
		}
		// A rejected request does not use up the event id.
		expect(emitted(await h.webhook({ body: DELIVERY, query: { secret } }))).toHaveLength(1);
	});

	it('answers 401 to everyone while no alert is registered (no secret stored)', async () => {
		const h = trigger(ctx);
		const answer = await h.webhook({ body: DELIVERY, query: { secret: '' } });
		expect(answer.status).toBe(401);
		expect(answer.workflowData).toBeUndefined();
	});

	it('a body that is not a JSON object with an event: 400 and nothing emitted', async () => {
		const { h, secret } = await active();
		const bodies: unknown[] = [
			'this is not json',
			'{"event": ',
			[DELIVERY],
			{},
			{ id: 'evt_1' },
			{ id: 'evt_1', event: '' },
			{ id: 'evt_1', event: { nested: true } },
			null,
			42,
		];
		for (const body of bodies) {
			const answer = await h.webhook({ body, query: { secret } });
			expect({ body, status: answer.status }).toEqual({ body, status: 400 });
			expect(answer.sent).toEqual({ message: 'Expected a JSON object with an "event"' });
			expect(answer.workflowData).toBeUndefined();
		}
		expect(h.staticData.eventMemory).toBeUndefined();
	});

	it('reads a JSON body that arrived as text (no JSON content type)', async () => {
		const { h, secret } = await active();
		const answer = await h.webhook({
			body: JSON.stringify(DELIVERY),
			query: { secret },
			headers: { 'content-type': 'text/plain' },
		});
		expect(answer.status).toBe(200);
		expect(emitted(answer)).toHaveLength(1);
	});

	it("reads a body n8n left unread (no content type) through n8n's own reader", async () => {
		const { h, secret } = await active();
		const answer = await h.webhook({ unread: JSON.stringify(DELIVERY), query: { secret } });
		expect(answer.status).toBe(200);
		expect(emitted(answer)).toHaveLength(1);
		expect(emitted(answer)[0]).toMatchObject({ event_id: DELIVERY.id });
	});

	it('a delivery whose unread body is not JSON: 400, nothing started', async () => {
		const { h, secret } = await active();
		const answer = await h.webhook({ unread: 'event=ACCOUNT_DISCONNECTED', query: { secret } });
		expect(answer.status).toBe(400);
		expect(answer.workflowData).toBeUndefined();
	});

	it('a duplicate event id: acknowledged (200), the second delivery emits nothing', async () => {
		const { h, secret } = await active();
		expect(emitted(await h.webhook({ body: DELIVERY, query: { secret } }))).toHaveLength(1);
		const again = await h.webhook({
			body: { ...DELIVERY, created_at: 'later' },
			query: { secret },
		});
		expect(again.status).toBe(200);
		expect(again.sent).toEqual({ received: true, status: 'duplicate', event_id: DELIVERY.id });
		expect(again.workflowData).toBeUndefined();
		// Another event id goes through.
		expect(
			emitted(await h.webhook({ body: { ...DELIVERY, id: 'evt_other' }, query: { secret } })),
		).toHaveLength(1);
		expect(remembered(h)).toEqual([DELIVERY.id, 'evt_other']);
	});

	it('remembers the last 1,000 event ids only (the oldest may come through again)', async () => {
		const { h, secret } = await active();
		// A saved memory of evt_1 … evt_1000 (evt_0 already dropped as the oldest).
		h.staticData.eventMemory = {
			alertId: String(h.staticData.alertId),
			ids: Array.from({ length: 1000 }, (_, i) => `evt_${i + 1}`),
		};
		expect(
			emitted(await h.webhook({ body: { ...DELIVERY, id: 'evt_0' }, query: { secret } })),
		).toHaveLength(1);
		expect(
			emitted(await h.webhook({ body: { ...DELIVERY, id: 'evt_500' }, query: { secret } })),
		).toHaveLength(0);
		expect(remembered(h)).toHaveLength(1000);
		expect(remembered(h).at(-1)).toBe('evt_0');
		expect(remembered(h)).not.toContain('evt_1');
	});

	it('with a deduplication window of 0 every delivery starts a run', async () => {
		const { h, secret } = await active({ parameters: { options: { dedupeWindow: 0 } } });
		expect(emitted(await h.webhook({ body: DELIVERY, query: { secret } }))).toHaveLength(1);
		expect(emitted(await h.webhook({ body: DELIVERY, query: { secret } }))).toHaveLength(1);
	});

	it('two copies arriving at the same moment, each with static data loaded afresh (as n8n does per request): one emits', async () => {
		const { h } = await active();
		// n8n loads the workflow (and its static data) from the database for every webhook request and saves it only
		// after answering, so concurrent copies each see a fresh copy of the static data without the other's id.
		const copyA = trigger(ctx, { staticData: savedStaticData(h) });
		const copyB = trigger(ctx, { staticData: savedStaticData(h) });
		const secret = await registeredSecret(ctx);
		const answers = await Promise.all(
			[copyA, copyB].map(
				async (c) =>
					await c.webhook({ body: { ...DELIVERY, id: 'evt_concurrent_1' }, query: { secret } }),
			),
		);
		expect(answers.map((a) => emitted(a).length).sort()).toEqual([0, 1]);
		expect(answers.map((a) => (a.sent as { status: string }).status).sort()).toEqual([
			'accepted',
			'duplicate',
		]);
	});

	it('deduplicates deliveries without an id by their content', async () => {
		const { h, secret } = await active();
		const withoutId: Record<string, unknown> = { ...DELIVERY };
		delete withoutId.id;
		const first = await h.webhook({ body: withoutId, query: { secret } });
		const [item] = emitted(first) as Array<Record<string, unknown>>;
		expect(item.event_id).toMatch(/^sha256:[0-9a-f]{32}$/);
		expect(emitted(await h.webhook({ body: withoutId, query: { secret } }))).toHaveLength(0);
	});

	it('an event that is not selected: acknowledged (200) and nothing emitted, nor remembered', async () => {
		const { h, secret } = await active({ parameters: { events: ['SPAMCHECK_COMPLETED'] } });
		const answer = await h.webhook({
			body: { ...DELIVERY, event: 'DOMAIN_EXPIRING_SOON' },
			query: { secret },
		});
		expect(answer.status).toBe(200);
		expect(answer.sent).toEqual({
			received: true,
			status: 'ignored',
			reason: 'event not selected',
		});
		expect(answer.workflowData).toBeUndefined();
		expect(h.staticData.eventMemory).toBeUndefined();
	});

	it('reads the events and window stored at activation, not the node parameters (no expression per delivery)', async () => {
		const { h, secret } = await active({
			parameters: { events: ['ACCOUNT_DISCONNECTED'], options: { dedupeWindow: 0 } },
		});
		expect(h.staticData).toMatchObject({ events: ['ACCOUNT_DISCONNECTED'], dedupeWindow: 0 });
		// The same workflow with other parameters (edited, not republished): deliveries follow what was registered.
		const edited = trigger(ctx, {
			parameters: { events: ['SPAMCHECK_COMPLETED'], options: { dedupeWindow: 1000 } },
			staticData: savedStaticData(h),
		});
		expect(emitted(await edited.webhook({ body: DELIVERY, query: { secret } }))).toHaveLength(1);
		expect(emitted(await edited.webhook({ body: DELIVERY, query: { secret } }))).toHaveLength(1);
	});

	it('accepts custom event ids, matching event names case-insensitively and trimmed', async () => {
		const { h, secret } = await active({
			parameters: { events: [], customEvents: 'MY_NEW_EVENT' },
		});
		const answer = await h.webhook({
			body: { ...DELIVERY, id: 'evt_custom', event: ' my_new_event ' },
			query: { secret },
		});
		const [item] = emitted(answer) as Array<Record<string, unknown>>;
		expect(item.event).toBe('my_new_event');
		expect(item.event_id).toBe('evt_custom');
	});

	it('passes a SPAMCHECK_COMPLETED delivery through with its spam test fields', async () => {
		const { h, secret } = await active({ parameters: { events: ['SPAMCHECK_COMPLETED'] } });
		const body = {
			...DELIVERY,
			id: 'evt_spam',
			event: 'SPAMCHECK_COMPLETED',
			level: 'info',
			public_id: 'abcdefghij',
			public_full_id: 'mlrch-abcdefghij',
			automated_test_id: 4,
			score: 7.5,
			final_score: 7.5,
		};
		const [item] = emitted(await h.webhook({ body, query: { secret } }));
		expect(item).toMatchObject({ ...body, event_id: 'evt_spam' });
	});
});
