/**
 * The webhook burst, measured in a real n8n (SQLite, regular mode; not run by CI):
 * the auto-pause example published, then 300 distinct ACCOUNT_DISCONNECTED events, each POSTed twice back to back
 * (two copies at the same moment) by 20 concurrent senders straight to the registered hook URL; n8n restarted; the
 * same burst again. Prints, per burst: answers 2xx, accepted / duplicate, runs started, ids kept in the workflow's
 * static data (read through n8n's public API), whether the secret appears there, n8n's RSS before → peak (main
 * process, and with its task runner), and answer latency p50 / p99.
 *
 *   npm run -s burst -- [--events 300] [--senders 20] [--tgz file.tgz] [--env KEY=VALUE ...]
 *
 * `--tgz` measures another build of the package (e.g. an older commit's `npm pack`); `--env` passes settings to n8n
 * (e.g. `--env N8N_EXPRESSION_ENGINE=legacy`, `--env N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startSandbox } from '../sandbox';
import { loadExample, sandboxCredentials } from '../support/examples';
import { buildAndPack, installPackage } from '../support/package';
import { N8n } from '../support/n8n-process';
import { postJson } from '../support/post-json';
import { ensureRuntime } from '../support/runtime';
import { admin } from '../support/sandbox-admin';

interface Options {
	events: number;
	senders: number;
	tgz?: string;
	env: Record<string, string>;
}

function parseArgs(argv: string[]): Options {
	const options: Options = { events: 300, senders: 20, env: {} };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const value = argv[i + 1];
		if (arg === '--events') options.events = Number(value);
		else if (arg === '--senders') options.senders = Number(value);
		else if (arg === '--tgz') options.tgz = path.resolve(value);
		else if (arg === '--env') {
			const at = value.indexOf('=');
			options.env[value.slice(0, at)] = value.slice(at + 1);
		} else throw new Error(`unknown argument ${arg}`);
		i++;
	}
	return options;
}

/** RSS in MiB of a process, and of it plus all its descendants (n8n starts a JS task runner as a child). */
function rss(pid: number): { main: number; tree: number } {
	const parents = new Map<number, number>();
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
			parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
		} catch {
			// gone
		}
	}
	const of = (p: number): number => {
		try {
			const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
			return m ? Number(m[1]) / 1024 : 0;
		} catch {
			return 0;
		}
	};
	const tree = [pid];
	for (let i = 0; i < tree.length; i++)
		for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
	return { main: of(pid), tree: tree.reduce((sum, p) => sum + of(p), 0) };
}

