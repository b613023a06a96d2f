/** Stops the Postgres cluster (its folder is removed) and Redis started by global-setup. */
export default async function globalTeardown(): Promise<void> {
	const services = globalThis.queueServices;
	globalThis.queueServices = undefined;
	await services?.postgres?.stop();
	await services?.redis?.stop();
	if (process.env.QUEUE_SKIP)
		process.stdout.write(`\n!!! QUEUE-MODE SUITE SKIPPED: ${process.env.QUEUE_SKIP}\n`);
}
