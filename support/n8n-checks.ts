/**
 * The checks `npm run check:n8n` runs against an n8n the user already runs (any version, given its URL and a public API
 * key), each a row of the table it prints. Everything goes through n8n's public API and the n8n's own webhooks, so
 * nothing needs the editor, a login or the CLI: the credentials the examples use are created (against a sandbox this
 * process starts on loopback), one operation per resource runs in a workflow started by its webhook, both triggers
 * are published and unpublished (the Alert Trigger's alert registered, delivered to and removed), and every example is
 * accepted by n8n. What it created is deleted at the end.
 */
import crypto from 'node:crypto';

import type { Sandbox } from '../sandbox';
import { loadExamples, sandboxCredentials } from './examples';
import type { PublicApi } from './n8n-public-api';
import { admin } from './sandbox-admin';
import { service } from './sandbox-api';

export interface CheckRow {
	check: string;
	result: 'pass' | 'fail';
	detail: string;
	ms: number;
}

type Json = Record<string, unknown>;
type Credentials = Record<string, { id: string; name: string }>;

const NODE = 'n8n-nodes-deliverability.deliverability';
const stamp = () => crypto.randomBytes(4).toString('hex');

async function until<T>(
	what: string,
	fn: () => Promise<T | undefined>,
	timeoutMs: number,
): Promise<T> {
	const t0 = Date.now();
	for (;;) {
		const value = await fn();
		if (value !== undefined) return value;
		if (Date.now() - t0 > timeoutMs) throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
		await new Promise((r) => setTimeout(r, 500));
	}
}

