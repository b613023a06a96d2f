/**
 * `npm run bench`: this package's node against n8n's HTTP Request node (v4.2), both inside a real n8n 2.41.1
 * (the runtime in .cache/runtime; our package packed and installed as users get it) against the sandbox. Numbers are
 * printed (and written to .cache/bench/last.md), never asserted.
 *
 * Every run is `n8n execute --id <workflow> --rawOutput`: a fresh n8n process, so its peak RSS belongs to that run
 * alone. Variants of a scenario run interleaved (ours, anchor, ours, anchor, …), `--runs` times each (default 3).
 * Per run: execution time (stoppedAt − startedAt), requests the sandbox received, 429s, the most requests in any
 * one-second window, items out, unique ids, duplicates, failed items, peak RSS of the n8n process; plus the client
 * CPU per page of the list scenarios (n8n's CPU for the run minus an empty run's, over the pages).
 *
 *   npm run bench                          # every scenario, 3 runs each (about 35 minutes on 2 busy cores)
 *   npm run bench -- --runs 1 --only 10k   # scenarios whose name contains "10k", one run each
 *   npm run bench -- --skip '200k|ignored'  # without the scenarios whose names contain these ('|' separates)
 *   npm run bench -- --hogs 2 --only '500 updates, 20 ms'   # with 2 busy-loop processes beside n8n (a busy machine)
 *   npm run bench -- --variants 'this node'  # this node's variants only (no HTTP Request anchors)
 *   npm run bench -- --only HTTPS --skip 'client CPU'   # the same list walk over HTTPS and over HTTP, interleaved
 *   npm run bench -- --only trend          # the trends: 1,000 spam tests and 200 mailboxes (scripts/trend-load.ts)
 *
 * First, "client CPU" (scripts/client-cpu.ts): CPU per request of the node alone, in-process, against a bare
 * fetch + JSON.parse of the same pages (skip it with `--skip 'client CPU'`); then "trend heap" (scripts/trend-load.ts):
 * the JS heap of the two trend reads, in-process.
 *
 * The anchor is what users build instead: HTTP Request with generic header auth (X-Api-Key), pagination "Update a
 * Parameter in Each Request" (page = {{ $pageCount }}), complete when the response is empty; for the bulk updates:
 * its defaults, and Batching 20 items / 1000 ms.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { clientCpuTable, measureClientCpu, median, type ClientCpu } from './client-cpu';
import {
	buildAndPack,
	cpuSeconds,
	freePort,
	installPackage,
	N8n,
	NODE_TYPES,
	rssMiB,
} from '../support/n8n-process';
import { ensureRuntime, repoRoot, runtimePaths } from '../support/runtime';
import {
	mailboxes,
	measureTrendHeap,
	seedTrendHistory,
	spamTestTrend,
	trendHeapTable,
	warmingTrend,
	type TrendHeap,
} from './trend-load';
import { busiestSecond } from '../support/busiest-second';
import { admin } from '../support/sandbox-admin';
import { startSandbox, type Sandbox } from '../sandbox';
import { makeRunCa } from '../support/tls-ca';

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => {
	const at = argv.indexOf(`--${name}`);
	return at >= 0 ? argv[at + 1] : undefined;
};
const RUNS = Number(flag('runs') ?? 3);
const ONLY = flag('only')?.split('|');
const SKIP = flag('skip')?.split('|');
/** Only the variants whose labels contain one of these ('|' separates), e.g. 'this node'. */
const VARIANTS = flag('variants')?.split('|');
/** Busy-loop processes kept running beside n8n while the scenarios run (a machine busy with other work). */
const HOGS = Number(flag('hogs') ?? 0);

const CRED = {
	paced: 'DlvBenchPaced020',
	unpaced: 'DlvBenchUnpaced0',
	/** The unpaced credential at the sandbox served over HTTPS (the TLS scenarios). */
	unpacedTls: 'DlvBenchTlsUnpac',
	header: 'HttpHdrBench0001',
};

interface Server {
	latencyMs: number;
	/** Sliding one-second window per key; null = no limit. */
	perSecond: number | null;
	perPageMode: 'honour' | 'ignore';
}

interface Variant {
	label: string;
	workflow: Record<string, unknown>;
	/** Name of the node whose output is counted. */
	node: string;
	/** Runs against the group's sandbox served over HTTPS (its requests are counted there). */
	overTls?: boolean;
}

