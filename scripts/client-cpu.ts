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
 */
import axios from 'axios';

import { Deliverability } from '../nodes/Deliverability/Deliverability.node';
import { startSandboxProcess, type SandboxInfo } from '../sandbox/child';
import { runNode } from '../support/harness';
import { admin } from '../support/sandbox-admin';

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

export async function measureClientCpu(runs = 5): Promise<ClientCpu[]> {
	const { info, proc: child } = await startSandboxProcess({ accounts: 10_000, latencyMs: 0 });
	try {
		const credentials = {
			deliverabilityApi: {
				apiKey: info.apiKeys.A,
				baseUrl: info.baseUrl,
				headerForm: 'bearer',
				maxRequestsPerSecond: 0,
			},
		};
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
				label: 'Account → Get Many, Return All, 100 per page (per page)',
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
				label: 'Account → Get, 200 items (per request)',
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
	} finally {
		child.kill('SIGTERM');
	}
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

if (require.main === module) {
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
