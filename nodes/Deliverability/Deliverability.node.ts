/**
 * The Deliverability action node. This file is a table of contents: the description is assembled from one module
 * per resource (resources/<resource>/index.ts, each listing one file per operation), and execute hands every item
 * to the router. HTTP lives in ../shared/transport.ts.
 */
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { registerLabels } from './helpers/labels';
import { learnLabels, TOOL_DESCRIPTION, toolNotice } from './helpers/toolMode';
import * as listSearch from './methods/listSearch';
import { RESOURCES } from './resources';
import { googleWorkspaceKeyTest, outlookAppTest } from './resources/emailWorkspace/credentials';
import { route } from './router';

export class Deliverability implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Deliverability',
		name: 'deliverability',
		icon: { light: 'file:../../icons/deliverability.svg', dark: 'file:../../icons/deliverability.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Run spam tests, manage mailboxes, automated tests, domains, batch tasks and alerts',
		defaults: { name: 'Deliverability' },
		// As a tool (n8n generates `deliverabilityTool`), the node creator and a manual tool description start from a
		// text written for a model; what the model sees by default is each operation's `action` (see helpers/toolMode.ts).
		usableAsTool: { replacements: { description: TOOL_DESCRIPTION } },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// The API key for every request; the email workspace secrets only where an operation sends them. The Google key
		// is asked for by Email Workspace → Create with provider Google and → Update with "Replace Google Key" on: `show`
		// names both operations, `hide` rules out the other cases (a parameter an operation lacks hides nothing).
		// Written out literally (n8n's lint reads this list); resources/emailWorkspace/credentials.ts reads them.
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
				displayOptions: { show: { resource: ['emailWorkspace'], operation: ['create'], provider: ['outlook'] } },
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

	methods = { listSearch, credentialTest: { googleWorkspaceKeyTest, outlookAppTest } };

	constructor() {
		// Error messages name fields by their labels on screen, read from this description (and, as a tool, by the
		// model's $fromAI keys, matched through the same labels).
		registerLabels(this.description.properties);
		learnLabels(this.description.properties);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, Object.fromEntries(RESOURCES.map((r) => [r.option.value, r.operations])));
	}
}
