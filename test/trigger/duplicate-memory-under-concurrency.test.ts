/**
 * The duplicate memory under concurrent deliveries, with n8n's per-request static data reproduced as it is in n8n
 * 2.41 (n8nWebhookRequests.ts). Only one request per save delay (savedMemory.ts `savePolicy`) carries the memory into a
 * save; the others write nothing.
 */
import type { IDataObject, INodeType } from 'n8n-workflow';

import { activate, registeredSecret, trigger, useTriggerSandbox } from './helpers';
import {
	activated,
	answered,
	Database,
	deliver,
	newProcess,
	type Outcome,
} from './n8nWebhookRequests';

const ctx = useTriggerSandbox();

/** `events` ids, each delivered twice back to back (the two copies at the same moment), by `senders` in parallel. */
async function burst(
	db: Database,
	processes: INodeType[],
	secret: string,
	events: string[],
	senders: number,
): Promise<Outcome[]> {
	const queue = events.flatMap((id) => [id, id]);
	const outcomes: Outcome[] = [];
	let next = 0;
	await Promise.all(
		Array.from({ length: senders }, async (_, sender) => {
			while (next < queue.length) {
				const i = next++;
				outcomes.push(
					await deliver(db, processes[(i + sender) % processes.length], secret, queue[i]),
				);
			}
		}),
	);
	return outcomes;
}

function runsPerId(outcomes: Outcome[]): Map<string, number> {
	const runs = new Map<string, number>();
	for (const o of outcomes) runs.set(o.eventId, (runs.get(o.eventId) ?? 0) + o.runs);
	return runs;
}

const ids = (prefix: string, n: number) =>
	Array.from({ length: n }, (_, i) => `${prefix}_${String(i).padStart(3, '0')}`);

describe("duplicate memory with n8n's per-request static data", () => {
	it('300 events × 2 copies from 20 senders: one run each, a few saves, every id saved; after a restart the same burst starts nothing', async () => {
		const { db, secret } = await activated(ctx);
		const events = ids('evt_burst', 300);

		const t0 = Date.now();
		const first = await burst(db, [newProcess()], secret, events, 20);
		const seconds = (Date.now() - t0) / 1000;
		expect(first.every((o) => o.status === 200)).toBe(true);
		expect(first.filter((o) => o.answer === 'accepted')).toHaveLength(300);
		expect(first.filter((o) => o.answer === 'duplicate')).toHaveLength(300);
		expect([...runsPerId(first).values()].every((n) => n === 1)).toBe(true);
		// One save per save delay at most (2 per second), not one per event: only the carriers were marked changed.
		expect(db.writes).toBe(first.filter((o) => o.saves).length);
		expect(db.writes).toBeGreaterThanOrEqual(1);
		expect(db.writes).toBeLessThanOrEqual(Math.ceil(seconds / 0.5) + 1);
		expect(new Set(db.ids())).toEqual(new Set(events));

		const restarted = await burst(db, [newProcess()], secret, events, 20);
		expect(restarted.every((o) => o.status === 200)).toBe(true);
		expect(restarted.filter((o) => o.answer === 'duplicate')).toHaveLength(600);
		expect(restarted.reduce((n, o) => n + o.runs, 0)).toBe(0);
	});

	it('an event accepted while a save waits writes nothing itself and is in that save', async () => {
		const { db, secret } = await activated(ctx);
		const process = newProcess();
		// evt_0 is written at once (the first after a quiet moment); evt_a, right after it, carries the next save:
		// it returns when the save delay is up, and n8n answers it then.
		await deliver(db, process, secret, 'evt_0');
		const a = answered(db, process, secret, 'evt_a');
		await new Promise((r) => setTimeout(r, 50));
		const b = await answered(db, process, secret, 'evt_b');
		expect(b.outcome).toMatchObject({ answer: 'accepted', runs: 1, saves: false });
		const carrier = await a;
		expect(carrier.outcome).toMatchObject({ answer: 'accepted', runs: 1, saves: true });
		expect(carrier.outcome.order).toBeGreaterThan(b.outcome.order);
		await b.save();
		await carrier.save();
		expect(db.writes).toBe(2);
		// evt_b's run started before the carrier wrote; the carrier adds its own id.
		expect(db.ids()).toEqual(['evt_0', 'evt_b', 'evt_a']);
		expect((await deliver(db, newProcess(), secret, 'evt_b')).runs).toBe(0);
	});

	it('a window smaller than the burst keeps exactly the newest ids it accepted, and those stay duplicates after a restart', async () => {
		const { db, secret } = await activated(ctx, 50);
		const events = ids('evt_window', 300);
		const process = newProcess();
		const first = await burst(db, [process], secret, events, 20);
		expect(first.filter((o) => o.answer === 'accepted')).toHaveLength(300);

		const accepted = first
			.filter((o) => o.answer === 'accepted')
			.sort((a, b) => a.order - b.order)
			.map((o) => o.eventId);
		expect(db.ids()).toHaveLength(50);
		expect(new Set(db.ids())).toEqual(new Set(accepted.slice(-50)));

		const newest = db.ids();
		const again = await burst(db, [newProcess()], secret, newest, 10);
		expect(again.reduce((n, o) => n + o.runs, 0)).toBe(0);
	});

	it("two processes sharing the database: a copy saved without the other's id is repaired at that process's next acceptance", async () => {
		const { db, secret } = await activated(ctx);
		const [p1, p2] = [newProcess(), newProcess()];
		// Different ids at the same moment on two processes: both load the same copy, both save; one save wins.
		await Promise.all([deliver(db, p1, secret, 'evt_p1'), deliver(db, p2, secret, 'evt_p2')]);
		// Whichever process lost its id, its next acceptance writes it back (it merges what it loads with what it knows).
		await deliver(db, p1, secret, 'evt_p1_next');
		await deliver(db, p2, secret, 'evt_p2_next');
		expect(new Set(db.ids())).toEqual(new Set(['evt_p1', 'evt_p2', 'evt_p1_next', 'evt_p2_next']));
		// And a third process (a restart) knows all four.
		const fresh = newProcess();
		for (const id of ['evt_p1', 'evt_p2', 'evt_p1_next', 'evt_p2_next'])
			expect((await deliver(db, fresh, secret, id)).runs).toBe(0);
	});

	it('republishing gives the new alert a fresh memory in every process: an id seen for the old alert starts a run again', async () => {
		const h = trigger(ctx);
		await activate(h);
		const db = new Database(h.workflow.staticData as IDataObject);
		const processor = newProcess();
		expect((await deliver(db, processor, await registeredSecret(ctx), 'evt_old')).runs).toBe(1);
		expect((await deliver(db, processor, await registeredSecret(ctx), 'evt_old')).runs).toBe(0);

		// Unpublish + publish, in main (another process): a new alert, new secret, the saved memory dropped.
		const main = trigger(ctx, { staticData: await db.load() });
		const oldAlert = main.staticData.alertId;
		expect(await main.delete()).toBe(true);
		expect(await activate(main)).toBe('created');
		expect(main.staticData.alertId).not.toBe(oldAlert);
		db.text = JSON.stringify(main.workflow.staticData);

		// The processor still holds the old alert's memory in its process; it must not count for the new alert.
		const secret = await registeredSecret(ctx);
		expect((await deliver(db, processor, secret, 'evt_old')).runs).toBe(1);
		expect((await deliver(db, processor, secret, 'evt_old')).runs).toBe(0);
		expect(db.ids()).toEqual(['evt_old']);
	});
});
