/**
 * An alert storm in a queue-mode cluster, with its control, for `npm run bench:storm` and the queue-mode storm test:
 * N mailboxes disconnect (the sandbox's admin `disconnect`, spread over S seconds or all at once), and the sandbox
 * delivers each ACCOUNT_DISCONNECTED with its own policy (timeout, retries, then dropped) to two alerts of the same
 * project:
 *
 * - the auto-pause example (Deliverability Alert Trigger → Pause the account), registered by publishing it;
 * - the control: n8n's core Webhook node (answering on receipt) → the same Pause node, registered here as a second
 *   alert at the Webhook's production URL.
 *
 * Both run in the same cluster, at the same time, against the same service, so whatever the machine does to one it
 * does to the other. The result counts per side what the service saw (attempts, answer times, timeouts, 5xx, events
 * dropped after the last attempt) and what n8n did (executions by status, mailboxes paused, paused twice), plus the
 * database work of the run (UPDATEs of n8n's workflow table: static-data saves) and n8n's own complaints in its logs.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';

import type { IDataObject } from 'n8n-workflow';

import {
	claim,
	DEFAULT_DEDUPE_WINDOW,
	memoryScope,
	settle,
} from '../nodes/DeliverabilityAlertTrigger/dedupe';
import { persist, savePolicy } from '../nodes/DeliverabilityAlertTrigger/savedMemory';
import { loadExamples } from './examples';
import { cpuSeconds } from './process-stats';
import type { Cluster } from './queue-cluster';
import { admin } from './sandbox-admin';
import { service } from './sandbox-api';

export const CONTROL_ID = 'StormControlWf001';
export const CONTROL_PATH = 'storm-control';

interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	webhookId?: string;
	[key: string]: unknown;
}

interface Workflow {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

/** The auto-pause example as shipped, its dry run off (it pauses). */
export function autoPauseExample(): Workflow {
	const example = loadExamples({ dryRun: false }).find(
		(e) => e.file === 'auto-pause-on-disconnect.json',
	);
	if (!example) throw new Error('examples/auto-pause-on-disconnect.json not found');
	return example.workflow as unknown as Workflow;
}

/** The example's action node (Pause the account) and its trigger. */
export function exampleParts(example = autoPauseExample()): {
	trigger: WorkflowNode;
	pause: WorkflowNode;
} {
	const trigger = example.nodes.find((n) => n.type.endsWith('.deliverabilityAlertTrigger'));
	const pause = example.nodes.find((n) => n.type.endsWith('.deliverability'));
	if (!trigger || !pause)
		throw new Error('the auto-pause example lost its trigger or its Pause node');
	return { trigger, pause };
}

/** n8n's core Webhook node (POST, answer on receipt) → the example's Pause node, reading the body's account_id. */
export function controlWorkflow(): Workflow {
	const { pause } = exampleParts();
	return {
		id: CONTROL_ID,
		name: 'Storm control: core Webhook → Pause the account',
		nodes: [
			{
				parameters: {
					httpMethod: 'POST',
					path: CONTROL_PATH,
					responseMode: 'onReceived',
					options: {},
				},
				id: '0b6f5d8e-9a4c-4e1b-8c2d-5f7a9b1c3d01',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '0b6f5d8e-9a4c-4e1b-8c2d-5f7a9b1c3d02',
			},
			{
				...pause,
				id: '0b6f5d8e-9a4c-4e1b-8c2d-5f7a9b1c3d03',
				parameters: {
					...pause.parameters,
					accountId: { __rl: true, mode: 'id', value: '={{ $json.body.account_id }}' },
				},
				position: [240, 0],
			},
		],
		connections: { Webhook: { main: [[{ node: pause.name, type: 'main', index: 0 }]] } },
		active: false,
		settings: { executionOrder: 'v1' },
	};
}