interface Scenario {
	name: string;
	accounts: number;
	server: Server;
	kind: 'list' | 'update' | 'trend';
	variants: Variant[];
	/** The API paths whose requests count (default: /accounts). */
	paths?: string[];
	/** Prepares the sandbox after its reset, before the runs (a history for the trends). */
	setup?: (sandbox: Sandbox) => Promise<void>;
	/** The floor (ms) the goal is measured against, when the issue states one. */
	floorMs?: number;
	/** The same walk over HTTP and over HTTPS: the ratio reported is HTTPS / HTTP. */
	tlsPair?: boolean;
}

interface Measured {
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

let workflowSeq = 0;
function workflow(name: string, nodes: Array<Record<string, unknown>>): Record<string, unknown> {
	const id = `BenchWf${String(++workflowSeq).padStart(9, '0')}`;
	const connections: Record<string, unknown> = {};
	for (let i = 0; i + 1 < nodes.length; i++) {
		connections[String(nodes[i].name)] = {
			main: [[{ node: String(nodes[i + 1].name), type: 'main', index: 0 }]],
		};
	}
	return {
		id,
		name,
		nodes: nodes.map((n, i) => ({
			id: `${id}-${i}`,
			typeVersion: 1,
			position: [i * 220, 0],
			...n,
		})),
		connections,
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

const trigger = { name: 'Start', type: 'n8n-nodes-base.manualTrigger', parameters: {} };
const ids500 = {
	name: 'Ids',
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	parameters: {
		jsCode: 'return Array.from({ length: 500 }, (_, i) => ({ json: { id: i + 1 } }));',
	},
};

function ours(
	name: string,
	parameters: Record<string, unknown>,
	credential: string,
): Record<string, unknown> {
	return {
		name,
		type: NODE_TYPES.action,
		parameters,
		credentials: { deliverabilityApi: { id: credential, name: credential } },
	};
}

/**
 * Return All over 10,000 accounts, pacer off, by the same node and workflow over HTTP and over HTTPS (a sandbox with
 * a certificate from a CA made for the run, which n8n trusts through NODE_EXTRA_CA_CERTS), interleaved.
 */
function tlsScenario(name: string, server: Server): Scenario {
	const list = (credential: string) =>
		ours(
			'List',
			{ resource: 'account', operation: 'getAll', returnAll: true, simplify: false },
			credential,
		);
	return {
		name,
		accounts: 10_000,
		server,
		kind: 'list',
		tlsPair: true,
		variants: [
			{
				label: 'this node over HTTP (pacer off)',
				node: 'List',
				workflow: workflow(`${name} http`, [trigger, list(CRED.unpaced)]),
			},
			{
				label: 'this node over HTTPS (pacer off)',
				node: 'List',
				overTls: true,
				workflow: workflow(`${name} https`, [trigger, list(CRED.unpacedTls)]),
			},
		],
	};
}

function httpRequest(
	name: string,
	baseUrl: string,
	parameters: Record<string, unknown>,
): Record<string, unknown> {
	return {
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			...parameters,
			url: `${String(parameters.url).includes('{{') ? '=' : ''}${baseUrl}${String(parameters.url)}`,
		},
		credentials: { httpHeaderAuth: { id: CRED.header, name: CRED.header } },
	};
}

function listScenario(
	name: string,
	baseUrl: string,
	accounts: number,
	server: Server,
	paced: boolean,
	anchor: boolean,
	floorMs?: number,
): Scenario {
	const variants: Variant[] = [
		{
			label: paced ? 'this node (20/s)' : 'this node (pacer off)',
			node: 'List',
			workflow: workflow(`${name} ours`, [
				trigger,
				ours(
					'List',
					{ resource: 'account', operation: 'getAll', returnAll: true, simplify: false },
					paced ? CRED.paced : CRED.unpaced,
				),
			]),
		},
	];
	if (anchor) {
		variants.push({
			label: 'HTTP Request',
			node: 'List',
			workflow: workflow(`${name} http`, [
				trigger,
				httpRequest('List', baseUrl, {
					url: '/accounts',
					options: {
						pagination: {
							pagination: {
								paginationMode: 'updateAParameterInEachRequest',
								parameters: {
									parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount }}' }],
								},
								paginationCompleteWhen: 'responseIsEmpty',
							},
						},
					},
				}),
			]),
		});
	}
	return { name, accounts, server, kind: 'list', variants, floorMs };
}

