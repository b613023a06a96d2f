/**
 * What a bench scenario is (a sandbox set-up and the workflows run against it) and the nodes its workflows are
 * built from: this package's node and the anchor users build instead, n8n's HTTP Request node.
 */
import { NODE_TYPES } from '../../support/package';
import type { Sandbox } from '../../sandbox';

export const CRED = {
	paced: 'DlvBenchPaced020',
	unpaced: 'DlvBenchUnpaced0',
	/** The unpaced credential at the sandbox served over HTTPS (the TLS scenarios). */
	unpacedTls: 'DlvBenchTlsUnpac',
	header: 'HttpHdrBench0001',
};

/**
 * The data of an API key credential at a sandbox with no pacer: what the measurements of the node use, since a pacer
 * would put its own waits into the figures.
 */
export function unpacedApiKey(sandbox: Pick<Sandbox, 'baseUrl' | 'apiKeys'>) {
	return {
		apiKey: sandbox.apiKeys.A,
		baseUrl: sandbox.baseUrl,
		headerForm: 'bearer',
		maxRequestsPerSecond: 0,
	};
}

/** The credentials the workflows name: paced and unpaced at the sandbox (and its HTTPS twin), the anchor's header. */
export function credentials(
	sandbox: Sandbox,
	tlsSandbox?: Sandbox,
): Array<Record<string, unknown>> {
	const key = sandbox.apiKeys.A;
	return [
		{
			id: CRED.paced,
			name: CRED.paced,
			type: 'deliverabilityApi',
			data: {
				apiKey: key,
				baseUrl: sandbox.baseUrl,
				headerForm: 'bearer',
				maxRequestsPerSecond: 20,
			},
		},
		{
			id: CRED.unpaced,
			name: CRED.unpaced,
			type: 'deliverabilityApi',
			data: unpacedApiKey(sandbox),
		},
		...(tlsSandbox
			? [
					{
						id: CRED.unpacedTls,
						name: CRED.unpacedTls,
						type: 'deliverabilityApi',
						data: unpacedApiKey(tlsSandbox),
					},
				]
			: []),
		{
			id: CRED.header,
			name: CRED.header,
			type: 'httpHeaderAuth',
			data: { name: 'X-Api-Key', value: `Bearer ${key}` },
		},
	];
}

export interface Server {
	latencyMs: number;
	/** Sliding one-second window per key; null = no limit. */
	perSecond: number | null;
	perPageMode: 'honour' | 'ignore';
}

export interface Variant {
	label: string;
	workflow: Record<string, unknown>;
	/** Name of the node whose output is counted. */
	node: string;
	/** Runs against the group's sandbox served over HTTPS (its requests are counted there). */
	overTls?: boolean;
}

export interface Scenario {
	name: string;
	accounts: number;
	server: Server;
	kind: 'list' | 'update' | 'trend';
	variants: Variant[];
	/** The API paths whose requests count (default: /accounts). */
	paths?: string[];
	/** Prepares the sandbox after its reset, before the runs (a history for the trends). */
	setup?: (sandbox: Sandbox) => Promise<void>;
	/** The floor (ms) the goal is measured against, when the issue states one. */
	floorMs?: number;
	/** The same walk over HTTP and over HTTPS: the ratio reported is HTTPS / HTTP. */
	tlsPair?: boolean;
}

let workflowSeq = 0;
export function workflow(
	name: string,
	nodes: Array<Record<string, unknown>>,
): Record<string, unknown> {
	const id = `BenchWf${String(++workflowSeq).padStart(9, '0')}`;
	const connections: Record<string, unknown> = {};
	for (let i = 0; i + 1 < nodes.length; i++) {
		connections[String(nodes[i].name)] = {
			main: [[{ node: String(nodes[i + 1].name), type: 'main', index: 0 }]],
		};
	}
	return {
		id,
		name,
		nodes: nodes.map((n, i) => ({
			id: `${id}-${i}`,
			typeVersion: 1,
			position: [i * 220, 0],
			...n,
		})),
		connections,
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

export const trigger = { name: 'Start', type: 'n8n-nodes-base.manualTrigger', parameters: {} };

export function ours(
	name: string,
	parameters: Record<string, unknown>,
	credential: string,
): Record<string, unknown> {
	return {
		name,
		type: NODE_TYPES.action,
		parameters,
		credentials: { deliverabilityApi: { id: credential, name: credential } },
	};
}

export function httpRequest(
	name: string,
	baseUrl: string,
	parameters: Record<string, unknown>,
): Record<string, unknown> {
	return {
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			...parameters,
			url: `${String(parameters.url).includes('{{') ? '=' : ''}${baseUrl}${String(parameters.url)}`,
		},
		credentials: { httpHeaderAuth: { id: CRED.header, name: CRED.header } },
	};
}