interface Sandbox {
	baseUrl: string;
	adminUrl: string;
	apiKeys: { A: string };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A public-API call to main that a storm may answer with 503 for a while: asked again for up to a minute. */
async function api<T>(cluster: Cluster, method: string, route: string): Promise<T> {
	for (let i = 0; ; i++) {
		const res = await cluster.main.api<T>(method, route).catch((e: unknown) => ({
			status: 0,
			data: String(e) as unknown as T,
		}));
		if (res.status === 200) return res.data;
		if (i >= 60) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.data)}`);
		await sleep(1000);
	}
}

/**
 * Where the service delivers a storm: the example's hook URL (with its secret) and the control's, and whether the
 * control's alert is registered (without it the service delivers to the example alone).
 */
export interface StormUrls {
	exampleUrl: string;
	controlUrl: string;
	controlAlert: boolean;
}

/**
 * Publishes the example and the control and registers the control's alert (unless `control` is false). Returns the
 * hook URLs the service calls (the example's with its secret), so deliveries can be told apart in the service's log.
 */
export async function prepareStorm(
	cluster: Cluster,
	sandbox: Sandbox,
	{ control = true }: { control?: boolean } = {},
): Promise<StormUrls> {
	const example = autoPauseExample();
	const { trigger } = exampleParts(example);
	for (const id of [example.id, CONTROL_ID]) {
		// Published already (a test that used the example before): left as it is, its alert too.
		if ((await api<{ active?: boolean }>(cluster, 'GET', `/workflows/${id}`)).active) continue;
		const res = await cluster.main.api('POST', `/workflows/${id}/activate`);
		if (res.status !== 200)
			throw new Error(`activate ${id}: ${res.status} ${JSON.stringify(res.data)}`);
	}
	const controlUrl = `${cluster.main.webhookBase}webhook/${CONTROL_PATH}`;
	if (control)
		await service(sandbox, 'POST', '/alerts', {
			channel: 'HOOK_URL',
			hook_url: controlUrl,
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
		});
	let exampleUrl = '';
	for (let i = 0; i < 120 && !exampleUrl; i++) {
		const alerts = await admin<Array<{ hook_url: string | null }>>(
			sandbox,
			'GET',
			'/alerts?project=A',
		);
		exampleUrl =
			alerts.find((a) => (a.hook_url ?? '').includes(`/webhook/${trigger.webhookId}/`))?.hook_url ??
			'';
		if (!exampleUrl) await sleep(500);
	}
	if (!exampleUrl) throw new Error('publishing the example registered no alert');
	return { exampleUrl, controlUrl, controlAlert: control };
}

/**
 * Fills the published example's duplicate memory with `count` earlier event ids, written into n8n's database the
 * way the trigger itself records them (its own code, run here): the memory of an instance that has been receiving
 * events for a while, not the empty one of a fresh cluster. The processors read it with the next delivery.
 */
export async function prefillMemory(cluster: Cluster, count: number): Promise<void> {
	const example = autoPauseExample();
	const { trigger } = exampleParts(example);
	const where = `WHERE id = '${example.id}'`;
	const data = JSON.parse(
		cluster.sql(`SELECT "staticData"::text FROM workflow_entity ${where}`)[0],
	) as IDataObject;
	const node = data[`node:${trigger.name}`] as IDataObject;
	const scope = memoryScope(example.id, trigger.id, node.alertId);
	if (!scope) throw new Error('the example registered no alert: nothing to prefill');
	let last = '';
	for (let i = 0; i < count; i++) {
		last = `evt_${randomBytes(8).toString('hex')}`;
		await claim(node, scope, last, DEFAULT_DEDUPE_WINDOW);
		settle(scope, last, true, DEFAULT_DEDUPE_WINDOW);
	}
	const delay = savePolicy.delayMs;
	savePolicy.delayMs = 0;
	try {
		await persist(node, scope, last, DEFAULT_DEDUPE_WINDOW);
	} finally {
		savePolicy.delayMs = delay;
	}
	const text = JSON.stringify(data).replace(/'/g, "''");
	cluster.sql(`UPDATE workflow_entity SET "staticData" = '${text}' ${where}`);
}

export interface StormOptions {
	/** Mailboxes disconnected. */
	events: number;
	/** Spread the disconnections evenly over this many seconds (0: all at once). */
	overSeconds: number;
	/** Give up waiting for the storm to settle after this long (the service's retries end well before). */
	settleTimeoutMs?: number;
	log?: (message: string) => void;
}

interface Delivery {
	eventId: string;
	url: string;
	attempt: number;
	status: number | null;
	error: string | null;
	ms: number;
}

interface ExecutionData {
	id: string;
	status: string;
	startedAt?: string;
	stoppedAt?: string | null;
	data?: {
		resultData?: {
			error?: { message?: string };
			runData?: Record<
				string,
				Array<{
					error?: { message?: string };
					data?: { main?: Array<Array<{ json?: Record<string, unknown> }>> };
				}>
			>;
		};
	};
}

export interface Side {
	/** Delivery attempts the service made, and how they ended. */
	attempts: number;
	timedOut: number;
	status5xx: Record<string, number>;
	otherErrors: number;
	/** Events whose every attempt failed: dropped by the service. */
	lost: number;
	/** Answer times of all attempts, ms (a timed-out attempt counts as the timeout). */
	p50: number;
	p99: number;
	max: number;
	executions: number;
	byStatus: Record<string, number>;
	/** Distinct messages of failed executions, with how often. */
	errors: Record<string, number>;
	/** Mailboxes a successful Pause ran for; those it ran for more than once. */
	paused: Set<number>;
	pausedTwice: number;
	/** Seconds from the first disconnection to the side's last execution's end. */
	seconds: number;
}

export interface StormResult {
	events: number;
	overSeconds: number;
	example: Side;
	/** Absent when the storm ran without the control. */
	control?: Side;
	/** Mailboxes the control paused and the example did not. */
	missedByExample: number;
	/** UPDATEs of n8n's workflow table during the storm (static-data saves; the control writes none). */
	workflowUpdates: number;
	/** The example workflow's static data after the storm, bytes of JSON. */
	staticDataBytes: number;
	/** The service's 429 answers to the Pause requests. */
	status429: number;
	/** Lines in n8n's logs (all processes) that say the database was in trouble. */
	dbComplaints: Record<string, number>;
	/** One-minute load average of the machine, lowest and highest seen during the storm. */
	load: { min: number; max: number };
}

function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return 0;
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function executionsOf(
	cluster: Cluster,
	workflowId: string,
	includeData = true,
): Promise<ExecutionData[]> {
	const all: ExecutionData[] = [];
	let cursor: string | undefined;
	do {
		const page = await api<{ data: ExecutionData[]; nextCursor?: string | null }>(
			cluster,
			'GET',
			`/executions?workflowId=${workflowId}&includeData=${includeData}&limit=100${
				cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
			}`,
		);
		all.push(...page.data);
		cursor = page.nextCursor ?? undefined;
	} while (cursor);
	return all;
}

const DB_COMPLAINTS = [
	'Database ping failed',
	'Database is not ready',
	'timeout exceeded when trying to connect',
	'Attempting to recover database connection',
];

function countLines(text: string, needle: string): number {
	let n = 0;
	for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) n++;
	return n;
}

function side(
	deliveries: Delivery[],
	events: number,
	timeoutMs: number,
	executions: ExecutionData[],
	trigger: string,
	pause: string,
	accountOf: (json: Record<string, unknown>) => unknown,
	t0: number,
): Side {
	const times = deliveries.map((d) =>
		d.status === null && d.error?.includes('no answer') ? timeoutMs : d.ms,
	);
	times.sort((a, b) => a - b);
	const ok = new Set(
		deliveries
			.filter((d) => d.status !== null && d.status >= 200 && d.status < 300)
			.map((d) => d.eventId),
	);
	const eventIds = new Set(deliveries.map((d) => d.eventId));
	const status5xx: Record<string, number> = {};
	for (const d of deliveries)
		if (d.status !== null && d.status >= 500) status5xx[d.status] = (status5xx[d.status] ?? 0) + 1;
	const byStatus: Record<string, number> = {};
	const errors: Record<string, number> = {};
	const pauses = new Map<number, number>();
	let last = t0;
	for (const e of executions) {
		byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
		if (e.stoppedAt) last = Math.max(last, Date.parse(e.stoppedAt));
		const result = e.data?.resultData;
		const message = result?.error?.message ?? result?.runData?.[pause]?.[0]?.error?.message;
		if (e.status !== 'success')
			errors[message ?? e.status] = (errors[message ?? e.status] ?? 0) + 1;
		const json = result?.runData?.[trigger]?.[0]?.data?.main?.[0]?.[0]?.json;
		const ran = result?.runData?.[pause]?.[0];
		if (e.status === 'success' && json && ran && !ran.error) {
			const account = Number(accountOf(json));
			pauses.set(account, (pauses.get(account) ?? 0) + 1);
		}
	}
	return {
		attempts: deliveries.length,
		timedOut: deliveries.filter((d) => d.status === null && d.error?.includes('no answer')).length,
		status5xx,
		otherErrors: deliveries.filter((d) => d.status === null && !d.error?.includes('no answer'))
			.length,
		lost: Math.max(events - eventIds.size, 0) + [...eventIds].filter((id) => !ok.has(id)).length,
		p50: percentile(times, 50),
		p99: percentile(times, 99),
		max: times[times.length - 1] ?? 0,
		executions: executions.length,
		byStatus,
		errors,
		paused: new Set(pauses.keys()),
		pausedTwice: [...pauses.values()].filter((n) => n > 1).length,
		seconds: (last - t0) / 1000,
	};
}

/** The storm itself: disconnections, the service's deliveries to both alerts, everything settled, then counted. */
export async function runStorm(
	cluster: Cluster,
	sandbox: Sandbox,
	urls: StormUrls,
	options: StormOptions,
): Promise<StormResult> {
	const log = options.log ?? (() => undefined);
	const example = autoPauseExample();
	const { trigger, pause } = exampleParts(example);
	const settings = await admin<{ deliveryTimeoutMs: number; deliveryRetryDelaysMs: number[] }>(
		sandbox,
		'GET',
		'/settings',
	);
	const lastAttempt = settings.deliveryRetryDelaysMs.length + 1;
	const accounts = (
		await service<Array<{ id: number; alive: boolean }>>(
			sandbox,
			'GET',
			'/accounts?per_page=100&page=0',
		)
	)
		.concat(
			...(await Promise.all(
				Array.from({ length: Math.ceil(options.events / 100) + 1 }, (_, p) =>
					service<Array<{ id: number; alive: boolean }>>(
						sandbox,
						'GET',
						`/accounts?per_page=100&page=${p + 1}`,
					),
				),
			)),
		)
		.filter((a) => a.alive)
		.map((a) => a.id)
		.slice(0, options.events);
	if (accounts.length < options.events)
		throw new Error(
			`the sandbox has only ${accounts.length} alive accounts for ${options.events} events`,
		);
	// The service's logs are read from here on, not cleared (a test may be counting other requests in them).
	const requestsBefore = (await admin<unknown[]>(sandbox, 'GET', '/requests')).length;
	// Runs from before the storm (a test that used the example first) are not the storm's.
	const earlier = new Set(
		[
			...(await executionsOf(cluster, example.id, false)),
			...(await executionsOf(cluster, CONTROL_ID, false)),
		].map((e) => e.id),
	);
	const updatesBefore = workflowUpdates(cluster);
	const logBefore = cluster.all.map((p) => p.output.length);

	const load = { min: Infinity, max: 0 };
	const sampler = setInterval(() => {
		const [one] = os.loadavg();
		load.min = Math.min(load.min, one);
		load.max = Math.max(load.max, one);
	}, 1000);
	const t0 = Date.now();
	log(`[storm] ${options.events} disconnections over ${options.overSeconds} s`);
	const gap = options.events > 1 ? (options.overSeconds * 1000) / options.events : 0;
	const payloads: Array<{ id: string; alert_id: number }> = [];
	await Promise.all(
		accounts.map(async (account, i) => {
			const due = t0 + i * gap - Date.now();
			if (due > 0) await sleep(due);
			const res = await admin<{ payloads: Array<{ id: string; alert_id: number }> }>(
				sandbox,
				'POST',
				`/accounts/${account}/disconnect`,
			);
			payloads.push(...res.payloads);
		}),
	);
	const perEvent = urls.controlAlert ? 2 : 1;
	if (payloads.length !== perEvent * options.events)
		throw new Error(`expected ${perEvent} deliveries per event, got ${payloads.length}`);

	// Settled when every event reached both alerts with a 2xx or ran out of attempts.
	const settleBy = Date.now() + (options.settleTimeoutMs ?? 600000);
	let deliveries: Array<Delivery & { alertId: number }> = [];
	for (;;) {
		const ours = new Set(payloads.map((p) => p.id));
		deliveries = (
			await admin<Array<Delivery & { alertId: number }>>(sandbox, 'GET', '/deliveries')
		).filter((d) => ours.has(d.eventId));
		const done = new Set(
			deliveries
				.filter(
					(d) =>
						(d.status !== null && d.status >= 200 && d.status < 300) || d.attempt >= lastAttempt,
				)
				.map((d) => `${d.eventId} ${d.alertId}`),
		);
		if (payloads.every((p) => done.has(`${p.id} ${p.alert_id}`))) break;
		if (Date.now() > settleBy)
			throw new Error('the service was still delivering when the wait ended');
		await sleep(1000);
	}
	log(`[storm] every delivery ended after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
	// Then every run those deliveries started: the counts stay put and nothing is unfinished.
	// An execution n8n created but never queued stays "new" (seen once in a 300-alert storm): when
	// nothing else changes for 30 s it is left as it is and counted under its status in the table.
	let previous = '';
	let stableSince = Date.now();
	let examples: ExecutionData[] = [];
	let controls: ExecutionData[] = [];
	for (;;) {
		const lists = await Promise.all(
			[example.id, CONTROL_ID].map((id) => executionsOf(cluster, id, false)),
		);
		const unfinished = lists.flat().filter((e) => ['new', 'running', 'waiting'].includes(e.status));
		const state = `${lists.flat().length} ${unfinished.map((e) => `${e.id}:${e.status}`).join(',')}`;
		if (state !== previous) stableSince = Date.now();
		const stable = state === previous;
		if (stable && unfinished.length === 0) break;
		if (
			stable &&
			Date.now() - stableSince >= 30000 &&
			unfinished.every((e) => e.status === 'new')
		) {
			log(`[storm] ${unfinished.length} execution(s) created but never started (status new)`);
			break;
		}
		if (Date.now() > settleBy) throw new Error('runs were still going when the wait ended');
		previous = state;
		await sleep(3000);
	}
	clearInterval(sampler);
	[examples, controls] = (
		await Promise.all([executionsOf(cluster, example.id), executionsOf(cluster, CONTROL_ID)])
	).map((list) => list.filter((e) => !earlier.has(e.id)));
	const requests = (
		await admin<Array<{ status: number | null }>>(sandbox, 'GET', '/requests')
	).slice(requestsBefore);
	const output = cluster.all.map((p, i) => p.output.slice(logBefore[i])).join('\n');
	const bytes = Number(
		cluster.sql(
			`SELECT length("staticData"::text) FROM workflow_entity WHERE id = '${example.id}'`,
		)[0] || 0,
	);
	const exampleSide = side(
		deliveries.filter((d) => d.url === urls.exampleUrl),
		options.events,
		settings.deliveryTimeoutMs,
		examples,
		trigger.name,
		pause.name,
		(json) => json.account_id,
		t0,
	);
	const controlSide = urls.controlAlert
		? side(
				deliveries.filter((d) => d.url === urls.controlUrl),
				options.events,
				settings.deliveryTimeoutMs,
				controls,
				'Webhook',
				pause.name,
				(json) => (json.body as Record<string, unknown> | undefined)?.account_id,
				t0,
			)
		: undefined;
	return {
		events: options.events,
		overSeconds: options.overSeconds,
		example: exampleSide,
		control: controlSide,
		missedByExample: [...(controlSide?.paused ?? [])].filter((a) => !exampleSide.paused.has(a))
			.length,
		workflowUpdates: workflowUpdates(cluster) - updatesBefore,
		staticDataBytes: bytes,
		status429: requests.filter((r) => r.status === 429).length,
		dbComplaints: Object.fromEntries(
			DB_COMPLAINTS.map((c) => [c, countLines(output, c)]).filter(([, n]) => n !== 0),
		),
		load: { min: load.min === Infinity ? 0 : load.min, max: load.max },
	};
}

