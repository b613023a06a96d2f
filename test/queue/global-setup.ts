/**
 * Once per queue-mode run: the real-n8n runtime, the packed package (or `E2E_TGZ=<file>`), then a private Postgres
 * cluster and Redis for all test files (ports in QUEUE_PG / QUEUE_REDIS). When Postgres or Redis cannot be had the
 * run goes on with QUEUE_SKIP set: every test skips and a banner and the summary line say why.
 */
import {
	Missing,
	startPostgres,
	startRedis,
	type Postgres,
	type Redis,
} from '../../support/queue-services';
import { runtimeAndPackage } from '../e2e/global-setup';

declare global {
	var queueServices: { postgres?: Postgres; redis?: Redis } | undefined;
}

export function banner(reason: string): string {
	const line = '!'.repeat(100);
	return `\n${line}\n!!! QUEUE-MODE SUITE SKIPPED: ${reason}\n!!! Nothing about n8n's queue mode was tested in this run.\n${line}\n`;
}

export default async function globalSetup(): Promise<void> {
	const t0 = Date.now();
	const log = (m: string) => process.stdout.write(`${m}\n`);
	await runtimeAndPackage(log);
	globalThis.queueServices = {};
	// Interrupted (Ctrl-C, a CI timeout): exit normally so the 'exit' handlers stop Postgres, Redis and every n8n.
	for (const [signal, code] of [
		['SIGINT', 130],
		['SIGTERM', 143],
	] as const)
		process.once(signal, () => process.exit(code));
	try {
		const [postgres, redis] = await Promise.allSettled([startPostgres(log), startRedis(log)]);
		if (postgres.status === 'fulfilled') globalThis.queueServices.postgres = postgres.value;
		if (redis.status === 'fulfilled') globalThis.queueServices.redis = redis.value;
		for (const r of [postgres, redis]) if (r.status === 'rejected') throw r.reason;
	} catch (e) {
		await globalThis.queueServices.postgres?.stop();
		await globalThis.queueServices.redis?.stop();
		globalThis.queueServices = undefined;
		if (!(e instanceof Missing)) throw e;
		process.env.QUEUE_SKIP = e.message;
		process.stdout.write(banner(e.message));
		return;
	}
	const { postgres: pg, redis } = globalThis.queueServices as { postgres: Postgres; redis: Redis };
	process.env.QUEUE_PG = JSON.stringify({
		host: pg.host,
		port: pg.port,
		user: pg.user,
		password: pg.password,
		version: pg.version,
	});
	process.env.QUEUE_REDIS = JSON.stringify({
		host: redis.host,
		port: redis.port,
		version: redis.version,
	});
	log(
		`[queue] runtime, package, Postgres and Redis ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
	);
}
