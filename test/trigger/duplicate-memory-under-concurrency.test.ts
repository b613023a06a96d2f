/**
 * The duplicate memory under concurrent deliveries, with n8n's static-data handling reproduced as it is in n8n 2.41
 * (packages/cli live-webhooks.ts + WorkflowStaticDataService): every webhook request reads the workflow's static
 * data from the database (a fresh object), builds a Workflow around it (n8n's observable object), runs the node's
 * webhook(), and once the node answered writes the WHOLE static data back if it changed: serialised when the save
 * starts, writes applied in the order they were issued (one SQLite writer), last writer wins. Reads and saves take a
 * random few milliseconds, so requests interleave the way a burst does. A "process" is a fresh copy of the node's
 * modules (jest.isolateModules): a restart, or another webhook processor sharing the database. Only one request per
 * save delay (dedupe.ts `savePolicy`) carries the memory into a save; the others write nothing.
 */
import type { IDataObject, INodeType } from 'n8n-workflow';

import { savedIds } from '../../nodes/DeliverabilityTrigger/dedupe';
import { triggerHarness, type HookHarness } from '../../support/harness';
import { useSandbox } from '../nodes/context';
import {
	activate,
	nextWebhookId,
	registeredSecret,
	trigger,
	webhookId,
	WEBHOOK_BASE,
} from './helpers';

const ctx = useSandbox({ resetEachTest: false });
beforeEach(() => {
	nextWebhookId();
});

/** One n8n process: its own copy of the node's modules, so its own in-process memory. */
function newProcess(): INodeType {
	let nodeType: INodeType | undefined;
	jest.isolateModules(() => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const mod = require('../../nodes/DeliverabilityTrigger/DeliverabilityTrigger.node') as {
			DeliverabilityTrigger: new () => INodeType;
		};
		nodeType = new mod.DeliverabilityTrigger();
	});
	return nodeType!;
}

const pause = async (maxMs: number) =>
	await new Promise((r) => setTimeout(r, Math.floor(Math.random() * maxMs)));

/** The workflow's row in n8n's database: static data as JSON text, writes applied one at a time in issue order. */
class Database {
	text: string;

	writes = 0;

	private queue: Promise<void> = Promise.resolve();

	constructor(staticData: IDataObject) {
		this.text = JSON.stringify(staticData);
	}

	async load(): Promise<IDataObject> {
		await pause(4);
		return JSON.parse(this.text) as IDataObject;
	}

	/** WorkflowStaticDataService.saveStaticData: only when changed; the query carries the object as it is now. */
	async save(workflowStaticData: IDataObject & { __dataChanged?: boolean }): Promise<void> {
		if (workflowStaticData.__dataChanged !== true) return;
		const text = JSON.stringify(workflowStaticData);
		this.writes++;
		this.queue = this.queue.then(async () => {
			await pause(3);
			this.text = text;
		});
		await this.queue;
		workflowStaticData.__dataChanged = false;
	}

	/** The node's saved memory of this alert. */
	ids(): string[] {
		const node = (JSON.parse(this.text) as IDataObject)['node:Trigger'] as IDataObject;
		return savedIds(node, String(node.alertId));
	}
}

interface Outcome {
	eventId: string;
	status: number;
	answer: string;
	runs: number;
	/** When the node answered (performance.now()): the order of its decisions (a carrier returns later than that). */
	order: number;
	/** Whether this request's static data was marked changed, i.e. n8n saves it. */
	saves: boolean;
}

/** One webhook request as n8n's live webhook handler runs it (load, Workflow, webhook(), answer, save). */
async function deliver(
	db: Database,
	nodeType: INodeType,
	secret: string,
	eventId: string,
): Promise<Outcome> {
	const { outcome, save } = await answered(db, nodeType, secret, eventId);
	await pause(2);
	await save();
	return outcome;
}

/** A request up to its answer; its save is left to the caller (to order saves by hand). */
async function answered(
	db: Database,
	nodeType: INodeType,
	secret: string,
	eventId: string,
): Promise<{ outcome: Outcome; save: () => Promise<void> }> {
	const h: HookHarness = triggerHarness({
		nodeType,
		parameters: { events: ['ACCOUNT_DISCONNECTED'], customEvents: '', options: {} },
		credentials: {
			deliverabilityApi: {
				apiKey: 'unused-in-webhook',
				baseUrl: ctx.sandbox.baseUrl,
				headerForm: 'bearer',
			},
		},
		webhookBaseUrl: WEBHOOK_BASE,
		webhookId: webhookId(),
		staticData: await db.load(),
	});
	const answer = await h.webhook({
		body: { id: eventId, event: 'ACCOUNT_DISCONNECTED', account_id: 1 },
		query: { secret },
	});
	return {
		outcome: {
			eventId,
			status: answer.status ?? 0,
			answer: (answer.sent as { status?: string }).status ?? '',
			runs: (answer.workflowData ?? []).flat().length,
			order: answer.answeredAt ?? 0,
			saves: (h.workflow.staticData as { __dataChanged?: boolean }).__dataChanged === true,
		},
		save: async () =>
			await db.save(h.workflow.staticData as IDataObject & { __dataChanged?: boolean }),
	};
}

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

async function activated(
	dedupeWindow?: number,
): Promise<{ db: Database; secret: string; alertId: string }> {
	const h = trigger(ctx, {
		parameters: dedupeWindow === undefined ? {} : { options: { dedupeWindow } },
	});
	await activate(h);
	return {
		db: new Database(h.workflow.staticData as IDataObject),
		secret: await registeredSecret(ctx),
		alertId: String(h.staticData.alertId),
	};
}

const ids = (prefix: string, n: number) =>
	Array.from({ length: n }, (_, i) => `${prefix}_${String(i).padStart(3, '0')}`);

describe("duplicate memory with n8n's per-request static data", () => {
	it('300 events × 2 copies from 20 senders: one run each, a few saves, every id saved; after a restart the same burst starts nothing', async () => {
		const { db, secret } = await activated();
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
		const { db, secret } = await activated();
		const process = newProcess();
		// evt_a's request carries the save: answered at once, it returns after the save delay.
		const a = answered(db, process, secret, 'evt_a');
		await new Promise((r) => setTimeout(r, 50));
		const b = await answered(db, process, secret, 'evt_b');
		expect(b.outcome).toMatchObject({ answer: 'accepted', runs: 1, saves: false });
		const carrier = await a;
		expect(carrier.outcome).toMatchObject({ answer: 'accepted', runs: 1, saves: true });
		expect(carrier.outcome.order).toBeLessThan(b.outcome.order);
		await b.save();
		await carrier.save();
		expect(db.writes).toBe(1);
		expect(db.ids()).toEqual(['evt_a', 'evt_b']);
		expect((await deliver(db, newProcess(), secret, 'evt_b')).runs).toBe(0);
	});

	it('a window smaller than the burst keeps exactly the newest ids it accepted, and those stay duplicates after a restart', async () => {
		const { db, secret } = await activated(50);
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
		const { db, secret } = await activated();
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