/** Rows updated in n8n's workflow table so far (Postgres's statistics; they lag by up to a second or so). */
function workflowUpdates(cluster: Cluster): number {
	cluster.sql('SELECT pg_stat_clear_snapshot()');
	return Number(
		cluster.sql(`SELECT n_tup_upd FROM pg_stat_user_tables WHERE relname = 'workflow_entity'`)[0] ||
			0,
	);
}

/** The issue's table: one row per side. */
export function stormTable(r: StormResult): string {
	const row = (name: string, s: Side, extra: string) => {
		const fivexx = Object.entries(s.status5xx)
			.map(([k, v]) => `${v} × ${k}`)
			.join(', ');
		const errors = Object.entries(s.errors)
			.map(([k, v]) => `${v} × "${k.slice(0, 80)}"`)
			.join('; ');
		return `| ${name} | ${s.lost} | ${s.paused.size}${extra} | ${s.pausedTwice} | ${s.executions} (${Object.entries(
			s.byStatus,
		)
			.map(([k, v]) => `${k} ${v}`)
			.join(', ')}) | ${s.attempts}: ${s.timedOut} timed out${fivexx ? `, ${fivexx}` : ''}${
			s.otherErrors ? `, ${s.otherErrors} other errors` : ''
		} | ${s.p50} / ${s.p99} / ${s.max} | ${s.seconds.toFixed(1)} | ${errors || '–'} |`;
	};
	return [
		'| side | events lost | mailboxes paused | paused twice | executions | delivery attempts | answer ms p50 / p99 / max | s | failed runs |',
		'|---|---|---|---|---|---|---|---|---|',
		...(r.control ? [row('control (core Webhook → Pause)', r.control, '')] : []),
		row(
			'Deliverability Alert Trigger (auto-pause example)',
			r.example,
			r.missedByExample ? ` (${r.missedByExample} the control paused missing)` : '',
		),
		'',
		`workflow-table UPDATEs during the storm: ${r.workflowUpdates} (${(r.workflowUpdates / r.events).toFixed(2)} per event); example's static data after: ${r.staticDataBytes} bytes; 429s from the service: ${r.status429}; load average (1 min) ${r.load.min.toFixed(1)}–${r.load.max.toFixed(1)}; n8n log: ${
			Object.entries(r.dbComplaints)
				.map(([k, v]) => `${v} × "${k}"`)
				.join(', ') || 'no database complaint'
		}`,
	].join('\n');
}

