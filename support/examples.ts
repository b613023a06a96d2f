/**
 * What `npm start` and the e2e suite put into n8n besides the package: the credentials the examples refer to
 * (fixed ids, so the example files import with their credentials attached) and the example workflows.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const CREDENTIAL_IDS = {
	deliverability: 'DlvSandboxApiKey',
	googleWorkspace: 'DlvSandboxGoogle',
	outlookApp: 'DlvSandboxOutlook',
	mailbox: 'DlvSandboxMailbox',
	smtp: 'DlvSandboxSmtp01',
	mcp: 'DlvSandboxMcpToken',
} as const;

export const CREDENTIAL_NAMES = {
	deliverability: 'Deliverability sandbox',
	googleWorkspace: 'Deliverability sandbox with Google key',
	outlookApp: 'Deliverability sandbox with Outlook app',
	mailbox: 'Deliverability sandbox with mailbox passwords',
	smtp: 'Sandbox SMTP',
	mcp: 'MCP client token',
} as const;

const examplesDir = path.resolve(__dirname, '..', 'examples');

interface SandboxEndpoints {
	baseUrl: string;
	apiKey: string;
	smtpPort: number;
	/** The bearer token an MCP client sends to the mcp-server example's trigger (default: a random one). */
	mcpToken?: string;
}

/** A token for the MCP Server Trigger's Bearer Auth credential: random, so no two instances share one. */
export function newMcpToken(): string {
	return crypto.randomBytes(24).toString('base64url');
}

/** Credentials in the shape `n8n import:credentials` takes (plain `data` is encrypted on import). */
export function sandboxCredentials({
	baseUrl,
	apiKey,
	smtpPort,
	mcpToken = newMcpToken(),
}: SandboxEndpoints): object[] {
	return [
		{
			id: CREDENTIAL_IDS.deliverability,
			name: CREDENTIAL_NAMES.deliverability,
			type: 'deliverabilityApi',
			data: { apiKey, baseUrl, headerForm: 'bearer' },
		},
		// The three operations that send a secret each use one credential holding the API key and the secret. The
		// sandbox checks the secrets' form only, so these made-up ones let a user try those operations.
		{
			id: CREDENTIAL_IDS.googleWorkspace,
			name: CREDENTIAL_NAMES.googleWorkspace,
			type: 'deliverabilityGoogleWorkspaceKeyApi',
			data: {
				apiKey,
				baseUrl,
				headerForm: 'bearer',
				privateKeyFile: JSON.stringify({
					type: 'service_account',
					project_id: 'sandbox-project',
					private_key_id: 'dummy-sandbox-key-id',
					private_key:
						'-----BEGIN PRIVATE KEY-----\ndummy-sandbox-key\n-----END PRIVATE KEY-----\n',
					client_email: 'importer@sandbox-project.iam.gserviceaccount.com',
					client_id: '100000000000000000001',
				}),
			},
		},
		{
			id: CREDENTIAL_IDS.outlookApp,
			name: CREDENTIAL_NAMES.outlookApp,
			type: 'deliverabilityOutlookAppApi',
			data: {
				apiKey,
				baseUrl,
				headerForm: 'bearer',
				clientId: '11111111-2222-3333-4444-555555555555',
				tenantId: '66666666-7777-8888-9999-000000000000',
				clientSecretId: 'dummy-sandbox-secret-id',
				clientSecretValue: 'dummy-sandbox-secret-value',
			},
		},
		{
			id: CREDENTIAL_IDS.mailbox,
			name: CREDENTIAL_NAMES.mailbox,
			type: 'deliverabilityMailboxApi',
			data: { apiKey, baseUrl, headerForm: 'bearer', password: 'dummy-sandbox-mailbox-password' },
		},
		{
			id: CREDENTIAL_IDS.smtp,
			name: CREDENTIAL_NAMES.smtp,
			type: 'smtp',
			data: {
				user: '',
				password: '',
				host: '127.0.0.1',
				port: smtpPort,
				secure: false,
				disableStartTls: true,
			},
		},
		{
			id: CREDENTIAL_IDS.mcp,
			name: CREDENTIAL_NAMES.mcp,
			type: 'httpBearerAuth',
			data: { token: mcpToken },
		},
	];
}

export interface Example {
	file: string;
	id: string;
	name: string;
	workflow: Record<string, unknown>;
}

/**
 * The switch of every example that pauses, reconnects, resumes or deletes mailboxes: the field `dry_run` of its
 * *Settings* node (n8n's Set), `true` as shipped, so a freshly imported workflow only lists what it would do.
 */
export const DRY_RUN = { node: 'Settings', field: 'dry_run' } as const;

interface Assignment {
	name: string;
	value: unknown;
}

/** The dry-run switch of a workflow, if it has one. */
export function dryRunSwitch(workflow: Record<string, unknown>): Assignment | undefined {
	const settings = (
		workflow.nodes as Array<{ name: string; parameters: Record<string, unknown> }>
	).find((n) => n.name === DRY_RUN.node);
	const list = (settings?.parameters.assignments as { assignments?: Assignment[] } | undefined)
		?.assignments;
	return list?.find((a) => a.name === DRY_RUN.field);
}

