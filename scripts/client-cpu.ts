/**
 * Client CPU per request, isolated (part of `npm run bench`; alone: `npx ts-node --transpile-only --prefer-ts-exts
 * scripts/client-cpu.ts`).
 *
 * The n8n-execute figures of the bench include n8n's start-up, its handling of every output item and the printing of
 * the run, so they cannot show what one request of ours costs. Here the node runs in this process through n8n-core's
 * WorkflowExecute (the test harness: credential handed over decrypted, its `authenticate` applied as n8n does),
 * against the sandbox in a child process at 0 ms latency, so this process's CPU (process.cpuUsage) is the client's
 * alone: the engine, our node, the HTTP request and the JSON parse. Two shapes of request, each after a warm-up run:
 * - Account → Get Many, Return All over 10,000 accounts (9,333 listed), 100 per page: CPU per page;
 * - Account → Get for 200 items: CPU per request with a one-account answer (per-request overhead).
 * The floor is the same walk with nothing but Node's fetch and JSON.parse.
 * Both again over HTTPS (", HTTPS" rows): the sandbox with a certificate from a CA made for the run, the client in a
 * child process that trusts it. n8n's request helper makes a new connection for every request (it builds a new
 * agent each time), so each HTTPS request of the node pays a whole TLS handshake; fetch keeps its connections.
 */
import axios from 'axios';
import { spawn } from 'node:child_process';

import { Deliverability } from '../nodes/Deliverability/Deliverability.node';
import { startSandboxProcess, type SandboxInfo } from '../sandbox/child';
import { runNode } from '../support/harness';
import { repoRoot } from '../support/runtime';
import { admin } from '../support/sandbox-admin';
import { unpacedApiKey } from './bench/scenario';
import { makeRunCa } from '../support/tls-ca';

export interface ClientCpu {
	label: string;
	requests: number;
	msPerRequest: number;
	floorMsPerRequest: number;
}

/** CPU milliseconds (user + system) this process spends in `work`, and what it returns. */
async function cpuOf<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
	const before = process.cpuUsage();
	const value = await work();
	const used = process.cpuUsage(before);
	return { ms: (used.user + used.system) / 1000, value };
}

