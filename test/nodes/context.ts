/**
 * What every node test file needs: a sandbox of its own (real HTTP on loopback), the action node run through n8n's
 * real engine with the real credential, and the sandbox's admin API to see what it received.
 */
import axios from 'axios';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeParameters,
	INodeType,
} from 'n8n-workflow';

import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';
import { retryPolicy } from '../../nodes/shared/transport';
import { startSandbox, type Sandbox } from '../../sandbox';
import type { FaultKind } from '../../sandbox/admin-state';
import { asTool, runNode, type RunResult } from '../../support/harness';
import { parametersFor, SAMPLES, type Ids } from '../../support/output-schemas';
import { admin, requestLines, type AdminMethod } from '../../support/sandbox-admin';

export interface LoggedRequest {
	seq: number;
	method: string;
	path: string;
	query: Record<string, string>;
	body: IDataObject | null;
	headerForm: 'bearer' | 'raw' | 'missing';
	project: 'A' | 'B' | null;
	status: number;
}

/** How `t.run` runs the node: its input, Continue On Fail, the credential and the node's version. */
export interface RunOptions {
	input?: IDataObject[];
	continueOnFail?: boolean;
	apiKey?: string;
	headerForm?: 'bearer' | 'raw';
	/**
	 * The secrets of the credentials that extend the API key's, by type (e.g. the email workspace ones): each
	 * gets the API key's fields too, and is offered beside the API key's credential.
	 */
	credentials?: Record<string, IDataObject>;
	/** The node's version (1 unless given; 1.1 answers in words where version 1 answers raw). */
	typeVersion?: number;
	/** The node run: the Deliverability node unless given (a test-only probe, the trigger). */
	nodeType?: INodeType;
	/** Run it as an AI agent's tool (the type n8n makes of it, support/harness.ts's `asTool`). */
	tool?: boolean;
}

export interface NodeTestContext {
	sandbox: Sandbox;
	/** Runs the Deliverability node once with these parameters (project A's key unless `apiKey` is given). */
	run(parameters: INodeParameters, options?: RunOptions): Promise<RunResult>;
	/**
	 * Runs an operation as its sample (support/output-schemas.ts) has it: the sample's parameters on these ids (from
	 * `sampleIds` on this sandbox), `parameters` over them, and the sample's credentials beside the API key's (those
	 * in `options.credentials` over them).
	 */
	runSample(
		resource: string,
		operation: string,
		ids: Ids,
		options?: RunOptions & { parameters?: INodeParameters },
	): Promise<RunResult>;
	/**
	 * The node's own check refused the run before any request: a NodeOperationError whose message matches, no item
	 * out, and nothing in the request log.
	 */
	expectRefused(result: RunResult, message: RegExp | string): Promise<void>;
	/** The sandbox's request log (API requests only), oldest first. */
	requests(): Promise<LoggedRequest[]>;
	/** The one request of the log (the test fails when there is none or more than one). */
	onlyRequest(): Promise<LoggedRequest>;
	/** The same log as one "METHOD /path?query" line a request, to compare with what an operation should send. */
	calls(): Promise<string[]>;
	clearRequests(): Promise<void>;
	/**
	 * Makes the sandbox answer the next `count` requests (1 unless given) to `route` ("GET /tasks": a method and a path)
	 * with a fault of this kind (sandbox/BEHAVIOUR.md → Admin API); `retryAfter` is the Retry-After of a 429.
	 */
	fault(
		kind: FaultKind,
		route: string,
		options?: { count?: number; retryAfter?: string },
	): Promise<void>;
	/**
	 * Makes the sandbox answer requests to `route` ("GET /spam_tests": a method and a path) with `body` as a 200, in place
	 * of its own answer (the `given` misbehaving answer, sandbox/BEHAVIOUR.md): every such request, or the next
	 * `count`.
	 */
	answerWith(route: string, body: unknown, options?: { count?: number }): Promise<void>;
	/** Any admin call: `admin('POST', '/settings', {...})`. */
	admin<T = unknown>(method: AdminMethod, path: string, body?: unknown): Promise<T>;
	/** A direct API call with project A's key (to prepare or check state without going through the node). */
	api<T = unknown>(
		method: 'GET' | 'POST' | 'DELETE',
		path: string,
		body?: unknown,
		query?: IDataObject,
	): Promise<{ status: number; data: T }>;
}

const DESCRIPTION = new Deliverability().description;

/**
 * Call at the top of a test file: starts a sandbox before all tests, resets it before each, closes it after all.
 * Retry waits are shortened so 429/5xx paths run fast (the policy itself is unchanged).
 */