function updateScenario(name: string, baseUrl: string, server: Server): Scenario {
	const body = { config_rampup_target: 20 };
	return {
		name,
		accounts: 10_000,
		server,
		kind: 'update',
		floorMs: 25_000,
		variants: [
			{
				label: 'this node (20/s)',
				node: 'Update',
				workflow: workflow(`${name} ours`, [
					trigger,
					ids500,
					ours(
						'Update',
						{
							resource: 'account',
							operation: 'update',
							accountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
							updateFields: body,
						},
						CRED.paced,
					),
				]),
			},
			...[
				['HTTP Request (defaults)', {}],
				[
					'HTTP Request (batching 20 / 1 s)',
					{ batching: { batch: { batchSize: 20, batchInterval: 1000 } } },
				],
			].map(([label, options]) => ({
				label: label as string,
				node: 'Update',
				workflow: workflow(`${name} ${String(label)}`, [
					trigger,
					ids500,
					httpRequest('Update', baseUrl, {
						method: 'POST',
						url: '/accounts/{{ $json.id }}',
						sendBody: true,
						specifyBody: 'json',
						jsonBody: JSON.stringify(body),
						options,
					}),
				]),
			})),
		],
	};
}

/**
 * A trend read at the service's 20 requests a second (the paced credential), no anchor: the workflow users would
 * otherwise build is a Code node doing the arithmetic, not one request.
 */
