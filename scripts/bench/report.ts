/**
 * The bench's table and ratios, written to .cache/bench/last.md (or `--out <file>`) and to stderr after every
 * scenario, so a long run can be stopped with what it has.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { clientCpuTable, median, type ClientCpu } from '../client-cpu';
import { trendHeapTable, type TrendHeap } from '../trend-load';
import { repoRoot } from '../../support/runtime';
import type { Measured } from './run';
import type { Scenario, Variant } from './scenario';

export const sec = (ms: number): string => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '–');

/** What the runner measured beside the scenarios, and how it ran. */
export interface Context {
	/** Where the table goes. */
	file: string;
	/** Runs per variant (`--runs`). */
	runs: number;
	/** Busy-loop processes beside n8n (`--hogs`). */
	hogs: number;
	/** The highest 1-minute load average seen while the hogs ran. */
	hogLoad: number;
	/** Peak RSS (MiB) of `n8n execute` running an empty workflow: n8n alone, beside which a scenario's RSS reads. */
	emptyRss: number[];
	/** The in-process client CPU figures, when measured (printed with the table). */
	clientCpu: ClientCpu[];
	/** The in-process heap of the trend reads, when measured (printed with the table). */
	trendHeap: TrendHeap[];
}

/** The table and ratios so far (written after every scenario, so a long run can be stopped with what it has). */
export function report(
	results: Array<{ scenario: Scenario; variant: Variant; runs: Measured[] }>,
	baselines: number[],
	started: number,
	context: Context,
): void {
	const { hogs, hogLoad, emptyRss, clientCpu, trendHeap } = context;
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
		`Runs per variant: ${context.runs}${hogs > 0 ? `; ${hogs} busy-loop processes beside n8n (1-min load average up to ${hogLoad.toFixed(1)} on ${os.cpus().length} cores)` : ''}; n8n execute baseline CPU ${baseline.toFixed(2)} s, peak RSS ${emptyRss.length ? Math.round(median(emptyRss)) : '–'} MiB; 1-min load average ${os.loadavg()[0].toFixed(1)} at the end; bench took ${Math.round((Date.now() - started) / 60000)} min.`,
	].join('\n');
	fs.mkdirSync(path.join(repoRoot, '.cache', 'bench'), { recursive: true });
	fs.writeFileSync(context.file, `${text}\n`);
	process.stderr.write(`${text}\n`);
}
