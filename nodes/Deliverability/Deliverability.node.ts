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
import { googleWorkspaceKeyTest } from './auth/googleWorkspaceKey';
import { mailboxLoginTest } from './auth/mailboxLogin';
import { outlookAppTest } from './auth/outlookApp';
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
		// The API key for every request; the email workspace secrets only where an operation sends them. The Google key
		// is asked for by Email Workspace → Create with provider Google and → Update with "Replace Google Key" on: `show`
		// names both operations, `hide` rules out the other cases (a parameter an operation lacks hides nothing).
		// Mailbox passwords only for Account → Connect IMAP/SMTP (with Passwords From = Credential).
		// Written out literally (n8n's lint reads this list); auth/ reads them.
		//
		// Deliberately not one credential at a time (n8n's newer lint rule single-credential-per-node): the API key
		// authenticates every request, and the other three hold secrets the service needs in a request body. A node
		// parameter, which the rule suggests for what does not authenticate, would put those secrets in the workflow
		// JSON. Each of the three shows only for its operations and never with another of them (tested in
		// test/unit/meets-n8n-community-node-rules.test.ts); docs/verification.md gives the reasons. The plugin we pin
		// (0.32.0) does not know the rule, and a disable comment naming an unknown rule fails the lint ("Definition for
		// rule … was not found"): with a plugin that has the rule, state this reason in a disable comment here.
		credentials: [
			{ name: 'deliverabilityApi', required: true },
			{
				name: 'deliverabilityGoogleWorkspaceKeyApi',
				required: true,
				testedBy: 'googleWorkspaceKeyTest',
				displayOptions: {
					show: { resource: ['emailWorkspace'], operation: ['create', 'update'] },
					hide: { provider: ['outlook'], replaceGoogleKey: [false] },
				},
			},
			{
				name: 'deliverabilityOutlookAppApi',
				required: true,
				testedBy: 'outlookAppTest',
				displayOptions: {
					show: { resource: ['emailWorkspace'], operation: ['create'], provider: ['outlook'] },
				},
			},
			{
				name: 'deliverabilityMailboxApi',
				required: true,
				testedBy: 'mailboxLoginTest',
				displayOptions: {
					show: {
						resource: ['account'],
						operation: ['connectImap'],
						passwordSource: ['credential'],
					},
				},
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

	methods = {
		listSearch,
		credentialTest: { googleWorkspaceKeyTest, mailboxLoginTest, outlookAppTest },
	};

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
