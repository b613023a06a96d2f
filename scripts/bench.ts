/**
 * Benchmarks (numbers printed, never asserted): the sandbox's start-up with many accounts, and the action node's
 * list walk (Return All) and single reads through n8n's real engine over loopback HTTP.
 *
 *   npm run bench                 # 10,000 accounts
 *   npm run bench -- --accounts 2000
 */
import { performance } from 'node:perf_hooks';

import axios from 'axios';
import type { INodeParameters } from 'n8n-workflow';

import { Deliverability } from '../nodes/Deliverability/Deliverability.node';
import { startSandbox } from '../sandbox';
import { runNode } from '../test/harness';

process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL ?? 'silent';

function arg(name: string, fallback: number): number {
	const at = process.argv.indexOf(`--${name}`);
	return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function main(): Promise<void> {
	const accounts = arg('accounts', 10_000);
	const reads = arg('reads', 200);

	let t0 = performance.now();
	const sandbox = await startSandbox({ port: 0, smtpPort: 0, accounts });
	const startMs = performance.now() - t0;
	const credentials = { deliverabilityApi: { apiKey: sandbox.apiKeys.A, baseUrl: sandbox.baseUrl, headerForm: 'bearer' } };
	const run = async (parameters: INodeParameters) => await runNode({ nodeType: new Deliverability(), parameters, credentials });
	const requestCount = async () => ((await axios.get<unknown[]>(`${sandbox.adminUrl}/requests`)).data ?? []).length;
	const rows: Array<Record<string, string | number>> = [];

	try {
		rows.push({ what: `sandbox start (${accounts} accounts)`, ms: Math.round(startMs) });

		// Return All over every warming-enabled account: one request per 50-item page.
		await axios.delete(`${sandbox.adminUrl}/requests`);
		global.gc?.();
		const heapBefore = process.memoryUsage().heapUsed;
		t0 = performance.now();
		const all = await run({ resource: 'account', operation: 'getAll', returnAll: true, filters: { include_spamchecker: true } });
		const walkMs = performance.now() - t0;
		const heapAfter = process.memoryUsage().heapUsed;
		const pages = await requestCount();
		rows.push({
			what: 'account getAll returnAll',
			items: all.items.length,
			pages,
			ms: Math.round(walkMs),
			'ms/page': Math.round((walkMs / Math.max(pages, 1)) * 10) / 10,
			'items/s': Math.round(all.items.length / (walkMs / 1000)),
			'heap delta MB': mb(heapAfter - heapBefore),
			'rss MB': mb(process.memoryUsage().rss),
		});

		// Limit: only the pages it needs.
		await axios.delete(`${sandbox.adminUrl}/requests`);
		t0 = performance.now();
		const limited = await run({ resource: 'account', operation: 'getAll', returnAll: false, limit: 120 });
		rows.push({ what: 'account getAll limit 120', items: limited.items.length, pages: await requestCount(), ms: Math.round(performance.now() - t0) });

		// Single reads, one workflow run each (engine overhead included).
		t0 = performance.now();
		for (let i = 0; i < reads; i++) {
			await run({ resource: 'account', operation: 'get', accountId: { __rl: true, mode: 'id', value: String((i % accounts) + 1) } });
		}
		const readMs = performance.now() - t0;
		rows.push({ what: `account get × ${reads} (one run each)`, ms: Math.round(readMs), 'ms/run': Math.round((readMs / reads) * 10) / 10 });

		// Many items in one run: 200 input items → 200 GETs.
		const input = Array.from({ length: reads }, (_, i) => ({ id: (i % accounts) + 1 }));
		t0 = performance.now();
		const batch = await runNode({
			nodeType: new Deliverability(),
			parameters: { resource: 'account', operation: 'get', accountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			credentials,
			input,
		});
		const batchMs = performance.now() - t0;
		rows.push({ what: `account get, ${reads} items in one run`, items: batch.items.length, ms: Math.round(batchMs), 'items/s': Math.round(reads / (batchMs / 1000)) });
	} finally {
		await sandbox.close();
	}
	console.table(rows);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
