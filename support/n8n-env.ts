/**
 * The environment an n8n process of ours runs with: the runtime's (support/runtime.ts) without the parent's npm and
 * jest variables, on 127.0.0.1 with its own user folder and ports, an owner preset (its password hashed as n8n
 * checks it), no telemetry or banners, and a worker's health-check server.
 */
import path from 'node:path';
import type { Owner } from './n8n-api';
import { runtimeEnv, runtimePaths, type RuntimePaths } from './runtime';

/** What the environment depends on: the process's paths, folder, ports, owner and extra variables. */
export interface N8nEnvOf {
	paths: RuntimePaths;
	userFolder: string;
	port: number;
	brokerPort: number;
	/** N8N_WEBHOOK_URL (and the editor's base URL). */
	webhookBase: string;
	/** The runtime's n8n major version. */
	major: number;
	owner: Owner;
	/** A queue-mode worker: it serves /healthz/readiness on `port`, its health-check port. */
	worker: boolean;
	/** Extra environment, last (it wins). */
	env?: Record<string, string>;
}

/** bcrypt hash made with the bcryptjs that ships with n8n (the hash format n8n checks the password against). */
export function hashPassword(password: string, paths: RuntimePaths = runtimePaths()): string {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const bcrypt = require(
		require.resolve('bcryptjs', { paths: [path.join(paths.n8nModules, 'n8n')] }),
	) as {
		hashSync(p: string, rounds: number): string;
	};
	return bcrypt.hashSync(password, 10);
}

/** The environment of an n8n process; `passwordHash` is the owner's (hashPassword), made once per process. */
export function n8nEnv(of: N8nEnvOf, passwordHash: string): NodeJS.ProcessEnv {
	// Keep the parent's npm and jest variables out of n8n (NODE_ENV=test makes n8n refuse to load nodes).
	const base = Object.fromEntries(
		Object.entries(runtimeEnv(of.paths)).filter(
			([k]) =>
				(!k.startsWith('npm_') || k === 'npm_config_nodedir') &&
				!k.startsWith('JEST_') &&
				k !== 'NODE_ENV',
		),
	);
	return {
		...base,
		N8N_USER_FOLDER: of.userFolder,
		N8N_PORT: String(of.port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_WEBHOOK_URL: of.webhookBase,
		N8N_EDITOR_BASE_URL: of.webhookBase,
		N8N_RUNNERS_BROKER_PORT: String(of.brokerPort),
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// n8n 1.x has no such module and refuses to start on an unknown name (the lowest runtime is 1.x).
		...(of.major >= 2 ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
		N8N_SECURE_COOKIE: 'false',
		// n8n 3.0's default (2.x and 1.x abort a Code node task after 300 s): every n8n we start (e2e, queue,
		// npm start, benches) already behaves as 3.0 will, so an example that needs longer fails here first.
		N8N_RUNNERS_TASK_TIMEOUT: '60',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		N8N_HIRING_BANNER_ENABLED: 'false',
		GENERIC_TIMEZONE: 'UTC',
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: of.owner.email,
		N8N_INSTANCE_OWNER_FIRST_NAME: of.owner.firstName,
		N8N_INSTANCE_OWNER_LAST_NAME: of.owner.lastName,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: passwordHash,
		// A worker serves /healthz/readiness on its health-check port (it has no other HTTP server).
		...(of.worker
			? {
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(of.port),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				}
			: {}),
		...of.env,
	};
}