/** Runs every check in order; a failing check is a row, the others still run. */
export async function runChecks(
	api: PublicApi,
	sandbox: Sandbox,
	log: (line: string) => void = () => {},
): Promise<CheckRow[]> {
	const rows: CheckRow[] = [];
	const workflows: string[] = [];
	const credentialIds: string[] = [];
	const credentials: Credentials = {};

	const check = async (name: string, fn: () => Promise<string>): Promise<void> => {
		const t0 = Date.now();
		let row: CheckRow;
		try {
			row = { check: name, result: 'pass', detail: await fn(), ms: Date.now() - t0 };
		} catch (error) {
			row = { check: name, result: 'fail', detail: (error as Error).message, ms: Date.now() - t0 };
		}
		rows.push(row);
		log(`${row.result === 'pass' ? 'pass' : 'FAIL'}  ${name}: ${row.detail}`);
	};

	const createWorkflow = async (workflow: Json): Promise<string> => {
		const { id } = await api.ok<{ id: string }>('POST', '/workflows', workflow);
		workflows.push(id);
		return id;
	};

	/** Runs the node with these parameters behind a Webhook trigger; its items, or its error's message. */
	const runOperation = async (
		parameters: Json,
		credentialTypes: string[] = ['deliverabilityApi'],
		using: Credentials = credentials,
	): Promise<{ items?: Json[]; error?: string }> => {
		const path = `deliverability-check-${stamp()}`;
		const id = await createWorkflow({
			name: `Deliverability check ${String(parameters.resource)} → ${String(parameters.operation)}`,
			nodes: [
				{
					id: crypto.randomUUID(),
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId: crypto.randomUUID(),
					parameters: {
						httpMethod: 'POST',
						path,
						responseMode: 'lastNode',
						responseData: 'allEntries',
						options: {},
					},
				},
				{
					id: crypto.randomUUID(),
					name: 'Deliverability',
					type: NODE,
					typeVersion: 1,
					position: [220, 0],
					parameters,
					credentials: Object.fromEntries(credentialTypes.map((t) => [t, using[t]])),
				},
			],
			connections: {
				Webhook: { main: [[{ node: 'Deliverability', type: 'main', index: 0 }]] },
			},
			settings: { executionOrder: 'v1' },
		});
		await api.ok('POST', `/workflows/${id}/activate`);
		// Right after activation the webhook may not be registered yet (404).
		const res = await until(
			'registered webhook',
			async () => {
				const r = await fetch(`${api.url}/webhook/${path}`, { method: 'POST' });
				return r.status === 404 ? undefined : r;
			},
			30000,
		);
		const text = await res.text();
		if (res.status === 200) return { items: JSON.parse(text) as Json[] };
		const execution = await until(
			'finished execution',
			async () => {
				const list = await api.ok<{
					data: Array<{ finished: boolean; stoppedAt?: string | null; data?: Json }>;
				}>('GET', `/executions?workflowId=${id}&includeData=true&limit=1`);
				const [latest] = list.data;
				return latest?.stoppedAt ? latest : undefined;
			},
			30000,
		);
		const resultData = (
			execution.data as { resultData?: { error?: { message?: string } } } | undefined
		)?.resultData;
		return {
			error: resultData?.error?.message ?? `n8n answered ${res.status}: ${text.slice(0, 200)}`,
		};
	};

	/** An operation that must succeed; `what` says what its items must show. */
	const operation = (
		name: string,
		parameters: Json,
		what: (items: Json[]) => string,
		credentialTypes?: string[],
	) =>
		check(name, async () => {
			const { items, error } = await runOperation(parameters, credentialTypes);
			if (error !== undefined) throw new Error(error);
			return what(items ?? []);
		});

	const count =
		(label: string, key = 'id') =>
		(items: Json[]) => {
			if (items.some((i) => i[key] === undefined)) throw new Error(`an item without ${key}`);
			return `${items.length} ${label}`;
		};

	try {
		await check('n8n public API and key', async () => {
			await api.ok('GET', '/workflows?limit=1');
			return `${api.url}/api/v1 answers`;
		});

		await check('credentials created (the examples’ six, one with a wrong key)', async () => {
			const wanted = sandboxCredentials({
				baseUrl: sandbox.baseUrl,
				apiKey: sandbox.apiKeys.A,
				smtpPort: sandbox.smtpPort,
			}) as Array<{ id: string; name: string; type: string; data: Json }>;
			const wrong = {
				id: 'wrong',
				name: 'Deliverability wrong key',
				type: 'deliverabilityApi',
				data: { apiKey: 'wrong-key', baseUrl: sandbox.baseUrl, headerForm: 'bearer' },
			};
			for (const c of [...wanted, wrong]) {
				const name = `${c.name} (check ${stamp()})`;
				const created = await api.ok<{ id: string }>('POST', '/credentials', {
					name,
					type: c.type,
					data: c.data,
				});
				credentialIds.push(created.id);
				credentials[c.id] = { id: created.id, name };
				if (c.id !== 'wrong') credentials[c.type] = { id: created.id, name };
			}
			return `${credentialIds.length} credentials`;
		});

		await operation(
			'credential: an operation with the key (Account → Get Many)',
			{ resource: 'account', operation: 'getAll', returnAll: false, limit: 2 },
			count('accounts'),
		);
		await check('credential: a wrong key is refused with the service’s words', async () => {
			const { items, error } = await runOperation(
				{ resource: 'account', operation: 'getAll', returnAll: false, limit: 1 },
				['deliverabilityApi'],
				{ deliverabilityApi: credentials.wrong },
			);
			if (error === undefined) throw new Error(`not refused: ${items?.length ?? 0} items`);
			return error;
		});

		await operation(
			'Alert → Get Many',
			{ resource: 'alert', operation: 'getAll', returnAll: true },
			count('alerts'),
		);
		await operation(
			'Automated Test → Get Many',
			{ resource: 'automatedTest', operation: 'getAll', returnAll: false, limit: 2 },
			count('automated tests'),
		);
		await operation(
			'Domain → Get Many',
			{ resource: 'domain', operation: 'getAll', returnAll: false, limit: 2 },
			count('domains', 'domain'),
		);
		await operation(
			'Email Workspace → Create (Google key credential)',
			{ resource: 'emailWorkspace', operation: 'create', name: 'n8n check', provider: 'google' },
			count('workspace'),
			['deliverabilityApi', 'deliverabilityGoogleWorkspaceKeyApi'],
		);
		await operation(
			'Notification → Get Many',
			{ resource: 'notification', operation: 'getAll', returnAll: false, limit: 2 },
			count('notifications'),
		);
		await operation(
			'Spam Test → Create',
			{ resource: 'spamTest', operation: 'create' },
			count('spam test', 'public_id'),
		);
		await check('Task → Get (a batch task)', async () => {
			const task = await service<{ id: number }>(sandbox, 'POST', '/accounts/batch', {
				account_ids: [4],
				action: 'suspend',
			});
			// Waited for, so that it ends on Completed: the webhook answers with the first output's items.
			const { items, error } = await runOperation({
				resource: 'task',
				operation: 'get',
				taskId: { __rl: true, mode: 'id', value: String(task.id) },
				waitForCompletion: true,
				pollInterval: 1,
			});
			if (error !== undefined) throw new Error(error);
			if (items?.[0]?.id !== task.id)
				throw new Error(`not task ${task.id}: ${JSON.stringify(items)}`);
			return `task ${task.id}`;
		});

		await check(
			'Alert Trigger: publish registers its alert, a delivery runs, unpublish removes it',
			async () => {
				const id = await createWorkflow(
					triggerWorkflow('deliverabilityAlertTrigger', 1.1, credentials),
				);
				const ours = async () =>
					(
						await admin<Array<{ id: number; hook_url: string | null }>>(
							sandbox,
							'GET',
							'/alerts?project=A',
						)
					).filter((a) => (a.hook_url ?? '').startsWith(api.url));
				await api.ok('POST', `/workflows/${id}/activate`);
				const [alert] = await until(
					'alert at the service',
					async () => {
						const found = await ours();
						return found.length > 0 ? found : undefined;
					},
					30000,
				);
				await admin(sandbox, 'POST', '/events', { event: 'ACCOUNT_DISCONNECTED', account_id: 3 });
				await until(
					'run of the delivery',
					async () => {
						const list = await api.ok<{ data: Array<{ status?: string; finished?: boolean }> }>(
							'GET',
							`/executions?workflowId=${id}&limit=5`,
						);
						return list.data.find((e) => e.finished === true || e.status === 'success');
					},
					60000,
				);
				await api.ok('POST', `/workflows/${id}/deactivate`);
				await until(
					'alert removed',
					async () => ((await ours()).length === 0 ? true : undefined),
					30000,
				);
				return `alert ${alert.id} registered, one delivery ran, removed on unpublish`;
			},
		);

		await check('Notification Trigger: publish arms its poll, unpublish stops it', async () => {
			const id = await createWorkflow(
				triggerWorkflow('deliverabilityNotificationTrigger', 1, credentials, {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					events: ['ACCOUNT_DISCONNECTED'],
					customEvents: '',
					filters: {},
					options: {},
				}),
			);
			await api.ok('POST', `/workflows/${id}/activate`);
			const active = await api.ok<{ active: boolean }>('GET', `/workflows/${id}`);
			if (!active.active) throw new Error('not active after publish');
			await api.ok('POST', `/workflows/${id}/deactivate`);
			return 'published (its arming poll passed) and unpublished';
		});

		for (const example of loadExamples()) {
			await check(`example accepted: ${example.file}`, async () => {
				const { workflow, dropped } = withCredentials(example.workflow, credentials);
				await createWorkflow(workflow);
				return dropped.length > 0
					? `${example.name} (without node keys the public API refuses and the editor ignores: ${dropped.join(', ')})`
					: example.name;
			});
		}
	} finally {
		await check('clean-up: every workflow and credential it made is deleted', async () => {
			const left: string[] = [];
			for (const id of workflows) {
				await api.call('POST', `/workflows/${id}/deactivate`);
				// n8n 2.x unpublishes in the background: until it is done a delete answers 409.
				let deleted = await api.call('DELETE', `/workflows/${id}`);
				for (let tries = 0; deleted.status === 409 && tries < 60; tries++) {
					await new Promise((r) => setTimeout(r, 500));
					deleted = await api.call('DELETE', `/workflows/${id}`);
				}
				if (deleted.status !== 200) left.push(`workflow ${id} (${deleted.status})`);
			}
			for (const id of credentialIds) {
				const deleted = await api.call('DELETE', `/credentials/${id}`);
				if (deleted.status !== 200) left.push(`credential ${id} (${deleted.status})`);
			}
			if (left.length > 0) throw new Error(`left behind: ${left.join(', ')}`);
			return `${workflows.length} workflows, ${credentialIds.length} credentials`;
		});
	}
	return rows;
}

