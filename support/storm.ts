/**
 * An alert storm in a queue-mode cluster, with its control, for `npm run bench:storm` and the queue-mode storm test:
 * N mailboxes disconnect (the sandbox's admin `disconnect`, spread over S seconds or all at once), and the sandbox
 * delivers each ACCOUNT_DISCONNECTED with its own policy (timeout, retries, then dropped) to two alerts of the same
 * project:
 *
 * - the auto-pause example (Deliverability Alert Trigger → Pause the mailbox), registered by publishing it;
 * - the control: n8n's core Webhook node (answering on receipt) → the same Pause node, registered here as a second
 *   alert at the Webhook's production URL.
 *
 * Both run in the same cluster, at the same time, against the same service, so whatever the machine does to one it
 * does to the other. The result counts per side what the service saw (attempts, answer times, timeouts, 5xx, events
 * dropped after the last attempt) and what n8n did (executions by status, mailboxes paused, paused twice), plus the
 * database work of the run (UPDATEs of n8n's workflow table: static-data saves) and n8n's own complaints in its logs.
 *
 * The two workflows: storm-workflows.ts; publishing them and registering the alerts: storm-setup.ts; what is read
 * from the cluster: storm-cluster.ts; the counting per side and the table: storm-tally.ts.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';

import { cpuSeconds } from './process-stats';
import type { Cluster } from './queue-cluster';
import { admin } from './sandbox-admin';
import { service } from './sandbox-api';
import {
	executionsOf,
	sleep,
	workflowUpdates,
	type ExecutionData,
	type Sandbox,
} from './storm-cluster';
import type { StormUrls } from './storm-setup';
import {
	countLines,
	DB_COMPLAINTS,
	percentile,
	side,
	type Delivery,
	type StormResult,
} from './storm-tally';
import { autoPauseExample, CONTROL_ID, exampleParts } from './storm-workflows';

export interface StormOptions {
	/** Mailboxes disconnected. */
	events: number;
	/** Spread the disconnections evenly over this many seconds (0: all at once). */
	overSeconds: number;
	/** Give up waiting for the storm to settle after this long (the service's retries end well before). */
	settleTimeoutMs?: number;
	log?: (message: string) => void;
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
