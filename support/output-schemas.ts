/**
 * Output schemas for the Deliverability node, the way n8n's own nodes ship them: one JSON Schema of an output item
 * per operation in `nodes/Deliverability/__schema__/v<version>/<resource>/<operation>.json` (`n8n-node build` copies
 * every `__schema__` JSON into dist/, so they are in the published tarball beside the node file). n8n 1.123+ and 2.x serve them at
 * `/schemas/<node type>/<version>/<resource>/<operation>.json` for any loaded node, community packages included; the
 * editor shows them as the schema preview of a node that has not run yet (fields can be mapped before the first run),
 * and 2.x's AI builder reads them as output shapes.
 *
 * Generated, never written by hand: every resource and operation the node offers (read from its description, so
 * operations added later are covered) runs once through n8n's real engine (support/harness.ts) against a fresh sandbox
 * with default options, and the schema is inferred from the items it returns (all items merged).
 * `npm run schemas` rewrites the files; test/nodes/behaviour/output-schemas.test.ts regenerates and compares.
 *
 * Parameters: required ones are filled from SAMPLE_IDS (ids of things that exist in the sandbox) and their type's
 * default; SAMPLES adds what an operation needs beyond that. An operation that cannot run from these fails the
 * generator with its name and error.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {
	ICredentialDataDecryptedObject,
	INodeParameters,
	INodeProperties,
	INodeTypeDescription,
} from 'n8n-workflow';

import { Deliverability } from '../nodes/Deliverability/Deliverability.node';
import { startSandbox, type Sandbox } from '../sandbox';
import { runNode } from './harness';
import { schemaOfItems } from './json-schema';
import { admin } from './sandbox-admin';

export const schemaRoot = path.resolve(__dirname, '..', 'nodes', 'Deliverability', '__schema__');

/** Whether a parameter belongs to this operation (its own display condition names both). */
export function showsFor(p: INodeProperties, resource: string, operation: string): boolean {
	return (
		p.displayOptions?.show?.resource?.[0] === resource &&
		p.displayOptions?.show?.operation?.[0] === operation
	);
}

/** Every resource and operation value the node offers, read from its description. */
export function operationsOf(
	description: INodeTypeDescription,
): Array<{ resource: string; operation: string }> {
	const resources = (
		description.properties.find((p) => p.name === 'resource')!.options as Array<{ value: string }>
	).map((o) => o.value);
	return resources.flatMap((resource) => {
		const picker = description.properties.find(
			(p) =>
				p.name === 'operation' &&
				((p.displayOptions?.show?.resource as string[] | undefined) ?? []).includes(resource),
		);
		return ((picker?.options as Array<{ value: string }> | undefined) ?? []).map((o) => ({
			resource,
			operation: o.value,
		}));
	});
}

/** The node's versions, each with its schema folder as n8n names it (`v1.0.0`). */
export function versionDirs(description: INodeTypeDescription): Array<[number, string]> {
	return [description.version]
		.flat()
		.map((v) => [v, `v${String(v).split('.').concat(['0', '0']).slice(0, 3).join('.')}`]);
}

export const KEY_FILE = {
	type: 'service_account',
	project_id: 'example-project',
	private_key_id: 'dummy-key-id-123',
	private_key:
		'-----BEGIN PRIVATE KEY-----\nMIIEdummyexamplekeymaterial\n-----END PRIVATE KEY-----\n',
	client_email: 'importer@example-project.iam.gserviceaccount.com',
	client_id: '1234567890',
};

export type Ids = Record<string, string | number>;

const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

export interface Sample {
	/** Parameters beyond resource, operation and the required ones filled automatically. */
	parameters?: INodeParameters | ((ids: Ids) => INodeParameters);
	/** Credentials beyond the API key (by type). */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
}

/** What an operation needs beyond its required parameters (realistic values; secrets obviously fake). */
/** Account → Connect IMAP/SMTP's fields for a new mailbox on its own mail servers (provider Custom). */
export const NEW_CUSTOM_MAILBOX = {
	email: 'new.box@example-mail.com',
	firstName: 'New',
	lastName: 'Box',
	provider: 'custom',
	imapServer: 'imap.example-mail.com',
	imapServerPort: 993,
	smtpServer: 'smtp.example-mail.com',
	smtpServerPort: 587,
};

