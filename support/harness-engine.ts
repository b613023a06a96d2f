/**
 * What the harnesses (support/harness.ts, trigger-harness.ts, poll-harness.ts) hand n8n's engine in place of a
 * running n8n: the node types (ours and an input node), the part of n8n's CredentialsHelper our nodes use (generic
 * `authenticate` applied the way n8n applies it, expressions resolved by the workflow's expression engine), and the
 * additional data of an execution.
 */
import type { ExecutionLifecycleHooks } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeCredentials,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { DeliverabilityApi } from '../credentials/DeliverabilityApi.credentials';
import { DeliverabilityGoogleWorkspaceKeyApi } from '../credentials/DeliverabilityGoogleWorkspaceKeyApi.credentials';
import { DeliverabilityMailboxApi } from '../credentials/DeliverabilityMailboxApi.credentials';
import { DeliverabilityOutlookAppApi } from '../credentials/DeliverabilityOutlookAppApi.credentials';

const CREDENTIAL_TYPES: Record<string, ICredentialType> = Object.fromEntries(
	[
		new DeliverabilityApi(),
		new DeliverabilityGoogleWorkspaceKeyApi(),
		new DeliverabilityMailboxApi(),
		new DeliverabilityOutlookAppApi(),
	].map((t) => [t.name, t]),
);

/**
 * The description of a node that exists only for tests (the harness's input node, the probes that call our shared
 * code from inside an execution): version 1, one main input and output, named `name`, with these parameters.
 */
export function testOnlyNode(
	name: string,
	displayName: string,
	properties: INodeProperties[],
	more: Partial<INodeTypeDescription> = {},
): INodeTypeDescription {
	return {
		displayName,
		name,
		group: ['transform'],
		version: 1,
		description: 'Test-only',
		defaults: { name: displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties,
		...more,
	};
}

/** A start node that emits the items given in its `items` parameter (the input of the node under test). */
class HarnessInput implements INodeType {
	description = testOnlyNode(
		'harnessInput',
		'Harness Input',
		[{ displayName: 'Items', name: 'items', type: 'json', default: '[{}]' }],
		{ group: ['input'], defaults: { name: 'Input' } },
	);

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string;
		const items = JSON.parse(raw) as IDataObject[];
		return [items.map((json) => ({ json }))];
	}
}

export function nodeTypesOf(types: INodeType[]): INodeTypes {
	const byName: Record<string, INodeType> = { harnessInput: new HarnessInput() };
	for (const t of types) byName[t.description.name] = t;
	return {
		getByName: (name: string) => byName[name] as INodeType | IVersionedNodeType,
		getByNameAndVersion: (name: string) => byName[name],
		getKnownTypes: () => ({}),
	};
}

/** The part of n8n's CredentialsHelper our nodes use: decrypted data, and generic `authenticate` applied. */
function credentialsHelper(credentials: Record<string, ICredentialDataDecryptedObject>) {
	return {
		getParentTypes: (type: string) => CREDENTIAL_TYPES[type]?.extends ?? [],
		isCredentialUsableByNode: () => true,
		// As n8n's: a credential that extends another has that one's fields first, then its own.
		getCredentialsProperties: (type: string) =>
			[...(CREDENTIAL_TYPES[type]?.extends ?? []), type].flatMap(
				(name) => CREDENTIAL_TYPES[name]?.properties ?? [],
			),
		async getDecrypted(_additionalData: unknown, nodeCredentials: { name: string }, type: string) {
			const data = credentials[type];
			if (!data)
				throw new Error(`harness: no credentials of type ${type} (${nodeCredentials.name})`);
			return { ...data };
		},
		async authenticate(
			data: ICredentialDataDecryptedObject,
			type: string,
			requestOptions: IHttpRequestOptions,
			workflow: Workflow,
			node: INode,
		): Promise<IHttpRequestOptions> {
			const authenticate = CREDENTIAL_TYPES[type]?.authenticate;
			if (!authenticate || typeof authenticate === 'function' || authenticate.type !== 'generic')
				return requestOptions;
			const resolve = (value: string) =>
				value.startsWith('=')
					? String(
							workflow.expression.getSimpleParameterValue(
								node,
								value,
								'internal',
								{ $credentials: data },
								undefined,
								'',
							),
						)
					: value;
			const options = requestOptions as unknown as Record<
				string,
				Record<string, string> | undefined
			>;
			for (const [section, entries] of Object.entries(authenticate.properties)) {
				options[section] = { ...(options[section] ?? {}) };
				for (const [key, value] of Object.entries(entries as Record<string, string>))
					options[section]![resolve(key)] = resolve(value);
			}
			return requestOptions;
		},
		async preAuthentication() {
			return undefined;
		},
		async runPreAuthentication() {
			return undefined;
		},
		async getCredentials() {
			throw new Error('harness: getCredentials is not supported');
		},
		async updateCredentials() {},
		async updateCredentialsOauthTokenData() {},
	};
}

export function additionalDataFor(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	hooks?: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: credentialsHelper(credentials),
		hooks,
		executeWorkflow: async () => {
			throw new Error('harness: sub-workflows are not supported');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		logAiEvent: () => undefined,
		startRunnerTask: async () => {
			throw new Error('harness: task runners are not supported');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

/** A node's credentials as a workflow names them: one of each type given, all with the id "1". */
export function credentialsOf(
	credentials: Record<string, ICredentialDataDecryptedObject>,
): INodeCredentials {
	return Object.fromEntries(Object.keys(credentials).map((n) => [n, { id: '1', name: n }]));
}

/** A trigger of ours under test: its type, its parameters, and the credentials' data by type. */
export interface TestTrigger {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
}

/** The trigger as an active workflow holds it, at the canvas origin, with its credentials named. */
export function triggerNode(
	options: TestTrigger,
	fields: Pick<INode, 'id' | 'name' | 'typeVersion'> & Partial<INode>,
): INode {
	return {
		...fields,
		type: options.nodeType.description.name,
		position: [0, 0],
		parameters: options.parameters,
		credentials: credentialsOf(options.credentials),
	};
}
