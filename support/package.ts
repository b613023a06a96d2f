/**
 * The package as users get it: built with its own `npm run build`, packed with `npm pack`, installed into n8n's
 * community-nodes folder the way n8n's installer does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { run } from './run';
import { repoRoot, runtimeEnv, runtimePaths, type Log } from './runtime';

export const PACKAGE_NAME = 'n8n-nodes-deliverability';
export const NODE_TYPES = {
	action: `${PACKAGE_NAME}.deliverability`,
	trigger: `${PACKAGE_NAME}.deliverabilityAlertTrigger`,
	notificationTrigger: `${PACKAGE_NAME}.deliverabilityNotificationTrigger`,
};

/** What `npm run build` reads (npm start hashes it to reuse an unchanged build). */
export const STAGED = [
	'package.json',
	'README.md',
	'LICENSE',
	'CHANGELOG.md',
	'tsconfig.json',
	'nodes',
	'credentials',
	'icons',
];

/**
 * Builds the package with its own `npm run build` in a private copy of the sources (so a concurrent build in the
 * working tree can neither break nor be broken by this one), then `npm pack`s it into .cache/pack/ (the tarball
 * users get from the registry). Returns the tarball's path.
 */
export async function buildAndPack(log: Log = () => undefined): Promise<string> {
	const stage = path.join(repoRoot, '.cache', `stage-${process.pid}`);
	const dest = path.join(repoRoot, '.cache', 'pack');
	fs.rmSync(stage, { recursive: true, force: true });
	fs.mkdirSync(stage, { recursive: true });
	fs.mkdirSync(dest, { recursive: true });
	try {
		for (const entry of STAGED) {
			const from = path.join(repoRoot, entry);
			if (fs.existsSync(from)) fs.cpSync(from, path.join(stage, entry), { recursive: true });
		}
		fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(stage, 'node_modules'), 'dir');
		const env = { ...process.env, npm_config_update_notifier: 'false' };
		await run('npm', ['run', 'build', '--silent'], {
			cwd: stage,
			env,
			log,
			label: 'npm run build',
		});
		const out = await run(
			'npm',
			['pack', '--json', '--ignore-scripts', '--pack-destination', stage],
			{
				cwd: stage,
				env,
				log,
				label: 'npm pack',
			},
		);
		const { filename } = (
			JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string }>
		)[0];
		const target = path.join(dest, filename);
		fs.rmSync(target, { force: true });
		fs.copyFileSync(path.join(stage, filename), target);
		return target;
	} finally {
		fs.rmSync(stage, { recursive: true, force: true });
	}
}

/**
 * Installs the tarball into `<userFolder>/.n8n/nodes` the way n8n's community-package installer does (a plain
 * npm project there; peer dependencies are not installed: n8n provides n8n-workflow itself).
 */
export async function installPackage(
	userFolder: string,
	tgz: string,
	log: Log = () => undefined,
): Promise<void> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	const pkgJson = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(pkgJson)) {
		fs.writeFileSync(
			pkgJson,
			JSON.stringify({ name: 'installed-nodes', private: true }, null, 2) + '\n',
		);
	}
	const paths = runtimePaths();
	await run(
		'npm',
		[
			'install',
			tgz,
			'--ignore-scripts',
			'--legacy-peer-deps',
			'--no-audit',
			'--no-fund',
			'--no-package-lock',
			'--loglevel=error',
		],
		{ cwd: nodesDir, env: runtimeEnv(paths), log, label: `npm install ${path.basename(tgz)}` },
	);
}