/**
 * What one delivery costs the webhook processors, each side alone: `count` deliveries sent one at a time (straight to
 * the hook URLs, each for one of `accounts`, a pause between them so the processors' work after the answer — the
 * execution row, the job, the static-data save, a new expression isolate built in the background — is counted too),
 * against an idle stretch of the same length. Sequential, so it is the cost per delivery, not queueing.
 */
export async function answerCost(
	cluster: Cluster,
	urls: StormUrls,
	accounts: number[],
): Promise<string> {
	const cpu = () =>
		cluster.webhooks.flatMap((p) => p.pids()).reduce((sum, pid) => sum + cpuSeconds(pid), 0);
	const gapMs = 300;
	const idle = async (ms: number) => {
		const before = cpu();
		await sleep(ms);
		return cpu() - before;
	};
	const rows: string[] = [];
	for (const [side, url] of [
		['control (core Webhook → Pause)', urls.controlUrl],
		['Deliverability Alert Trigger (auto-pause example)', urls.exampleUrl],
	] as const) {
		const times: number[] = [];
		const before = cpu();
		const t0 = Date.now();
		for (const account of accounts) {
			const started = performance.now();
			const res = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({
					id: `evt_cost_${randomBytes(6).toString('hex')}`,
					event: 'ACCOUNT_DISCONNECTED',
					account_id: account,
				}),
			});
			await res.text();
			times.push(performance.now() - started);
			if (res.status !== 200) throw new Error(`${side}: the processor answered ${res.status}`);
			await sleep(gapMs);
		}
		await sleep(1000);
		const busy = cpu() - before;
		const quiet = await idle(Date.now() - t0);
		times.sort((a, b) => a - b);
		rows.push(
			`| ${side} | ${accounts.length} | ${Math.round(((busy - quiet) * 1000) / accounts.length)} | ${Math.round(percentile(times, 50))} / ${Math.round(times[times.length - 1])} |`,
		);
	}
	return [
		'| side | deliveries, one at a time | processor CPU ms per delivery (above idle) | answer ms p50 / max |',
		'|---|---|---|---|',
		...rows,
	].join('\n');
}
