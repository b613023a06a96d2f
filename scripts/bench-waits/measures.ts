/**
 * What `npm run bench:waits` (scripts/bench-waits.ts) reads from the queue cluster it runs: the failures of its
 * workflow's runs in words, and a sample of the processes' memory and of Postgres's execution tables.
 */
import { rssMiB } from '../../support/process-stats';
import type { Cluster } from '../../support/queue-cluster';
import type { Postgres } from '../../support/queue-services';
import { executionsOf } from '../../support/storm-cluster';

export interface Sample {
	mainMiB: number;
	workerMiB: number;
	rows: string;
	entityKiB: number;
	dataKiB: number;
	avgDataBytes: number;
}

/** Main's and the worker's memory (each with its task runner) and Postgres's execution rows and sizes, now. */
export function sample(cluster: Cluster, pg: Postgres, database: string): Sample {
	const rss = (pids: number[]) => Math.round(pids.reduce((s, p) => s + rssMiB(p), 0));
	const [counts] = pg.query(
		database,
		"SELECT string_agg(status || ' ' || n, ', ') FROM (SELECT status, count(*) n FROM execution_entity GROUP BY status) s",
	);
	const [sizes] = pg.query(
		database,
		"SELECT pg_total_relation_size('execution_entity'), pg_total_relation_size('execution_data'), coalesce(round(avg(length(data))), 0) FROM execution_data",
	);
	const [entity, data, avg] = sizes.split('\t').map(Number);
	return {
		mainMiB: rss(cluster.main.pids()),
		workerMiB: rss(cluster.worker.pids()),
		rows: counts,
		entityKiB: Math.round(entity / 1024),
		dataKiB: Math.round(data / 1024),
		avgDataBytes: avg,
	};
}

/** The error messages of the workflow's failed executions. */
export async function failures(cluster: Cluster, workflowId: string): Promise<string[]> {
	return (await executionsOf(cluster, workflowId))
		.filter((e) => e.status !== 'success')
		.map((e) => `${e.status}: ${e.data?.resultData?.error?.message ?? 'no message'}`);
}

/** "n × message" for each distinct message. */
export function summary(messages: string[]): string {
	const counts = new Map<string, number>();
	for (const m of messages) counts.set(m, (counts.get(m) ?? 0) + 1);
	return [...counts].map(([m, n]) => `${n} × "${m}"`).join(', ');
}

/** The p-th percentile of sorted values. */
export const pct = (sorted: number[], p: number) =>
	sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
