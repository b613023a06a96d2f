/**
 * Shared set-up of the queue-mode suite: per test file one sandbox and one n8n cluster (main + worker + two webhook
 * processors, scripts/queue-cluster.ts) on a fresh database of the run's Postgres, with the sandbox credentials
 * imported through main's CLI. `queueDescribe` turns into a loud skip when global-setup found no Postgres or Redis.
 */
import fs from 'node:fs';
import { startSandbox } from '../../sandbox';
import { sandboxCredentials } from '../../scripts/examples';
import { Cluster, postgresAt, type PostgresInfo, type Redis } from '../../scripts/queue-cluster';
import type { N8n } from '../../scripts/n8n-process';

export { admin, service, waitFor, nodeOutput } from '../e2e/support';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export interface QueueStack {
	sandbox: Sandbox;
	cluster: Cluster;
	close(): Promise<void>;
}

/** `describe`, or a visibly skipped `describe` when the run has no Postgres/Redis (global-setup says why). */
export const queueDescribe: jest.Describe = process.env.QUEUE_SKIP ? describe.skip : describe;

export interface StackOptions {
	/** Short name: the database and queue prefix. */
	name: string;
	/** Runs after credentials are imported and before any process starts (workflow imports). */
	beforeStart?: (main: N8n, sandbox: Sandbox) => Promise<void>;
	env?: Record<string, string>;
}

export async function startQueueStack({ name, beforeStart, env }: StackOptions): Promise<QueueStack> {
	const tgz = process.env.E2E_PACKAGE_TGZ;
	if (!tgz || !fs.existsSync(tgz)) throw new Error('E2E_PACKAGE_TGZ not set: run the suite with `npm run test:queue`');
	const pg = JSON.parse(process.env.QUEUE_PG ?? 'null') as PostgresInfo | null;
	const redisInfo = JSON.parse(process.env.QUEUE_REDIS ?? 'null') as Omit<Redis, 'stop'> | null;
	if (!pg || !redisInfo) throw new Error('QUEUE_PG / QUEUE_REDIS not set: run the suite with `npm run test:queue`');
	const sandbox = await startSandbox({ port: 0, smtpPort: 0 });
	const cluster = new Cluster({
		postgres: postgresAt(pg),
		redis: { ...redisInfo, stop: async () => undefined },
		tgz,
		database: `${name}_${Date.now().toString(36)}`,
		env,
		log: (m) => process.stdout.write(`${m}\n`),
	});
	const close = async () => {
		await cluster.stop();
		await sandbox.close();
	};
	try {
		await cluster.prepare();
		await cluster.main.importCredentials(
			sandboxCredentials({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKeys.A, smtpPort: sandbox.smtpPort }),
		);
		if (beforeStart) await beforeStart(cluster.main, sandbox);
		await cluster.start();
	} catch (e) {
		await close();
		throw e;
	}
	return { sandbox, cluster, close };
}

/** The lines an n8n process printed that report the start of an execution on a worker. */
export function workerStarts(output: string): string[] {
	return output.split('\n').filter((l) => /Worker started execution \d+/.test(l));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
