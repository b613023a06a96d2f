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
 * This file is the runner (flags, sandboxes, n8n, the order of the scenarios); each kind of scenario is a file in
 * scripts/bench/ (list, update, https, trend), one run's measuring is scripts/bench/run.ts and the table
 * scripts/bench/report.ts.
 *
 * The anchor is what users build instead: HTTP Request with generic header auth (X-Api-Key), pagination "Update a
 * Parameter in Each Request" (page = {{ $pageCount }}), complete when the response is empty; for the bulk updates:
 * its defaults, and Batching 20 items / 1000 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { measureClientCpu, type ClientCpu } from './client-cpu';
import { buildAndPack, installPackage } from '../support/package';
import { N8n } from '../support/n8n-process';
import { ensureRuntime, repoRoot } from '../support/runtime';
import { measureTrendHeap, type TrendHeap } from './trend-load';
import { admin } from '../support/sandbox-admin';
import { startSandbox } from '../sandbox';
import { makeRunCa } from '../support/tls-ca';
import { startHogs } from './bench/hogs';
import { httpsPairs } from './bench/https';
import { goalLists, largeLists, moreLists } from './bench/list';
import { updates } from './bench/update';
import { report, sec, type Context } from './bench/report';
import { execute, measure, type Measured } from './bench/run';
import { credentials, trigger, workflow, type Scenario, type Variant } from './bench/scenario';
import { trends } from './bench/trend';

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

/** How the bench runs, and what it measured beside the scenarios (for the report). */
const context: Context = {
	/** .cache/bench/last.md, or `--out <file>` (two benches at once keep their own). */
	file: path.resolve(flag('out') ?? path.join(repoRoot, '.cache', 'bench', 'last.md')),
	runs: RUNS,
	hogs: HOGS,
	hogLoad: 0,
	emptyRss: [],
	clientCpu: [] as ClientCpu[],
	trendHeap: [] as TrendHeap[],
};

/** Scenarios that share one sandbox (its number of accounts; over HTTPS too when `tls`), in the order they run. */
const groups: Array<{
	accounts: number;
	/** Also start a sandbox over HTTPS, and have n8n trust its CA. */
	tls?: boolean;
	make: (baseUrl: string) => Scenario[];
}> = [
	{
		accounts: 10_000,
		// The scenarios of the issue's goals first, so a run cut short has those.
		make: (b) => [...goalLists(b), ...updates(b), ...moreLists(b)],
	},
	{ accounts: 10_000, tls: true, make: () => httpsPairs() },
	{ accounts: 1_000, make: () => trends() },
	{ accounts: 200_000, make: (b) => largeLists(b) },
];

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
		context.clientCpu = await measureClientCpu();
	}
	if (wanted('trend heap')) {
		process.stderr.write('bench: the JS heap of the trend reads, in-process …\n');
		context.trendHeap = await measureTrendHeap();
	}

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
			await n8n.importCredentials(credentials(sandbox, tlsSandbox));
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
				context.emptyRss.push(idle.rssMiB);
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
					report(results, baselines, started, context);
				}
			} finally {
				if (hogs) {
					hogs.stop();
					context.hogLoad = Math.max(context.hogLoad, hogs.load());
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

	report(results, baselines, started, context);
	process.stdout.write(fs.readFileSync(context.file, 'utf8'));
}

main().catch((error: unknown) => {
	process.stderr.write(
		`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