function trendScenario(
	name: string,
	server: Server,
	nodes: Array<Record<string, unknown>>,
	paths: string[],
): Scenario {
	return {
		name,
		accounts: 1_000,
		server,
		kind: 'trend',
		paths,
		setup: seedTrendHistory,
		variants: [
			{ label: 'this node (20/s)', node: 'Trend', workflow: workflow(name, [trigger, ...nodes]) },
		],
	};
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
async function execute(
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

async function measure(
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

/**
 * `--hogs N`: N processes that each spin one core at 100 % (a busy loop in plain Node), started before the scenarios
 * and stopped after them, so the pacer is measured with timers firing late and requests leaving in clumps. Returns the
 * function that stops them (by their own pids) and the load average seen meanwhile.
 */
function startHogs(count: number): { stop: () => void; load: () => number } {
	const hogs = Array.from({ length: count }, () =>
		spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
	);
	let peakLoad = 0;
	const sample = setInterval(() => (peakLoad = Math.max(peakLoad, os.loadavg()[0])), 1000);
	return {
		stop: () => {
			clearInterval(sample);
			for (const hog of hogs) hog.kill('SIGKILL');
		},
		load: () => peakLoad,
	};
}

const sec = (ms: number): string => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '–');

async function main(): Promise<void> {
	const started = Date.now();
	await ensureRuntime({ log: (m) => process.stderr.write(`${m}\n`) });
	process.stderr.write('bench: building and packing the package …\n');
	const tgz = await buildAndPack();
	const results: Array<{ scenario: Scenario; variant: Variant; runs: Measured[] }> = [];
	const baselines: number[] = [];
	const wanted = (name: string): boolean =>
		(!ONLY || ONLY.some((o) => name.includes(o))) && (!SKIP || !SKIP.some((k) => name.includes(k)));
	if (wanted('client CPU')) {
		process.stderr.write('bench: client CPU per request, in-process …\n');
		clientCpu = await measureClientCpu();
	}
	if (wanted('trend heap')) {
		process.stderr.write('bench: the JS heap of the trend reads, in-process …\n');
		trendHeap = await measureTrendHeap();
	}

	const groups: Array<{
		accounts: number;
		/** Also start a sandbox over HTTPS, and have n8n trust its CA. */
		tls?: boolean;
		make: (baseUrl: string) => Scenario[];
	}> = [
		{
			accounts: 10_000,
			make: (b) => [
				// The scenarios of the issue's goals first, so a run cut short has those.
				listScenario(
					'10k, 150 ms, 20/s window',
					b,
					10_000,
					{ latencyMs: 150, perSecond: 20, perPageMode: 'honour' },
					true,
					true,
					5050,
				),
				listScenario(
					'10k, 150 ms, 20/s window, per_page ignored',
					b,
					10_000,
					{ latencyMs: 150, perSecond: 20, perPageMode: 'ignore' },
					true,
					false,
					10050,
				),
				updateScenario('500 updates, 150 ms, 20/s window', b, {
					latencyMs: 150,
					perSecond: 20,
					perPageMode: 'honour',
				}),
				updateScenario('500 updates, 20 ms, 20/s window', b, {
					latencyMs: 20,
					perSecond: 20,
					perPageMode: 'honour',
				}),
				listScenario(
					'10k, 20 ms, no limit',
					b,
					10_000,
					{ latencyMs: 20, perSecond: null, perPageMode: 'honour' },
					false,
					true,
				),
				listScenario(
					'10k, 150 ms, no limit',
					b,
					10_000,
					{ latencyMs: 150, perSecond: null, perPageMode: 'honour' },
					false,
					true,
				),
				listScenario(
					'10k, 20 ms, 20/s window',
					b,
					10_000,
					{ latencyMs: 20, perSecond: 20, perPageMode: 'honour' },
					true,
					true,
					5050,
				),
			],
		},
		{
			accounts: 10_000,
			tls: true,
			make: () => [
				tlsScenario('10k over HTTPS and HTTP, 0 ms, no limit', {
					latencyMs: 0,
					perSecond: null,
					perPageMode: 'honour',
				}),
				tlsScenario('10k over HTTPS and HTTP, 20 ms, no limit', {
					latencyMs: 20,
					perSecond: null,
					perPageMode: 'honour',
				}),
			],
		},
		{
			accounts: 1_000,
			make: () => [
				trendScenario(
					'trend: 1,000 spam tests, 20 ms, 20/s window',
					{ latencyMs: 20, perSecond: 20, perPageMode: 'honour' },
					[ours('Trend', spamTestTrend, CRED.paced)],
					['/spam_tests'],
				),
				trendScenario(
					'trend: 200 mailboxes, 20 ms, 20/s window',
					{ latencyMs: 20, perSecond: 20, perPageMode: 'honour' },
					[ours('Mailboxes', mailboxes, CRED.paced), ours('Trend', warmingTrend, CRED.paced)],
					['/accounts', '/conversation_message_logs'],
				),
			],
		},
		{
			accounts: 200_000,
			make: (b) => [
				listScenario(
					'200k, 0 ms, no limit',
					b,
					200_000,
					{ latencyMs: 0, perSecond: null, perPageMode: 'honour' },
					false,
					true,
				),
			],
		},
	];

	for (const group of groups) {
		const sandbox = await startSandbox({ port: 0, smtpPort: 0, accounts: group.accounts });
		const scenarios = group
			.make(sandbox.baseUrl)
			.filter((s) => wanted(s.name))
			.map((s) => ({
				...s,
				variants: s.variants.filter((v) => !VARIANTS || VARIANTS.some((w) => v.label.includes(w))),
			}))
			.filter((s) => s.variants.length > 0);
		if (scenarios.length === 0) {
			await sandbox.close();
			continue;
		}
		const ca = group.tls ? makeRunCa() : undefined;
		const tlsSandbox = ca
			? await startSandbox({ accounts: group.accounts, tls: ca.issue('sandbox') })
			: undefined;
		const sandboxOf = (variant: Variant) => (variant.overTls && tlsSandbox) || sandbox;
		const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-bench-'));
		const n8n = new N8n({
			userFolder,
			env: ca ? { NODE_EXTRA_CA_CERTS: ca.caFile } : undefined,
		});
		try {
			await installPackage(userFolder, tgz);
			const key = sandbox.apiKeys.A;
			await n8n.importCredentials([
				{
					id: CRED.paced,
					name: CRED.paced,
					type: 'deliverabilityApi',
					data: {
						apiKey: key,
						baseUrl: sandbox.baseUrl,
						headerForm: 'bearer',
						maxRequestsPerSecond: 20,
					},
				},
				{
					id: CRED.unpaced,
					name: CRED.unpaced,
					type: 'deliverabilityApi',
					data: {
						apiKey: key,
						baseUrl: sandbox.baseUrl,
						headerForm: 'bearer',
						maxRequestsPerSecond: 0,
					},
				},
				...(tlsSandbox
					? [
							{
								id: CRED.unpacedTls,
								name: CRED.unpacedTls,
								type: 'deliverabilityApi',
								data: {
									apiKey: tlsSandbox.apiKeys.A,
									baseUrl: tlsSandbox.baseUrl,
									headerForm: 'bearer',
									maxRequestsPerSecond: 0,
								},
							},
						]
					: []),
				{
					id: CRED.header,
					name: CRED.header,
					type: 'httpHeaderAuth',
					data: { name: 'X-Api-Key', value: `Bearer ${key}` },
				},
			]);
			const empty = workflow('empty', [trigger]);
			await n8n.importWorkflows([
				empty,
				...scenarios.flatMap((s) => s.variants.map((v) => v.workflow)),
			]);
			// The CPU an n8n execute spends on start-up and an empty run: subtracted for the CPU per page; its peak RSS
			// is what n8n alone takes.
			for (let i = 0; i < 2; i++) {
				const idle = await execute(n8n, String(empty.id));
				baselines.push(idle.cpuS);
				emptyRss.push(idle.rssMiB);
			}
			const hogs = HOGS > 0 ? startHogs(HOGS) : undefined;
			if (hogs) process.stderr.write(`bench: ${HOGS} busy-loop processes running beside n8n\n`);
			try {
				for (const scenario of scenarios) {
					for (const each of tlsSandbox ? [sandbox, tlsSandbox] : [sandbox]) {
						await admin(each, 'POST', '/reset');
						await admin(each, 'POST', '/settings', {
							latencyMs: scenario.server.latencyMs,
							perPageMode: scenario.server.perPageMode,
						});
						await scenario.setup?.(each);
					}
					const runs = scenario.variants.map(() => [] as Measured[]);
					for (let r = 0; r < RUNS; r++) {
						for (const [v, variant] of scenario.variants.entries()) {
							const m = await measure(n8n, sandboxOf(variant), scenario, variant);
							runs[v].push(m);
							process.stderr.write(
								`bench: ${scenario.name} | ${variant.label} | run ${r + 1}: ${sec(m.ms)} s (node ${sec(m.nodeMs)} s), ${m.requests} requests over ${m.connections} connections (${m.resumed} resumed), ${m.r429} × 429, max ${m.maxPerSecond}/s, ${m.items} items, ${m.unique} unique, ${m.duplicates} duplicates, ${m.failed} failed, ${m.rssMiB} MiB, CPU ${m.cpuS.toFixed(2)} s${m.error ? `, error: ${m.error}` : ''}\n`,
							);
						}
					}
					scenario.variants.forEach((variant, v) =>
						results.push({ scenario, variant, runs: runs[v] }),
					);
					report(results, baselines, started);
				}
			} finally {
				if (hogs) {
					hogs.stop();
					hogLoad = Math.max(hogLoad, hogs.load());
				}
			}
		} finally {
			await n8n.stop().catch(() => undefined);
			await sandbox.close();
			await tlsSandbox?.close();
			ca?.remove();
			if (process.env.BENCH_KEEP) process.stderr.write(`bench: kept ${userFolder}\n`);
			else fs.rmSync(userFolder, { recursive: true, force: true });
		}
	}

	report(results, baselines, started);
	process.stdout.write(fs.readFileSync(reportFile(), 'utf8'));
}

/** Peak RSS (MiB) of `n8n execute` running an empty workflow: n8n alone, beside which a scenario's RSS reads. */
const emptyRss: number[] = [];

/** The in-process heap of the trend reads, when measured (printed with the table). */
let trendHeap: TrendHeap[] = [];

/** The highest 1-minute load average seen while the hogs ran. */
let hogLoad = 0;

/** The in-process client CPU figures, when measured (printed with the table). */
let clientCpu: ClientCpu[] = [];

/** Where the table goes: .cache/bench/last.md, or `--out <file>` (two benches at once keep their own). */
function reportFile(): string {
	return path.resolve(flag('out') ?? path.join(repoRoot, '.cache', 'bench', 'last.md'));
}

/** The table and ratios so far (written after every scenario, so a long run can be stopped with what it has). */
function report(
	results: Array<{ scenario: Scenario; variant: Variant; runs: Measured[] }>,
	baselines: number[],
	started: number,
): void {
	const baseline = baselines.length ? median(baselines) : 0;
	const rows: string[] = [
		'| scenario | variant | time median (min–max) s | node s | requests | 429s | max req in 1 s | items out | unique ids | duplicates | failed | peak RSS MiB | CPU ms/page |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|---|',
	];
	for (const { scenario, variant, runs } of results) {
		const ms = runs.map((m) => m.ms);
		const pick = (f: (m: Measured) => number) => median(runs.map(f));
		const cpuPerPage =
			scenario.kind === 'list'
				? ((pick((m) => m.cpuS) - baseline) * 1000) /
					Math.max(
						1,
						pick((m) => m.requests),
					)
				: Number.NaN;
		rows.push(
			`| ${scenario.name} | ${variant.label} | ${sec(median(ms))} (${sec(Math.min(...ms))}–${sec(Math.max(...ms))}) | ${sec(pick((m) => m.nodeMs))} | ${pick((m) => m.requests)} | ${pick((m) => m.r429)} | ${pick((m) => m.maxPerSecond)} | ${pick((m) => m.items)} | ${pick((m) => m.unique)} | ${pick((m) => m.duplicates)} | ${pick((m) => m.failed)} | ${pick((m) => m.rssMiB)} | ${Number.isFinite(cpuPerPage) ? cpuPerPage.toFixed(1) : '–'} |`,
		);
	}
	const ratios: string[] = [
		'',
		'| scenario | ours vs HTTP Request | ours vs floor |',
		'|---|---|---|',
	];
	const scenarioNames = [...new Set(results.map((r) => r.scenario.name))];
	for (const name of scenarioNames) {
		const group = results.filter((r) => r.scenario.name === name);
		if (group[0].scenario.tlsPair) {
			const [overHttp, overHttps] = group.map((g) => median(g.runs.map((m) => m.ms)));
			const links = group
				.map((g) => {
					const pick = (f: (m: Measured) => number) => median(g.runs.map(f));
					return `${g.variant.overTls ? 'HTTPS' : 'HTTP'} ${pick((m) => m.connections)} connections (${pick((m) => m.resumed)} resumed) for ${pick((m) => m.requests)} requests`;
				})
				.join('; ');
			ratios.push(
				`| ${name} | HTTPS / HTTP: ${(overHttps / overHttp).toFixed(2)}× (${links}) | – |`,
			);
			continue;
		}
		const our = group.find((g) => g.variant.label.startsWith('this node'));
		if (!our) continue;
		const ourMs = median(our.runs.map((m) => m.ms));
		const anchors = group
			.filter((g) => g !== our)
			.map((g) => {
				const failedRuns = g.runs.filter((m) => m.failed > 0 || m.error).length;
				// An anchor that failed stopped early: its time says nothing about speed.
				if (failedRuns === g.runs.length) return `${g.variant.label} failed in every run`;
				return `${(median(g.runs.map((m) => m.ms)) / ourMs).toFixed(2)}× faster than ${g.variant.label}${failedRuns ? ` (it failed in ${failedRuns}/${g.runs.length} runs)` : ''}`;
			});
		const floor = our.scenario.floorMs
			? `${(ourMs / our.scenario.floorMs).toFixed(2)} × ${sec(our.scenario.floorMs)} s`
			: '–';
		ratios.push(`| ${name} | ${anchors.join('; ') || '–'} | ${floor} |`);
	}
	const cpu = clientCpu.length ? ['', ...clientCpuTable(clientCpu)] : [];
	const heap = trendHeap.length ? ['', ...trendHeapTable(trendHeap)] : [];
	const text = [
		...rows,
		...ratios,
		...cpu,
		...heap,
		'',
		`Runs per variant: ${RUNS}${HOGS > 0 ? `; ${HOGS} busy-loop processes beside n8n (1-min load average up to ${hogLoad.toFixed(1)} on ${os.cpus().length} cores)` : ''}; n8n execute baseline CPU ${baseline.toFixed(2)} s, peak RSS ${emptyRss.length ? Math.round(median(emptyRss)) : '–'} MiB; 1-min load average ${os.loadavg()[0].toFixed(1)} at the end; bench took ${Math.round((Date.now() - started) / 60000)} min.`,
	].join('\n');
	fs.mkdirSync(path.join(repoRoot, '.cache', 'bench'), { recursive: true });
	fs.writeFileSync(reportFile(), `${text}\n`);
	process.stderr.write(`${text}\n`);
}

main().catch((error: unknown) => {
	process.stderr.write(
		`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
