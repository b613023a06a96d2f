/**
 * Webhook requests as n8n 2.41's live webhook handler runs them (packages/cli live-webhooks.ts +
 * WorkflowStaticDataService): every request reads the workflow's static data from the database (a fresh object),
 * builds a Workflow around it (n8n's observable object), runs the node's webhook(), and once n8n answered (for an
 * accepted event: once it created the run) writes the WHOLE static data back if it changed — serialised when the save
 * starts, writes applied in the order they were issued (one SQLite writer), last writer wins; a request whose run
 * could not be created saves nothing. Reads and saves take a random few milliseconds, so requests interleave the way
 * a burst does. A "process" is a fresh copy of the node's modules (jest.isolateModules): a restart, or another
 * webhook processor sharing the database.
 */
import type { IDataObject, INodeType } from 'n8n-workflow';

import { savedIds } from '../../nodes/DeliverabilityAlertTrigger/savedMemory';
import { triggerHarness, type HookHarness } from '../../support/trigger-harness';
import type { NodeTestContext } from '../nodes/context';
import { activate, registeredSecret, trigger, webhookId, WEBHOOK_BASE } from './helpers';

/** One n8n process: its own copy of the node's modules, so its own in-process memory. */
export function newProcess(): INodeType {
	let nodeType: INodeType | undefined;
	jest.isolateModules(() => {
		const file = '../../nodes/DeliverabilityAlertTrigger/DeliverabilityAlertTrigger.node';
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const mod = require(file) as { DeliverabilityAlertTrigger: new () => INodeType };
		nodeType = new mod.DeliverabilityAlertTrigger();
	});
	return nodeType!;
}

const pause = async (maxMs: number) =>
	await new Promise((r) => setTimeout(r, Math.floor(Math.random() * maxMs)));

/** The workflow's row in n8n's database: static data as JSON text, writes applied one at a time in issue order. */
export class Database {
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

export interface Outcome {
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
export async function deliver(
	db: Database,
	nodeType: INodeType,
	secret: string,
	eventId: string,
	runCreated?: () => Promise<boolean>,
): Promise<Outcome> {
	const { outcome, save } = await answered(db, nodeType, secret, eventId, runCreated);
	await pause(2);
	await save();
	return outcome;
}

/**
 * A request up to its answer; its save is left to the caller (to order saves by hand). `runCreated`: n8n creating the
 * run of an accepted event (default: at once and successfully); when it fails, nothing is saved.
 */
export async function answered(
	db: Database,
	nodeType: INodeType,
	secret: string,
	eventId: string,
	runCreated?: () => Promise<boolean>,
): Promise<{ outcome: Outcome; save: () => Promise<void> }> {
	const h: HookHarness = triggerHarness({
		nodeType,
		parameters: { events: ['ACCOUNT_DISCONNECTED'], customEvents: '', options: {} },
		credentials: {
			// webhook() calls no API.
			deliverabilityApi: {
				apiKey: 'unused-in-webhook',
				baseUrl: 'http://127.0.0.1:9/api/v1',
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
		runCreated,
	});
	const status = answer.status ?? 0;
	return {
		outcome: {
			eventId,
			status,
			answer: (answer.sent as { status?: string }).status ?? '',
			runs: (answer.workflowData ?? []).flat().length,
			order: answer.answeredAt ?? 0,
			saves: (h.workflow.staticData as { __dataChanged?: boolean }).__dataChanged === true,
		},
		save: async () => {
			if (status < 400)
				await db.save(h.workflow.staticData as IDataObject & { __dataChanged?: boolean });
		},
	};
}

export async function activated(
	ctx: NodeTestContext,
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
