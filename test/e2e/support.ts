/**
 * Shared set-up of the e2e suite: one sandbox (HTTPS API + SMTP) and one real n8n per test file, with the package
 * installed from the tarball that global-setup packed, the "Deliverability sandbox" credential (project A's key)
 * and an SMTP credential pointing at the sandbox imported through n8n's CLI.
 *
 * The sandbox serves its API over HTTPS, as the service does, with a certificate from a CA made for the file
 * (support/tls-ca.ts), and n8n trusts that CA the way a user makes it trust a private one: NODE_EXTRA_CA_CERTS on
 * the process. So every example, credential test and trigger lifecycle of the suite runs against an
 * https://…/api/v1 Base URL, on each n8n version the suite runs on (plain HTTP is what the in-process tests use).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installPackage } from '../../support/package';
import { N8n, type ExecuteResult } from '../../support/n8n-process';
import { startSandbox, type SandboxOptions } from '../../sandbox';
import { postJson } from '../../support/post-json';
import { admin } from '../../support/sandbox-admin';
import { sandboxCredentials, CREDENTIAL_IDS } from '../../support/examples';
import { makeRunCa, type RunCa } from '../../support/tls-ca';

export { CREDENTIAL_IDS };

/** The file's sandbox; `ca`: the CA its certificate comes from (PEM), for calls of the test itself (`service()`). */
export type Sandbox = Awaited<ReturnType<typeof startSandbox>> & { ca?: string };

export interface Stack {
	sandbox: Sandbox;
	n8n: N8n;
	userFolder: string;
	/** The CA n8n trusts (NODE_EXTRA_CA_CERTS): issue more certificates from it (another host name, …). */
	ca: RunCa;
	close(): Promise<void>;
}

/**
 * A sandbox serving its API over HTTPS with a certificate from a new run CA; give n8n the CA with
 * `NODE_EXTRA_CA_CERTS: ca.caFile`, and remove it with `ca.remove()` after closing the sandbox.
 */
export async function startHttpsSandbox(
	options: Omit<SandboxOptions, 'tls'> = {},
): Promise<{ sandbox: Sandbox; ca: RunCa }> {
	const ca = makeRunCa();
	try {
		const started = await startSandbox({
			port: 0,
			smtpPort: 0,
			...options,
			tls: ca.issue('sandbox'),
		});
		return { sandbox: { ...started, ca: ca.caPem }, ca };
	} catch (error) {
		ca.remove();
		throw error;
	}
}

export async function startStack({
	beforeStart,
	mcpToken,
	startTimeoutMs,
	apiBaseUrl,
	env,
	plainHttp,
}: {
	/** Before n8n starts (after the credentials are imported); `ca`: the run CA n8n will trust. */
	beforeStart?: (n8n: N8n, sandbox: Sandbox, ca: RunCa) => Promise<void>;
	/** The token of the "MCP client token" credential (the mcp-server example's trigger); random when not given. */
	mcpToken?: string;
	/** How long n8n may take to be ready (default: support/n8n-process.ts's 120 s). */
	startTimeoutMs?: number;
	/** The Base URL of the imported credentials (default: the sandbox's own), e.g. a name only a proxy resolves. */
	apiBaseUrl?: (sandbox: Sandbox) => string;
	/** Extra environment of the n8n process (e.g. HTTP_PROXY). */
	env?: Record<string, string>;
	/** Serve the sandbox's API over plain HTTP instead of HTTPS (a file that sets up its own TLS sandbox). */
	plainHttp?: boolean;
} = {}): Promise<Stack> {
	const tgz = process.env.E2E_PACKAGE_TGZ;
	if (!tgz || !fs.existsSync(tgz))
		throw new Error('E2E_PACKAGE_TGZ not set: run the suite with `npm run test:e2e`');
	const { sandbox, ca } = plainHttp
		? { sandbox: await startSandbox({ port: 0, smtpPort: 0 }), ca: makeRunCa() }
		: await startHttpsSandbox();
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-'));
	const n8n = new N8n({ userFolder, env: { NODE_EXTRA_CA_CERTS: ca.caFile, ...env } });
	try {
		await installPackage(userFolder, tgz);
		await n8n.importCredentials(
			sandboxCredentials({
				baseUrl: apiBaseUrl ? apiBaseUrl(sandbox) : sandbox.baseUrl,
				apiKey: sandbox.apiKeys.A,
				smtpPort: sandbox.smtpPort,
				mcpToken,
			}),
		);
		if (beforeStart) await beforeStart(n8n, sandbox, ca);
		await n8n.start(startTimeoutMs ? { timeoutMs: startTimeoutMs } : undefined);
		process.stdout.write(
			`[e2e] n8n ready in ${(n8n.startupMs / 1000).toFixed(1)} s on ${n8n.baseUrl}, sandbox API at ${sandbox.baseUrl}\n`,
		);
	} catch (e) {
		await n8n.stop();
		await sandbox.close();
		ca.remove();
		if (!process.env.E2E_KEEP) fs.rmSync(userFolder, { recursive: true, force: true });
		throw e;
	}
	return {
		sandbox,
		n8n,
		userFolder,
		ca,
		async close() {
			await n8n.stop();
			await sandbox.close();
			ca.remove();
			if (!process.env.E2E_KEEP) fs.rmSync(userFolder, { recursive: true, force: true });
		},
	};
}

