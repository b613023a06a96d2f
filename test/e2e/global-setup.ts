/**
 * Once per e2e run: provision the real-n8n runtime when missing (progress on the console; the first run takes
 * minutes) and build + pack the package. Test files read the tarball path from E2E_PACKAGE_TGZ.
 * `E2E_TGZ=<file.tgz>` tests a given tarball instead (e.g. the exact artefact about to be published).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureRuntime } from '../../support/runtime';
import { buildAndPack } from '../../support/package';

export default async function globalSetup(): Promise<void> {
	const t0 = Date.now();
	const log = (m: string) => process.stdout.write(`${m}\n`);
	const tgz = await runtimeAndPackage(log);
	log(
		`\n[e2e] runtime ready, package ${process.env.E2E_TGZ ? 'given' : 'built and packed'} (${tgz}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
	);
}

/** The runtime and the tarball under test, for every suite that runs the package in a real n8n (the queue suite too). */
export async function runtimeAndPackage(log: (m: string) => void): Promise<string> {
	await ensureRuntime({ log });
	const given = process.env.E2E_TGZ;
	if (given && !fs.existsSync(given)) throw new Error(`E2E_TGZ=${given} does not exist`);
	const tgz = given ? path.resolve(given) : await buildAndPack(log);
	process.env.E2E_PACKAGE_TGZ = tgz;
	return tgz;
}
