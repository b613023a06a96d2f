/**
 * The checks `npm run check:n8n` runs against an n8n the user already runs (any version, given its URL and a public API
 * key), each a row of the table it prints. Everything goes through n8n's public API and the n8n's own webhooks, so
 * nothing needs the editor, a login or the CLI: the credentials the examples use are created (against a sandbox this
 * process starts on loopback), one operation per resource runs in a workflow started by its webhook, both triggers
 * are published and unpublished (the Alert Trigger's alert registered, delivered to and removed), and every example is
 * accepted by n8n. What it created is deleted at the end.
 */
import type { Sandbox } from '../sandbox';
import { loadExamples, sandboxCredentials } from './examples';
import {
	stamp,
	triggerWorkflow,
	webhookWorkflow,
	withCredentials,
	type Credentials,
	type Json,
} from './n8n-check-workflows';
import { removeWorkflow, runByWebhook, until, type PublicApi } from './n8n-public-api';
import { admin } from './sandbox-admin';
import { service } from './sandbox-api';

export interface CheckRow {
	check: string;
	result: 'pass' | 'fail';
	detail: string;
	ms: number;
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

	/**
	 * n8n adds "Allowed HTTP Request Domains" to every credential that authenticates requests, default "All". n8n 1.x's
	 * public API checks credential data against a schema in which a field shown only for one value of another is
	 * required whenever that other field is missing (its `if` holds when the field is absent), so a credential without
	 * the selector is refused for want of "Allowed Domains". Giving the selector its default, as the editor saves it,
	 * passes on every version; a credential type without the field (or a schema n8n will not show) gets nothing.
	 */
	const domainDefault = async (type: string): Promise<Json> => {
		const schema = await api
			.ok<{ properties?: Json }>('GET', `/credentials/schema/${type}`)
			.catch(() => ({ properties: undefined }));
		return schema.properties && 'allowedHttpRequestDomains' in schema.properties
			? { allowedHttpRequestDomains: 'all' }
			: {};
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
		const id = await createWorkflow(
			webhookWorkflow(
				path,
				parameters,
				Object.fromEntries(credentialTypes.map((t) => [t, using[t]])),
			),
		);
		return await runByWebhook(api, id, path);
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

	/** Get Many's parameters for the first two records of a list. */
	const firstTwo = (resource: string): Json => ({
		resource,
		operation: 'getAll',
		returnAll: false,
		limit: 2,
	});

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
					data: { ...(await domainDefault(c.type)), ...c.data },
				});
				credentialIds.push(created.id);
				credentials[c.id] = { id: created.id, name };
				if (c.id !== 'wrong') credentials[c.type] = { id: created.id, name };
			}
			return `${credentialIds.length} credentials`;
		});

		await operation(
			'credential: an operation with the key (Account → Get Many)',
			firstTwo('account'),
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
			firstTwo('automatedTest'),
			count('automated tests'),
		);
		await operation('Domain → Get Many', firstTwo('domain'), count('domains', 'domain'));
		await operation(
			'Email Workspace → Create (Google key credential)',
			{ resource: 'emailWorkspace', operation: 'create', name: 'n8n check', provider: 'google' },
			count('workspace'),
			['deliverabilityApi', 'deliverabilityGoogleWorkspaceKeyApi'],
		);
		await operation('Notification → Get Many', firstTwo('notification'), count('notifications'));
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
				const status = await removeWorkflow(api, id);
				if (status !== 200) left.push(`workflow ${id} (${status})`);
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