async function requestsLogged(info: SandboxInfo): Promise<number> {
	const log = await admin<Array<{ path: string }>>(info, 'GET', '/requests');
	await admin(info, 'DELETE', '/requests');
	return log.filter((r) => r.path.startsWith('/accounts')).length;
}

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (xs: number[]): number => {
	const s = [...xs].sort((a, b) => a - b);
	return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * The client CPU over plain HTTP (in this process) and over HTTPS: the sandbox serves TLS with a certificate from a
 * run CA, and the measuring runs in a child process that trusts the CA as n8n does (NODE_EXTRA_CA_CERTS, read only
 * when a process starts).
 */
export async function measureClientCpu(runs = 5): Promise<ClientCpu[]> {
	const plain = await withSandbox({}, async (info) => await measureAgainst(info, runs));
	const ca = makeRunCa();
	try {
		const tls = ca.issue('sandbox');
		const overTls = await withSandbox(
			{ tls: { certFile: tls.certFile, keyFile: tls.keyFile } },
			async (info) => await measureInChild(info, runs, ca.caFile),
		);
		return [...plain, ...overTls.map((r) => ({ ...r, label: `${r.label}, HTTPS` }))];
	} finally {
		ca.remove();
	}
}

async function withSandbox<T>(
	options: { tls?: { certFile: string; keyFile: string } },
	work: (info: SandboxInfo) => Promise<T>,
): Promise<T> {
	const { info, proc: child } = await startSandboxProcess({
		accounts: 10_000,
		latencyMs: 0,
		...options,
	});
	try {
		return await work(info);
	} finally {
		child.kill('SIGTERM');
	}
}

/** This script in a child process trusting `caFile`, measuring against `info`; its results. */
async function measureInChild(
	info: SandboxInfo,
	runs: number,
	caFile: string,
): Promise<ClientCpu[]> {
	const tsNode = require.resolve('ts-node/dist/bin.js', { paths: [repoRoot] });
	const args = [tsNode, '--transpile-only', '--prefer-ts-exts', __filename, '--against'];
	const child = spawn(process.execPath, [...args, JSON.stringify(info), String(runs)], {
		cwd: repoRoot,
		env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let out = '';
	child.stdout.on('data', (d: Buffer) => (out += d.toString()));
	const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
	if (code !== 0) throw new Error(`client CPU over HTTPS: the child exited with ${code}`);
	return JSON.parse(out.trim().split('\n').pop() ?? '[]') as ClientCpu[];
}

/** The two shapes of request against a running sandbox, each after a warm-up run. */
async function measureAgainst(info: SandboxInfo, runs: number): Promise<ClientCpu[]> {
	const credentials = { deliverabilityApi: unpacedApiKey(info) };
	const headers = { 'X-Api-Key': `Bearer ${info.apiKeys.A}` };
	const ids = (
		await axios.get<Array<{ id: number }>>(`${info.baseUrl}/accounts`, {
			params: { per_page: 100 },
			headers,
		})
	).data.map((a) => a.id);
	const shapes: Array<{
		label: string;
		node: () => Promise<unknown>;
		floor: () => Promise<void>;
	}> = [
		{
			label: 'Mailbox → Get Many, Return All, 100 per page (per page)',
			node: async () =>
				await runNode({
					nodeType: new Deliverability(),
					parameters: {
						resource: 'account',
						operation: 'getAll',
						returnAll: true,
						simplify: false,
					},
					credentials,
				}),
			floor: async () => {
				for (let page = 0; ; page++) {
					const response = await fetch(`${info.baseUrl}/accounts?page=${page}&per_page=100`, {
						headers,
					});
					const data = (await response.json()) as unknown[];
					if (data.length < 100) return;
				}
			},
		},
		{
			label: 'Mailbox → Get, 200 items (per request)',
			node: async () =>
				await runNode({
					nodeType: new Deliverability(),
					parameters: {
						resource: 'account',
						operation: 'get',
						accountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
						simplify: false,
					},
					credentials,
					input: Array.from({ length: 200 }, (_, i) => ({ id: ids[i % ids.length] })),
				}),
			floor: async () => {
				for (let i = 0; i < 200; i++)
					await (
						await fetch(`${info.baseUrl}/accounts/${ids[i % ids.length]}`, { headers })
					).json();
			},
		},
	];
	const out: ClientCpu[] = [];
	for (const shape of shapes) {
		await shape.node(); // warm-up: JIT, module loading, keep-alive sockets
		await shape.floor();
		await requestsLogged(info);
		const ours: number[] = [];
		const floor: number[] = [];
		let requests = 0;
		for (let r = 0; r < runs; r++) {
			const node = await cpuOf(shape.node);
			const error = (node.value as { error?: Error }).error;
			if (error) throw error;
			requests = await requestsLogged(info);
			ours.push(node.ms / requests);
			const bare = await cpuOf(shape.floor);
			floor.push(bare.ms / (await requestsLogged(info)));
		}
		out.push({
			label: shape.label,
			requests,
			msPerRequest: median(ours),
			floorMsPerRequest: median(floor),
		});
	}
	return out;
}

export function clientCpuTable(results: ClientCpu[]): string[] {
	return [
		'| client CPU, isolated (in-process n8n-core, sandbox in another process, 0 ms latency) | requests per run | this node ms per request | fetch + JSON.parse ms per request |',
		'|---|---|---|---|',
		...results.map(
			(r) =>
				`| ${r.label} | ${r.requests} | ${r.msPerRequest.toFixed(2)} | ${r.floorMsPerRequest.toFixed(2)} |`,
		),
	];
}

if (require.main === module && process.argv[2] === '--against') {
	measureAgainst(JSON.parse(process.argv[3]) as SandboxInfo, Number(process.argv[4])).then(
		(results) => process.stdout.write(`${JSON.stringify(results)}\n`),
		(error: unknown) => {
			process.stderr.write(
				`client-cpu: ${error instanceof Error ? error.message : String(error)}\n`,
			);
			process.exit(1);
		},
	);
} else if (require.main === module) {
	measureClientCpu().then(
		(results) => process.stdout.write(`${clientCpuTable(results).join('\n')}\n`),
		(error: unknown) => {
			process.stderr.write(
				`client-cpu: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
			);
			process.exit(1);
		},
	);
}