export function useSandbox(
	options: { accounts?: number; resetEachTest?: boolean } = {},
): NodeTestContext {
	let sandbox: Sandbox | undefined;
	const saved = { ...retryPolicy };

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, smtpPort: 0, accounts: options.accounts });
		retryPolicy.baseDelayMs = 20;
	});
	afterAll(async () => {
		Object.assign(retryPolicy, saved);
		await sandbox?.close();
	});
	if (options.resetEachTest !== false) {
		beforeEach(async () => {
			await context.admin('POST', '/reset');
		});
	}

	const started = (): Sandbox => {
		if (!sandbox)
			throw new Error(
				'sandbox not started (useSandbox must be called at the top level of a test file)',
			);
		return sandbox;
	};

	const context: NodeTestContext = {
		get sandbox() {
			return started();
		},
		async run(parameters, runOptions = {}) {
			const s = started();
			const apiKey = {
				apiKey: runOptions.apiKey ?? s.apiKeys.A,
				baseUrl: s.baseUrl,
				headerForm: runOptions.headerForm ?? 'bearer',
			};
			const nodeType = runOptions.nodeType ?? new Deliverability();
			return await runNode({
				nodeType: runOptions.tool ? asTool(nodeType) : nodeType,
				parameters,
				input: runOptions.input,
				continueOnFail: runOptions.continueOnFail,
				typeVersion: runOptions.typeVersion,
				credentials: {
					deliverabilityApi: apiKey,
					// The credentials with a secret extend the API key's: its fields, then their own.
					...Object.fromEntries(
						Object.entries(runOptions.credentials ?? {}).map(([type, data]) => [
							type,
							{ ...apiKey, ...data } as ICredentialDataDecryptedObject,
						]),
					),
				},
			});
		},
		async runSample(resource, operation, ids, { parameters, ...runOptions } = {}) {
			return await context.run(
				{ ...parametersFor(DESCRIPTION, resource, operation, ids), ...parameters },
				{
					...runOptions,
					credentials: {
						...SAMPLES[`${resource}.${operation}`]?.credentials,
						...runOptions.credentials,
					},
				},
			);
		},
		async expectRefused(result, message) {
			expectValidationError(result, message);
			expect(await context.requests()).toEqual([]);
		},
		async requests() {
			return await context.admin<LoggedRequest[]>('GET', '/requests');
		},
		async onlyRequest() {
			const log = await context.requests();
			expect(log).toHaveLength(1);
			return log[0];
		},
		async calls() {
			return await requestLines(started());
		},
		async clearRequests() {
			await context.admin('DELETE', '/requests');
		},
		async fault(kind, route, { count = 1, retryAfter } = {}) {
			const [method, path] = route.split(' ');
			await context.admin('POST', '/faults', { kind, count, retryAfter, method, path });
		},
		async answerWith(route, body, { count } = {}) {
			const [method, path] = route.split(' ');
			await context.admin('POST', '/answers', { kind: 'given', method, path, body, count });
		},
		admin: <T>(method: AdminMethod, path: string, body?: unknown) =>
			admin<T>(started(), method, path, body),
		async api<T>(
			method: 'GET' | 'POST' | 'DELETE',
			path: string,
			body?: unknown,
			query?: IDataObject,
		) {
			const s = started();
			const response = await axios.request<T>({
				method,
				url: `${s.baseUrl}${path}`,
				data: body,
				params: query,
				headers: { 'X-Api-Key': s.apiKeys.A },
				validateStatus: () => true,
			});
			return { status: response.status, data: response.data };
		},
	};
	return context;
}

/** A resource-locator value in ID mode, as n8n stores it when the user types an ID or an expression. */
export function byId(value: string | number): { __rl: true; mode: 'id'; value: string } {
	return { __rl: true, mode: 'id', value: String(value) };
}

/** The node's own check refused the run: a NodeOperationError whose message matches, and no item out. */
export function expectValidationError(
	result: { error?: Error; items: unknown[] },
	pattern: RegExp | string,
) {
	expect(result.error).toBeDefined();
	expect(result.error!.name).toBe('NodeOperationError');
	expect(result.error!.message).toMatch(pattern);
	expect(result.items).toHaveLength(0);
}

/** The JSON of every output item. */
export function jsonOf(result: RunResult): IDataObject[] {
	return result.items.map((item) => item.json);
}

/** The parameters of one resource's operation: `account('get', { accountId })`. */
export const parametersOf =
	(resource: string) =>
	(operation: string, extra: IDataObject = {}): INodeParameters => ({
		resource,
		operation,
		...extra,
	});

/** The execution hints the node left on its output (what n8n shows above it), their messages. */
export function hintsOf(result: RunResult): string[] {
	const runs = result.run.data.resultData.runData['Node Under Test'] as Array<{
		hints?: Array<{ message: string }>;
	}>;
	return (runs[0].hints ?? []).map((hint) => hint.message);
}
