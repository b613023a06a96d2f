/**
 * The Deliverability action node. This file is a table of contents: the description is assembled from one module
 * per resource (resources/<resource>/index.ts, each listing one file per operation), and execute hands every item
 * to the router. HTTP lives in ../shared/transport/.
 */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { completionOutputs } from './helpers/completion';
import { toolNotice } from './helpers/toolMode';
import * as listSearch from './methods/listSearch';
import { RESOURCES } from './resources';
import { route } from './router';

export class Deliverability implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Deliverability',
		name: 'deliverability',
		icon: {
			light: 'file:../../icons/deliverability.svg',
			dark: 'file:../../icons/deliverability.dark.svg',
		},
		group: ['transform'],
		// 1.1: Output (Simplified / Raw / Selected Fields) where version 1 has Simplify (params/output.ts outputFields).
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		// Said in the words people search with (n8n's workflow builder shows it with each search result).
		description:
			'Email deliverability: spam tests and inbox placement (one credit each), mailbox warm-up, sender and domain reputation (SPF/DKIM/DMARC, blacklists), automated tests and alerts',
		defaults: { name: 'Deliverability' },
		// No `replacements`: n8n 2.41 applies them to the editor's copy of the tool type only. The tool it runs is built
		// from this description, so a replaced text would not reach the model (and a manual Tool Description left at its
		// default would differ between editor and run). The model reads each operation's `action` instead.
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// "Completed" / "Not Yet" for the operations whose work finishes later (they export `completed`); one output else.
		outputs: completionOutputs(
			RESOURCES.flatMap((r) =>
				Object.keys(r.completion).map((op) => `${String(r.option.value)}:${op}`),
			),
		),
		// One credential per operation (n8n's rule single-credential-per-node): each shows for its own value of the
		// hidden Uses Credential parameter, which every operation sets to the credential it needs (auth/choice.ts).
		// The API key for most; the three with a secret extend it (the same fields, plus the secret), so those
		// operations need one credential each. Written out literally, as n8n's lint reads this list. Only the API key
		// is required: n8n's AI builder lists every required credential as needed by every operation, and the node
		// says in words which credential an operation needs when it has none (auth/choice.ts runCredential).
		credentials: [
			{
				name: 'deliverabilityApi',
				required: true,
				displayOptions: { show: { usesCredential: ['deliverabilityApi'] } },
			},
			{
				name: 'deliverabilityGoogleWorkspaceKeyApi',
				displayOptions: { show: { usesCredential: ['deliverabilityGoogleWorkspaceKeyApi'] } },
			},
			{
				name: 'deliverabilityOutlookAppApi',
				displayOptions: { show: { usesCredential: ['deliverabilityOutlookAppApi'] } },
			},
			{
				name: 'deliverabilityMailboxApi',
				displayOptions: { show: { usesCredential: ['deliverabilityMailboxApi'] } },
			},
		],
		properties: [
			toolNotice,
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: RESOURCES.map((r) => r.option),
				default: 'account',
			},
			...RESOURCES.flatMap((r) => r.description),
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(
			this,
			Object.fromEntries(RESOURCES.map((r) => [r.option.value, r.operations])),
			Object.fromEntries(RESOURCES.map((r) => [r.option.value, r.completion])),
			// Continue On Fail: an error item per failed input item, paired with it; the other items go on.
			this.continueOnFail(),
		);
	}
}
