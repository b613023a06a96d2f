/**
 * The Deliverability action node. This file is a table of contents: the description is assembled
 * from one module per resource (resources/<resource>/index.ts, each listing one file per
 * operation), and execute hands every item to the router. HTTP lives in ../shared/transport/.
 */
import type {
	IBuilderHint,
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

/**
 * What n8n's workflow builder (its MCP server's search_nodes and get_node_types, the editor's AI
 * builder) tells a model: the search hint shows with every search result and atop the type
 * definition; the first variation heads the type definition; each operation's own text (its
 * `builder` fact) lands in that operation's type only.
 */
const builderHint: IBuilderHint = {
	searchHint:
		'Email deliverability service: spam tests (inbox placement of one message across a seedlist of test mailboxes, scored 0-10), mailbox warm-up, sender and domain reputation (SPF/DKIM/DMARC, blacklists) and alerts. Pre-send spam test: spamTest create (costs one credit: once per message, never in a loop or retry) returns seed_emails (comma-separated addresses) and public_full_id; send the message to every seed address with public_full_id in its body (e.g. Send Email, toEmail = seed_emails); then spamTest get with publicId = public_id (not public_full_id) and waitForCompletion true; read final_score (0-10) and verdict (pass, warn, fail). Is deliverability getting worse: spamTest getTrend answers in one call (one item per automated test, verdict dropped, improved, stable or not enough data, with verdict_reason); account getTrend per mailbox (after account getAll); spamTest compare shows what changed between two tests (problems resolved, new, persisting, with fixes). Operations that wait (spamTest get, task get, account batch and reconnect, emailWorkspace importAccounts) have two outputs: 0 Completed, 1 Not Yet. Credential: deliverabilityApi, except emailWorkspace create and update and account connectImap, which say theirs.',
	relatedNodes: [
		{
			nodeType: 'n8n-nodes-base.emailSend',
			relationHint:
				'Sends the message to test to every seed address of a new spam test, public_full_id in its body',
		},
		{
			nodeType: 'n8n-nodes-base.wait',
			relationHint:
				'On the Not Yet output, loops back to the same operation until a spam test or task finishes',
		},
		{
			nodeType: 'n8n-nodes-base.if',
			relationHint: "Gates a campaign on a spam test's final_score or verdict",
		},
		{
			nodeType: 'n8n-nodes-deliverability.deliverabilityAlertTrigger',
			relationHint:
				'Starts a workflow when the service sends an alert (mailbox disconnected, spam test completed)',
		},
	],
	extraTypeDefContent: [
		{
			content: [
				'Use version 1.1. Each DeliverabilityV11<Resource><Operation>Params type below is the config of one resource and operation; DeliverabilityV11Params (in DeliverabilityV11Node) stands for the one that the resource and operation select (the generator names that union without writing it out).',
				"IDs: mailboxes, alerts, automated tests, domains, tags and tasks have numeric ids (their id field). A spam test is addressed by its public_id (e.g. oxxjt6gqir); its public_full_id (a prefix plus the public_id) only goes into the body of the message sent to the seeds. Id parameters are resource locators: { __rl: true, mode: 'id', value: expr('{{ $json.public_id }}') }.",
				'Credits: spamTest create spends one spam check credit per test, and an active automated test one per scheduled run; no other operation costs anything.',
				"Credentials: each operation uses exactly one. deliverabilityApi (the API key) for every operation whose type below names no other; the three that send a secret name theirs (a Google Workspace key, an Outlook app, mailbox passwords), which holds the API key too. Set credentials: { <that type>: newCredential('Deliverability') }, or leave them out and n8n assigns the user's. The node picks it through usesCredential, a hidden parameter this definition leaves out: explore_node_resources needs it in currentNodeParameters, e.g. { usesCredential: 'deliverabilityApi' }.",
				'Version 1 only: simplify (version 1.1 has output: simple, raw or fields instead). Leave out what you do not need: unset parameters take their defaults.',
			].join('\n'),
		},
		...RESOURCES.flatMap((r) => r.builderHints),
	],
};

export class Deliverability implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Deliverability',
		name: 'deliverability',
		icon: {
			light: 'file:../../icons/deliverability.svg',
			dark: 'file:../../icons/deliverability.dark.svg',
		},
		group: ['transform'],
		// 1.1: Output (Simplified / Raw / Selected Fields) where version 1 has Simplify
		// (params/output.ts outputFields).
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		// Said in the words people search with (n8n's workflow builder shows it with each search
		// result).
		description:
			'Email deliverability: spam tests and inbox placement (one credit each), mailbox warm-up, sender and domain reputation (SPF/DKIM/DMARC, blacklists), automated tests and alerts',
		defaults: { name: 'Deliverability' },
		// No `replacements`: n8n 2.41 applies them to the editor's copy of the tool type only. The tool
		// it runs is built from this description, so a replaced text would not reach the model (and a
		// manual Tool Description left at its default would differ between editor and run). The model
		// reads each operation's `action` instead.
		usableAsTool: true,
		builderHint,
		inputs: [NodeConnectionTypes.Main],
		// "Completed" / "Not Yet" for the operations whose work finishes later (they export
		// `completed`); one output else.
		outputs: completionOutputs(
			RESOURCES.flatMap((r) =>
				Object.keys(r.completion).map((op) => `${String(r.option.value)}:${op}`),
			),
		),
		// One credential per operation (n8n's rule single-credential-per-node): each shows for its own
		// value of the hidden Uses Credential parameter, which every operation sets to the credential
		// it needs (auth/choice.ts). The API key for most; the three with a secret extend it (the same
		// fields, plus the secret), so those operations need one credential each. Written out
		// literally, as n8n's lint reads this list. Only the API key is required: n8n's AI builder
		// lists every required credential as needed by every operation, and the node says in words
		// which credential an operation needs when it has none (auth/choice.ts runCredential).
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
			// Continue On Fail: an error item per failed input item, paired with it; the other items go
			// on.
			this.continueOnFail(),
		);
	}
}