/** A trigger of this package alone (its lifecycle needs nothing after it). */
function triggerWorkflow(
	type: string,
	typeVersion: number,
	credentials: Credentials,
	parameters: Json = {},
): Json {
	return {
		name: `Deliverability check ${type}`,
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Trigger',
				type: `n8n-nodes-deliverability.${type}`,
				typeVersion,
				position: [0, 0],
				webhookId: crypto.randomUUID(),
				parameters: { events: ['ACCOUNT_DISCONNECTED'], options: {}, ...parameters },
				credentials: { deliverabilityApi: credentials.deliverabilityApi },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** The keys of a node n8n's public API takes (its workflow schema refuses any other). */
const NODE_KEYS = new Set([
	'id',
	'name',
	'webhookId',
	'disabled',
	'notesInFlow',
	'notes',
	'type',
	'typeVersion',
	'executeOnce',
	'alwaysOutputData',
	'retryOnFail',
	'maxTries',
	'waitBetweenTries',
	'continueOnFail',
	'onError',
	'position',
	'parameters',
	'credentials',
]);

/**
 * An example as the public API takes it, its credentials the ones created here (by the id the example names), and
 * the node keys left out because the public API refuses them (`Node.key`).
 */
function withCredentials(
	workflow: Json,
	credentials: Credentials,
): { workflow: Json; dropped: string[] } {
	const dropped: string[] = [];
	const nodes = (workflow.nodes as Json[]).map((node) => ({
		...Object.fromEntries(
			Object.entries(node).filter(([key]) => {
				if (NODE_KEYS.has(key)) return true;
				dropped.push(`${String(node.name)}.${key}`);
				return false;
			}),
		),
		...(node.credentials
			? {
					credentials: Object.fromEntries(
						Object.entries(node.credentials as Record<string, { id: string }>).map(
							([type, ref]) => [type, credentials[ref.id] ?? ref],
						),
					),
				}
			: {}),
	}));
	return {
		workflow: {
			name: `${String(workflow.name)} (check ${stamp()})`,
			nodes,
			connections: workflow.connections,
			settings: workflow.settings,
		},
		dropped,
	};
}