export { service } from '../../support/sandbox-api';

/** Output items (json) of one node in a run, on the given output index. */
export function nodeOutput(
	result: ExecuteResult,
	nodeName: string,
	output = 0,
): Array<Record<string, unknown>> {
	const runs = result.data.resultData.runData[nodeName];
	if (!runs) return [];
	const items = runs[runs.length - 1]?.data?.main?.[output] ?? [];
	return items.map((i) => i.json);
}

/** n8n's Manual Trigger as the first node of a workflow a test runs with `n8n.execute`. */
export const MANUAL_START = {
	id: 'start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** A saved execution's run data, as n8n's REST API returns it with `includeData=true`. */
export type RunData = Record<
	string,
	Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }>> } }>
>;

/** The run data of a saved execution, read through n8n's REST API. */
export async function executionRunData(stack: Stack, id: string): Promise<RunData> {
	const full = await stack.n8n.api<{ data: { resultData: { runData: RunData } } }>(
		'GET',
		`/executions/${id}?includeData=true`,
	);
	return full.data.data.resultData.runData;
}

/** An execution as n8n's REST API lists it. */
export interface Execution {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
}

/** A workflow's saved executions, newest first, through n8n's REST API. */
export async function workflowExecutions<T extends { id: string; status: string }>(
	stack: Stack,
	workflowId: string,
): Promise<T[]> {
	const res = await stack.n8n.api<{ data: T[] }>(
		'GET',
		`/executions?workflowId=${workflowId}&limit=250`,
	);
	expect(res.status).toBe(200);
	return res.data.data;
}

/** The sandbox's alerts (project A) whose hook URL points at this n8n: the ones its published triggers made. */
export async function n8nAlerts<T extends { hook_url: string | null }>(stack: Stack): Promise<T[]> {
	const alerts = await admin<T[]>(stack.sandbox, 'GET', '/alerts?project=A');
	return alerts.filter((a) => (a.hook_url ?? '').startsWith(stack.n8n.baseUrl));
}

/** Items (json) a node gave in its first run of a saved execution, all its outputs together. */
export const runOutput = (runData: RunData, node: string) =>
	runData[node]?.[0]?.data.main.flat().map((i) => i.json) ?? [];

export function ranNodes(result: ExecuteResult): string[] {
	return Object.keys(result.data.resultData.runData);
}

export async function waitFor<T>(
	what: string,
	fn: () => Promise<T | undefined | false>,
	timeoutMs = 30000,
	everyMs = 250,
): Promise<T> {
	const t0 = Date.now();
	let last: unknown;
	for (;;) {
		try {
			const v = await fn();
			if (v) return v;
		} catch (e) {
			last = e;
		}
		if (Date.now() - t0 > timeoutMs)
			throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
		await new Promise((r) => setTimeout(r, everyMs));
	}
}

/** What a sending tool POSTs to the spam-test-after-send example's webhook after a campaign went out. */
export const CAMPAIGN = {
	from: 'news@clean-campaign.example',
	subject: 'Our spring offer is here',
	text: 'Hello, our spring collection is out.',
};

/**
 * POSTs `body` as JSON until n8n takes it (200): right after activation, or before the editor listens, it answers 404.
 * Returns the body of the answer that took it.
 */
export async function postUntilTaken(
	url: string,
	body: unknown,
	timeoutMs: number,
): Promise<string> {
	return await waitFor(
		`${url} to take the POST`,
		async () => {
			const res = await postJson(url, body);
			const text = await res.text();
			return res.status === 200 && { text };
		},
		timeoutMs,
		1000,
	).then((taken) => taken.text);
}

export function readExample(file: string): Record<string, unknown> {
	return JSON.parse(
		fs.readFileSync(path.join(__dirname, '..', '..', 'examples', file), 'utf8'),
	) as Record<string, unknown>;
}
