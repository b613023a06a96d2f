/**
 * What a storm (support/storm.ts) reads from the cluster: the public API of main, asked again while a storm makes it
 * answer 503, the executions of a workflow (also what `npm run bench:waits` reads), and Postgres's count of updates to
 * n8n's workflow table.
 */
import type { Cluster } from './queue-cluster';

/** The sandbox a storm runs against (support/queue-cluster.ts starts it). */
export interface Sandbox {
	baseUrl: string;
	adminUrl: string;
	apiKeys: { A: string };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A public-API call to main that a storm may answer with 503 for a while: asked again for up to a minute. */
export async function api<T>(cluster: Cluster, method: string, route: string): Promise<T> {
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

export interface ExecutionData {
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
					startTime?: number;
					error?: { message?: string };
					data?: { main?: Array<Array<{ json?: Record<string, unknown> }>> };
				}>
			>;
		};
	};
}

/** Every execution of the workflow, page after page (with their run data unless `includeData` is false). */
export async function executionsOf(
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

/** Rows updated in n8n's workflow table so far (Postgres's statistics; they lag by up to a second or so). */
export function workflowUpdates(cluster: Cluster): number {
	cluster.sql('SELECT pg_stat_clear_snapshot()');
	return Number(
		cluster.sql(`SELECT n_tup_upd FROM pg_stat_user_tables WHERE relname = 'workflow_entity'`)[0] ||
			0,
	);
}