export const SAMPLES: Record<string, Sample> = {
	'account.batch': { parameters: { action: 'reconnect' } },
	'account.getAliases': { parameters: (ids) => ({ accountId: byId(ids.accountWithAliases) }) },
	'account.update': { parameters: { updateFields: { first_name: 'Anna' } } },
	'account.connectImap': {
		parameters: NEW_CUSTOM_MAILBOX,
		credentials: { deliverabilityMailboxApi: { password: 'dummy-mailbox-pass-both' } },
	},
	'alert.create': {
		parameters: {
			channel: 'HOOK_URL',
			hookUrl: 'https://hooks.example.com/deliverability',
			events: ['ACCOUNT_DISCONNECTED'],
		},
	},
	'alert.update': { parameters: { updateFields: { active: false } } },
	'automatedTest.setRuns': { parameters: { weekdays: [1, 3, 5] } },
	'automatedTest.update': { parameters: { updateFields: { hour: 9 } } },
	'spamTest.update': { parameters: { updateFields: { type: 'btob' } } },
	'emailWorkspace.importAccounts': {
		parameters: { accounts: 'ann@import.example, bob@import.example' },
	},
	'emailWorkspace.update': { parameters: { name: 'Renamed' } },
	'emailWorkspace.create': {
		parameters: { name: 'Sales', provider: 'google' },
		credentials: {
			deliverabilityGoogleWorkspaceKeyApi: { privateKeyFile: JSON.stringify(KEY_FILE) },
		},
	},
};

/**
 * The credentials a sample runs with: the API key's, and the sample's own with a secret, which extend it (the API
 * key's fields, then the secret), as n8n stores them.
 */
export function sampleCredentials(
	sample: string,
	apiKey: ICredentialDataDecryptedObject,
): Record<string, ICredentialDataDecryptedObject> {
	return Object.fromEntries(
		Object.entries({ deliverabilityApi: {}, ...SAMPLES[sample]?.credentials }).map(
			([type, secret]) => [type, { ...apiKey, ...secret }],
		),
	);
}