function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return 0;
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface BurstResult {
	ok2xx: number;
	/** Answers by HTTP status (n8n's own 5xx under load show here). */
	statuses: Record<string, number>;
	total: number;
	accepted: number;
	duplicate: number;
	runs: number;
	idsKept: number;
	secretInApi: boolean;
	rssBefore: { main: number; tree: number };
	rssPeak: { main: number; tree: number };
	p50: number;
	p99: number;
	seconds: number;
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2));
	const log = (m: string) => process.stderr.write(`[burst] ${m}\n`);
	await ensureRuntime({ log });
	const tgz = options.tgz ?? (await buildAndPack(log));
	// Dry run off: the example pauses.
	const example = loadExample('auto-pause-on-disconnect.json', { dryRun: false });

	const sandbox = await startSandbox({
		port: 0,
		smtpPort: 0,
		accounts: Math.max(120, options.events),
	});
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-burst-'));
	const n8n = new N8n({ userFolder, env: options.env });
	try {
		await installPackage(userFolder, tgz, log);
		await n8n.importCredentials(
			sandboxCredentials({
				baseUrl: sandbox.baseUrl,
				apiKey: sandbox.apiKeys.A,
				smtpPort: sandbox.smtpPort,
			}),
		);
		await n8n.importWorkflows([example.workflow]);
		await n8n.start();
		log(`n8n ready in ${(n8n.startupMs / 1000).toFixed(1)} s`);
		const activated = await n8n.api('POST', `/workflows/${example.id}/activate`);
		if (activated.status !== 200)
			throw new Error(`activate: ${activated.status} ${JSON.stringify(activated.data)}`);

		const alertOf = async (): Promise<string> => {
			for (let i = 0; i < 80; i++) {
				const alerts = await admin<Array<{ hook_url: string | null }>>(
					sandbox,
					'GET',
					'/alerts?project=A',
				);
				const ours = alerts.find((a) => (a.hook_url ?? '').startsWith(n8n.baseUrl));
				if (ours?.hook_url) return ours.hook_url;
				await new Promise((r) => setTimeout(r, 250));
			}
			throw new Error('no alert registered');
		};
		const hookUrl = await alertOf();
		const secret = new URL(hookUrl).searchParams.get('secret') ?? '';
		const accounts: number[] = [];
		// Events name accounts in turn (pausing an account twice is harmless; the runs are what is counted).
		for (let page = 0; accounts.length < options.events; page++) {
			const res = await fetch(`${sandbox.baseUrl}/accounts?per_page=100&page=${page}`, {
				headers: { 'X-Api-Key': `Bearer ${sandbox.apiKeys.A}` },
			});
			const list = (await res.json()) as Array<{ id: number }>;
			if (list.length === 0) break;
			accounts.push(...list.map((a) => a.id));
		}
		if (accounts.length === 0) throw new Error('the sandbox lists no account');
		const eventIds = Array.from(
			{ length: options.events },
			(_, i) => `evt_burst_${String(i).padStart(4, '0')}`,
		);

		const countRuns = async (): Promise<{ total: number; unfinished: number }> => {
			let total = 0;
			let unfinished = 0;
			let cursor: string | undefined;
			do {
				const route = `/executions?workflowId=${example.id}&limit=250${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
				let res = await n8n.api<{ data: Array<{ status: string }>; nextCursor?: string | null }>(
					'GET',
					route,
				);
				// Under a burst n8n may answer 503 "Database is not ready!" for a while: ask again.
				for (let retry = 0; res.status === 503 && retry < 60; retry++) {
					await new Promise((r) => setTimeout(r, 1000));
					res = await n8n.api('GET', route);
				}
				if (res.status !== 200 || !Array.isArray(res.data?.data))
					throw new Error(`executions: ${res.status} ${JSON.stringify(res.data)}`);
				total += res.data.data.length;
				unfinished += res.data.data.filter(
					(e) => e.status === 'running' || e.status === 'new',
				).length;
				cursor = res.data.nextCursor ?? undefined;
			} while (cursor);
			return { total, unfinished };
		};

		const runBurst = async (): Promise<BurstResult> => {
			const pid = n8n.proc!.pid!;
			await new Promise((r) => setTimeout(r, 3000));
			const rssBefore = rss(pid);
			const rssPeak = { ...rssBefore };
			const sampler = setInterval(() => {
				const now = rss(pid);
				rssPeak.main = Math.max(rssPeak.main, now.main);
				rssPeak.tree = Math.max(rssPeak.tree, now.tree);
			}, 100);
			const runsBefore = (await countRuns()).total;
			const queue = eventIds.flatMap((id, i) =>
				[i, i].map(() => ({ id, account: accounts[i % accounts.length] })),
			);
			const latencies: number[] = [];
			let ok2xx = 0;
			const statuses: Record<string, number> = {};
			let accepted = 0;
			let duplicate = 0;
			let next = 0;
			const t0 = Date.now();
			await Promise.all(
				Array.from({ length: options.senders }, async () => {
					while (next < queue.length) {
						const { id, account } = queue[next++];
						const start = performance.now();
						const res = await postJson(hookUrl, {
							id,
							event: 'ACCOUNT_DISCONNECTED',
							account_id: account,
							level: 'warning',
						});
						const text = await res.text();
						latencies.push(performance.now() - start);
						if (res.status >= 200 && res.status < 300) ok2xx++;
						statuses[res.status] = (statuses[res.status] ?? 0) + 1;
						let status: string | undefined;
						try {
							status = (JSON.parse(text) as { status?: string }).status;
						} catch {
							status = undefined;
						}
						if (status === 'accepted') accepted++;
						if (status === 'duplicate') duplicate++;
					}
				}),
			);
			const seconds = (Date.now() - t0) / 1000;
			// Let every started run finish (the runs are part of the burst's memory), then settle.
			for (let i = 0; i < 600; i++) {
				const { total, unfinished } = await countRuns();
				if (total - runsBefore >= accepted && unfinished === 0) break;
				await new Promise((r) => setTimeout(r, 500));
			}
			await new Promise((r) => setTimeout(r, 2000));
			clearInterval(sampler);
			const runs = (await countRuns()).total - runsBefore;
			const wf = await n8n.api<{
				staticData?: Record<
					string,
					{ eventMemory?: { ids?: string[] }; recentEventIds?: string[] }
				>;
			}>('GET', `/workflows/${example.id}`);
			const node = Object.values(wf.data.staticData ?? {}).find(
				(v) => v && typeof v === 'object' && ('alertId' in v || 'eventMemory' in v),
			);
			const kept = node?.eventMemory?.ids ?? node?.recentEventIds ?? [];
			latencies.sort((a, b) => a - b);
			return {
				ok2xx,
				statuses,
				total: queue.length,
				accepted,
				duplicate,
				runs,
				idsKept: eventIds.filter((id) => kept.includes(id)).length,
				secretInApi: secret !== '' && JSON.stringify(wf.data).includes(secret),
				rssBefore,
				rssPeak,
				p50: percentile(latencies, 50),
				p99: percentile(latencies, 99),
				seconds,
			};
		};

		const first = await runBurst();
		await n8n.restart();
		log(`n8n restarted in ${(n8n.startupMs / 1000).toFixed(1)} s`);
		const second = await runBurst();

		const mib = (n: number) => `${Math.round(n)}`;
		const row = (name: string, r: BurstResult) =>
			`| ${name} | ${r.ok2xx} / ${r.total} (${Object.entries(r.statuses)
				.map(([k, v]) => `${k}: ${v}`)
				.join(
					', ',
				)}) | ${r.accepted} / ${r.duplicate} | ${r.runs} | ${r.idsKept} of ${options.events} | ${
				r.secretInApi ? 'YES' : 'no'
			} | ${mib(r.rssBefore.main)} → ${mib(r.rssPeak.main)} (with runner ${mib(r.rssBefore.tree)} → ${mib(r.rssPeak.tree)}) | ${Math.round(
				r.p50,
			)} / ${Math.round(r.p99)} | ${r.seconds.toFixed(1)} |`;
		const settings =
			Object.entries(options.env)
				.map(([k, v]) => `${k}=${v}`)
				.join(' ') || 'n8n defaults';
		process.stdout.write(
			[
				`burst: ${options.events} events × 2 copies, ${options.senders} senders, ${path.basename(tgz)}, ${settings}`,
				'| | answers 2xx | accepted / duplicate | runs | ids kept | secret in public API | RSS MiB before → peak | p50 / p99 ms | burst s |',
				'|---|---|---|---|---|---|---|---|---|',
				row('first burst', first),
				row('same ids after a restart', second),
				'',
			].join('\n'),
		);
	} finally {
		await n8n.stop();
		await sandbox.close();
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
