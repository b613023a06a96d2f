/**
 * One run of one variant: `n8n execute` of its workflow, measured (time, the sandbox's request log, peak RSS and CPU
 * of the n8n process).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { cpuSeconds, rssMiB } from '../../support/process-stats';
import { N8n } from '../../support/n8n-process';
import { freePort } from '../../support/ports';
import { runtimePaths } from '../../support/runtime';
import { busiestSecond } from '../../support/busiest-second';
import { admin } from '../../support/sandbox-admin';
import type { Sandbox } from '../../sandbox';
import type { Scenario, Variant } from './scenario';

export interface Measured {
	ms: number;
	nodeMs: number;
	requests: number;
	r429: number;
	maxPerSecond: number;
	items: number;
	unique: number;
	duplicates: number;
	failed: number;
	rssMiB: number;
	cpuS: number;
	/** Connections that carried the run's API requests, and how many of them resumed a TLS session. */
	connections: number;
	resumed: number;
	error?: string;
}

interface LogEntry {
	at: string;
	method: string;
	path: string;
	status: number | null;
}

/**
 * One `n8n execute`, with the n8n process's peak RSS and CPU sampled while it runs. Its output goes to a file, not a
 * pipe: n8n 2.41.1 sometimes crashes while shutting down (SIGSEGV after printing the run), and a pipe loses what
 * was not yet flushed, where writes to a file are synchronous.
 */
export async function execute(
	n8n: N8n,
	workflowId: string,
): Promise<{ out: string; rssMiB: number; cpuS: number }> {
	const paths = runtimePaths();
	// A busy machine (--hogs) can keep the task runner from taking the Code node's task within n8n's 60 s default.
	const env = {
		...n8n.env(),
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		N8N_RUNNERS_TASK_REQUEST_TIMEOUT: '600',
	};
	const file = path.join(n8n.userFolder, `execute-${workflowId}.out`);
	const fd = fs.openSync(file, 'w');
	const child = spawn(
		paths.nodeBin,
		[paths.n8nMain, 'execute', `--id=${workflowId}`, '--rawOutput'],
		{ cwd: n8n.userFolder, env, stdio: ['ignore', fd, fd] },
	);
	let peak = 0;
	let cpu = 0;
	const sample = setInterval(() => {
		if (child.pid) {
			peak = Math.max(peak, rssMiB(child.pid));
			cpu = Math.max(cpu, cpuSeconds(child.pid));
		}
	}, 50);
	const code = await new Promise<number | string | null>((resolve) =>
		child.on('close', (c, signal) => resolve(c ?? signal)),
	);
	clearInterval(sample);
	fs.closeSync(fd);
	const out = fs.readFileSync(file, 'utf8');
	fs.rmSync(file, { force: true });
	// The printed run decides, not the exit code (1 after a failed run; see above for the crash at shutdown).
	if (!out.includes('"resultData"'))
		throw new Error(`n8n execute exited ${code} without a run: ${out.slice(-3000)}`);
	return { out, rssMiB: peak, cpuS: cpu };
}

interface RawRun {
	startedAt?: string;
	stoppedAt?: string;
	data: {
		resultData: {
			error?: { message?: string };
			runData: Record<
				string,
				Array<{
					executionTime?: number;
					data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
				}>
			>;
		};
	};
}

function parseRun(out: string): RawRun {
	// The pretty-printed run starts with a line "{" and ends with the last line "}"; log lines may surround it.
	const start = out.search(/^\{$/m);
	const end = out.lastIndexOf('\n}');
	if (start < 0 || end < start)
		throw new Error(`n8n execute printed no run: ${out.slice(0, 2000)}`);
	return JSON.parse(out.slice(start, end + 2)) as RawRun;
}

export async function measure(
	n8n: N8n,
	sandbox: Sandbox,
	scenario: Scenario,
	variant: Variant,
): Promise<Measured> {
	await admin(sandbox, 'DELETE', '/requests');
	await admin(sandbox, 'DELETE', '/connections');
	// The sliding window starts empty for every run.
	await admin(sandbox, 'POST', '/rate-limit', { perSecond: scenario.server.perSecond });
	const { out, rssMiB: rss, cpuS } = await execute(n8n, String(variant.workflow.id));
	const run = parseRun(out);
	const paths = scenario.paths ?? ['/accounts'];
	const log = (await admin<LogEntry[]>(sandbox, 'GET', '/requests')).filter((r) =>
		paths.some((p) => r.path.startsWith(p)),
	);
	const connections = await admin<{ opened: number; resumed: number }>(
		sandbox,
		'GET',
		'/connections',
	);
	const nodeRun = run.data.resultData.runData[variant.node]?.[0];
	const items = (nodeRun?.data?.main?.[0] ?? []).map((i) => i.json);
	let unique: number;
	let failed = 0;
	if (scenario.kind === 'list') {
		unique = new Set(items.map((i) => i.id)).size;
	} else if (scenario.kind === 'trend') {
		// One trend per sender or per mailbox; a failed item or run counts as failed.
		unique = new Set(items.map((i) => String(i.sender ?? i.account_id))).size;
		failed =
			items.filter((i) => i.error !== undefined).length + (run.data.resultData.error ? 1 : 0);
	} else {
		failed =
			items.filter((i) => i.error !== undefined).length +
			(run.data.resultData.error ? 500 - items.length : 0);
		const done = log.filter((r) => r.method === 'POST' && r.status === 200).map((r) => r.path);
		unique = new Set(done).size;
	}
	const applied =
		scenario.kind !== 'update'
			? items.length
			: log.filter((r) => r.method === 'POST' && r.status === 200).length;
	return {
		ms:
			run.startedAt && run.stoppedAt
				? Date.parse(run.stoppedAt) - Date.parse(run.startedAt)
				: Number.NaN,
		nodeMs: nodeRun?.executionTime ?? Number.NaN,
		requests: log.length,
		r429: log.filter((r) => r.status === 429).length,
		maxPerSecond: busiestSecond(log.map((r) => Date.parse(r.at))),
		items: items.length,
		unique,
		duplicates: applied - unique,
		failed,
		rssMiB: Math.round(rss),
		cpuS,
		connections: connections.opened,
		resumed: connections.resumed,
		error: run.data.resultData.error?.message,
	};
}