/** Ids of things that exist in a fresh sandbox (project A), by parameter name. */
export async function sampleIds(sandbox: Sandbox): Promise<Ids> {
	const get = async <T>(route: string, method = 'GET', body?: unknown): Promise<T> => {
		const res = await fetch(`${sandbox.baseUrl}${route}`, {
			method,
			headers: { 'X-Api-Key': sandbox.apiKeys.A, 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (res.status >= 400)
			throw new Error(`sandbox ${method} ${route}: ${res.status} ${await res.text()}`);
		return (await res.json()) as T;
	};
	const accounts =
		await get<Array<{ id: number; tags?: Array<{ id: number }> }>>('/accounts?page=0');
	const [account] = accounts;
	let accountWithAliases: number | undefined;
	for (const a of accounts) {
		if ((await get<unknown[]>(`/accounts/${a.id}/aliases`)).length > 0) {
			accountWithAliases = a.id;
			break;
		}
	}
	if (accountWithAliases === undefined)
		throw new Error("no account with aliases on the sandbox's first page");
	const [automatedTest] = await get<Array<{ id: number }>>('/automated_tests?page=0');
	const [spamTest] = await get<Array<{ public_id: string }>>('/spam_tests?page=0');
	const alerts = await get<Array<{ id: number }>>('/alerts');
	const task = await get<{ id?: number; task_id?: number }>('/accounts/batch', 'POST', {
		action: 'reconnect',
		account_ids: [account.id],
	});
	const tagId = accounts.find((a) => a.tags?.length)?.tags?.[0].id;
	const workspace = await get<{ id: number }>('/email_workspaces', 'POST', {
		name: 'Sales',
		file_key_json: KEY_FILE,
	});
	// The seed's spam tests are older than any trend window: a history of the last weeks (stable, then a drop for
	// one provider) for the trend operations, made after the ids above were read.
	await admin(sandbox, 'POST', '/spam_tests/history', {
		automated_test_id: automatedTest.id,
		tests: [{ days_ago: 15 }, { days_ago: 8 }, { days_ago: 1, inbox_percent: { gmail: 25 } }],
	});
	// And a week of warming mail to Gmail landing in spam, so Get Warming Trend shows a drop with its
	// providers and fix.
	await admin(sandbox, 'POST', `/accounts/${account.id}/warming`, {
		spam_percent: 80,
		days: 7,
		provider: 'gmail',
		sent_per_day: 10,
		before: { sent_per_day: 10, spam_percent: 0 },
	});
	return {
		accountId: account.id,
		accountIds: String(account.id),
		accountWithAliases,
		alertId: alerts[0].id,
		automatedTestId: automatedTest.id,
		publicId: spamTest.public_id,
		taskId: (task.task_id ?? task.id)!,
		emailWorkspaceId: workspace.id,
		...(tagId === undefined ? {} : { tagId }),
	};
}

function shown(
	p: INodeProperties,
	params: INodeParameters,
	defaults: Record<string, unknown>,
): boolean {
	const value = (name: string) => (name in params ? params[name] : defaults[name]);
	const matches = (cond: Record<string, unknown> | undefined, name: string) =>
		((cond?.[name] as unknown[] | undefined) ?? []).some(
			(v) => JSON.stringify(v) === JSON.stringify(value(name)),
		);
	const show = p.displayOptions?.show as Record<string, unknown> | undefined;
	const hide = p.displayOptions?.hide as Record<string, unknown> | undefined;
	if (show && !Object.keys(show).every((k) => matches(show, k))) return false;
	if (hide && Object.keys(hide).some((k) => matches(hide, k))) return false;
	return true;
}

/** resource + operation + sample parameters + every shown required parameter from the ids or its type's default. */
export function parametersFor(
	description: INodeTypeDescription,
	resource: string,
	operation: string,
	ids: Ids,
): INodeParameters {
	const sample = SAMPLES[`${resource}.${operation}`]?.parameters;
	const params: INodeParameters = {
		resource,
		operation,
		...(typeof sample === 'function' ? sample(ids) : sample),
	};
	const defaults = Object.fromEntries(description.properties.map((p) => [p.name, p.default]));
	for (const p of description.properties) {
		if (!p.required || p.name in params || !shown(p, params, defaults)) continue;
		if (p.type === 'resourceLocator') {
			if (ids[p.name] === undefined)
				throw new Error(
					`no sample id for "${p.name}" (${resource} → ${operation}): add it to sampleIds() in support/output-schemas.ts`,
				);
			params[p.name] = byId(ids[p.name]);
		} else if (ids[p.name] !== undefined) params[p.name] = ids[p.name];
		else if (p.type === 'multiOptions')
			params[p.name] = [(p.options as Array<{ value: string }>)[0].value];
		else if (p.default !== '' && p.default !== undefined) params[p.name] = p.default;
		else
			throw new Error(
				`no sample value for required "${p.name}" (${resource} → ${operation}): add it to SAMPLES in support/output-schemas.ts`,
			);
	}
	// An Update runs only with a field added: without one, every check that runs it would fail on
	// "add at least one field", far from the fix.
	const updateFields = description.properties.find(
		(p) => p.name === 'updateFields' && shown(p, params, defaults),
	);
	if (updateFields && params.updateFields === undefined)
		throw new Error(
			`no sample Update Fields for ${resource} → ${operation}: add one field to SAMPLES in support/output-schemas.ts ('${resource}.${operation}': { parameters: { updateFields: { <API field>: <value> } } })`,
		);
	return params;
}

/** Runs every operation against a fresh sandbox; returns file path (relative to the schema root) → file text. */
export async function generateSchemas(): Promise<Map<string, string>> {
	const nodeType = new Deliverability();
	const { description } = nodeType;
	const files = new Map<string, string>();
	const sandbox = await startSandbox({ port: 0, smtpPort: 0 });
	const failures: string[] = [];
	try {
		// Each version runs on its own: an answer may differ by version (an operation that changes something answers
		// raw in version 1 and in words from 1.1).
		for (const [version, dir] of versionDirs(description)) {
			for (const { resource, operation } of operationsOf(description)) {
				await admin(sandbox, 'POST', '/reset');
				try {
					const ids = await sampleIds(sandbox);
					const result = await runNode({
						nodeType,
						typeVersion: version,
						parameters: parametersFor(description, resource, operation, ids),
						credentials: sampleCredentials(`${resource}.${operation}`, {
							apiKey: sandbox.apiKeys.A,
							baseUrl: sandbox.baseUrl,
							headerForm: 'bearer',
						}),
					});
					if (result.error) throw result.error;
					const items = result.items.map((i) => i.json);
					if (items.length === 0) throw new Error('returned no items');
					const text = JSON.stringify(schemaOfItems(items), null, 4) + '\n';
					files.set(path.join(dir, resource, `${operation}.json`), text);
				} catch (e) {
					failures.push(`${resource} → ${operation} (version ${version}): ${(e as Error).message}`);
				}
			}
		}
	} finally {
		await sandbox.close();
	}
	if (failures.length)
		throw new Error(
			`output schemas: ${failures.length} operation(s) did not run:\n  ${failures.join('\n  ')}`,
		);
	return files;
}

/** Every file under the schema root, relative to it. */
export function existingSchemaFiles(): string[] {
	if (!fs.existsSync(schemaRoot)) return [];
	return (fs.readdirSync(schemaRoot, { recursive: true }) as string[])
		.filter((f) => f.endsWith('.json'))
		.sort();
}
