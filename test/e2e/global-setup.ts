/**
 * Once per e2e run: provision the real-n8n runtime when missing (progress on the console; the first run takes
 * minutes) and pack the built package. Test files read the tarball path from E2E_PACKAGE_TGZ.
 */
import { ensureRuntime } from '../../scripts/runtime';
import { buildAndPack } from '../../scripts/n8n-process';

export default async function globalSetup(): Promise<void> {
	const t0 = Date.now();
	await ensureRuntime({ log: (m) => process.stdout.write(`${m}\n`) });
	const tgz = await buildAndPack((m) => process.stdout.write(`${m}\n`));
	process.env.E2E_PACKAGE_TGZ = tgz;
	process.stdout.write(`\n[e2e] runtime ready, package built and packed (${tgz}) in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
}