/**
 * A copy of the workflow with its dry run on or off, as a user sets it in *Settings* (README's step to act for real);
 * a workflow without the switch is copied unchanged.
 */
export function withDryRun<T extends object>(workflow: T, on: boolean): T {
	const copy = JSON.parse(JSON.stringify(workflow)) as T;
	const found = dryRunSwitch(copy as Record<string, unknown>);
	if (found) found.value = on;
	return copy;
}

/**
 * Every examples/*.json workflow, in file-name order: as shipped, or with the dry run of those that act set as given
 * (`{ dryRun: false }`: they pause, reconnect or delete for real).
 */
export function loadExamples(options: { dryRun?: boolean } = {}): Example[] {
	if (!fs.existsSync(examplesDir)) return [];
	return fs
		.readdirSync(examplesDir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => {
			const shipped = JSON.parse(fs.readFileSync(path.join(examplesDir, file), 'utf8')) as Record<
				string,
				unknown
			>;
			const workflow = options.dryRun === undefined ? shipped : withDryRun(shipped, options.dryRun);
			return { file, id: String(workflow.id), name: String(workflow.name), workflow };
		});
}

/** One example by its file name (examples/<file>), as loadExamples gives it; `{ dryRun: false }`: it acts. */
export function loadExample(file: string, options: { dryRun?: boolean } = {}): Example {
	const example = loadExamples(options).find((e) => e.file === file);
	if (!example) throw new Error(`examples/${file} is missing`);
	return example;
}

/** A workflow's Deliverability Alert Trigger node: the alert it registers has its webhookId in the hook URL. */
export function alertTriggerOf(workflow: Record<string, unknown>): {
	type: string;
	webhookId?: string;
} {
	const trigger = (workflow.nodes as Array<{ type: string; webhookId?: string }>).find((n) =>
		n.type.endsWith('.deliverabilityAlertTrigger'),
	);
	if (!trigger) throw new Error(`${String(workflow.name)} has no Deliverability Alert Trigger`);
	return trigger;
}

interface MissingCredential {
	/** The credential's name in the example file, e.g. "OpenAI account". */
	name: string;
	type: string;
	/** The nodes that use it. */
	nodes: string[];
}

/** The credentials an example uses that `npm start` does not create (the user adds them, e.g. a chat model's key). */
export function missingCredentials(example: Example): MissingCredential[] {
	const created = new Set<string>(Object.values(CREDENTIAL_IDS));
	const found = new Map<string, MissingCredential>();
	for (const node of example.workflow.nodes as Array<{
		name: string;
		credentials?: Record<string, { id: string; name: string }>;
	}>) {
		for (const [type, ref] of Object.entries(node.credentials ?? {})) {
			if (created.has(ref.id)) continue;
			const entry = found.get(ref.id) ?? { name: ref.name, type, nodes: [] };
			entry.nodes.push(node.name);
			found.set(ref.id, entry);
		}
	}
	return [...found.values()];
}

/** The example where a campaign send starts a spam test and a loop with n8n's Wait node waits for its result. */
const AFTER_SEND_FILE = 'spam-test-after-send.json';

interface WorkflowNode {
	name: string;
	type: string;
	webhookId?: string;
	/** n8n's node setting Always Output Data. */
	alwaysOutputData?: boolean;
	parameters: Record<string, unknown>;
}

export interface Workflow {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	[key: string]: unknown;
}

/**
 * A copy of an example with some of its nodes' parameters changed (by node name) and, when given, its dry run set;
 * the example itself is untouched.
 */
export function exampleWith(
	file: string,
	parameters: Record<string, Record<string, unknown>>,
	options: { dryRun?: boolean } = {},
): Workflow {
	const wf = JSON.parse(JSON.stringify(loadExample(file, options).workflow)) as Workflow;
	for (const [name, changes] of Object.entries(parameters)) {
		const node = wf.nodes.find((n) => n.name === name);
		if (!node) throw new Error(`examples/${file} has no node named ${name}`);
		Object.assign(node.parameters, changes);
	}
	return wf;
}

/**
 * A copy of the spam-test-after-send example with its Wait node set to `waitSeconds` (n8n sleeps in-process below
 * 65 s, so the loop runs in seconds; from 66 s it stores the execution as waiting) and, when given, under another id
 * and webhook path so that it can be imported beside the example itself.
 */
export function afterSendExample(
	waitSeconds: number,
	copy?: { id: string; path: string },
): Workflow {
	const wf = JSON.parse(JSON.stringify(loadExample(AFTER_SEND_FILE).workflow)) as Workflow;
	const node = (type: string) => {
		const found = wf.nodes.find((n) => n.type === type);
		if (!found) throw new Error(`the example has no ${type} node`);
		return found;
	};
	Object.assign(node('n8n-nodes-base.wait').parameters, { amount: waitSeconds, unit: 'seconds' });
	if (copy) {
		wf.id = copy.id;
		wf.name = `${wf.name} (${copy.path})`;
		const hook = node('n8n-nodes-base.webhook');
		hook.parameters.path = copy.path;
		// A webhook id of its own: two workflows with one id would share their registration.
		hook.webhookId = `0b7e2c44-9d1a-4f3e-8c55-${copy.id.slice(-12).toLowerCase().padStart(12, '0')}`;
	}
	return wf;
}
