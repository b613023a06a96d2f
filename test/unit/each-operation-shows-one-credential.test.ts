/**
 * One credential picker per operation, the right one: what n8n's editor and engine show, computed with n8n's own
 * NodeHelpers on the built description (the defaults filled in as the editor and the engine fill them, then each
 * credential's displayOptions). The three operations that send a secret get the credential holding the API key and
 * that secret; every other operation the API key's. The editor's way of changing a parameter (values equal to their
 * default dropped, the change applied, the defaults filled in again) keeps it right as the user switches.
 */
import type { INodeParameters, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';
import { showsFor } from '../../support/output-schemas';

const { description } = new Deliverability();

function filled(values: INodeParameters, returnDefaults = true): INodeParameters {
	return (
		NodeHelpers.getNodeParameters(
			description.properties,
			values,
			returnDefaults,
			false,
			null,
			description,
		) ?? {}
	);
}

function shown(values: INodeParameters): string[] {
	const parameters = filled(values);
	return (description.credentials ?? [])
		.filter((c) => NodeHelpers.displayParameter(parameters, c, null, description))
		.map((c) => c.name);
}

/** As the editor changes one parameter (useNodeSettingsParameters.updateNodeParameter). */
function change(values: INodeParameters, name: string, value: string | boolean): INodeParameters {
	return filled({ ...filled(values, false), [name]: value });
}

const SECRET_CASES: Array<[INodeParameters, string]> = [
	[
		{ resource: 'emailWorkspace', operation: 'create', provider: 'google' },
		'deliverabilityGoogleWorkspaceKeyApi',
	],
	[
		{ resource: 'emailWorkspace', operation: 'create', provider: 'outlook' },
		'deliverabilityOutlookAppApi',
	],
	[
		{ resource: 'emailWorkspace', operation: 'update', replaceGoogleKey: true },
		'deliverabilityGoogleWorkspaceKeyApi',
	],
	[
		{ resource: 'emailWorkspace', operation: 'update', replaceGoogleKey: false },
		'deliverabilityApi',
	],
	[
		{ resource: 'account', operation: 'connectImap', passwordSource: 'credential' },
		'deliverabilityMailboxApi',
	],
	[
		{ resource: 'account', operation: 'connectImap', passwordSource: 'inputFields' },
		'deliverabilityApi',
	],
];

const OPERATIONS = description.properties
	.filter((p) => p.name === 'operation')
	.flatMap((p) =>
		(p.options as INodePropertyOptions[]).map((o) => ({
			resource: String(p.displayOptions?.show?.resource?.[0]),
			operation: String(o.value),
		})),
	);

describe('each operation shows one credential, the right one', () => {
	it.each(SECRET_CASES)('%p: %s only', (values, credential) => {
		expect(shown(values)).toEqual([credential]);
	});

	it('every other operation: the API key credential only', () => {
		const secret = new Set(SECRET_CASES.map(([v]) => `${v.resource}:${v.operation}`));
		const plain = OPERATIONS.filter((o) => !secret.has(`${o.resource}:${o.operation}`));
		expect(plain.length).toBeGreaterThan(25);
		expect(
			plain
				.map((o) => ({ ...o, shown: shown(o) }))
				.filter((o) => o.shown.join() !== 'deliverabilityApi'),
		).toEqual([]);
	});

	it("defaults give the operation's credential: Create's provider Google, Update and Connect without a secret", () => {
		expect(shown({ resource: 'emailWorkspace', operation: 'create' })).toEqual([
			'deliverabilityGoogleWorkspaceKeyApi',
		]);
		expect(shown({ resource: 'emailWorkspace', operation: 'update' })).toEqual([
			'deliverabilityApi',
		]);
		expect(shown({ resource: 'account', operation: 'connectImap' })).toEqual([
			'deliverabilityMailboxApi',
		]);
	});

	it('follows the user through the editor: provider, operation and resource changed one after another', () => {
		let values = filled({ resource: 'emailWorkspace', operation: 'create' });
		values = change(values, 'provider', 'outlook');
		expect(shown(values)).toEqual(['deliverabilityOutlookAppApi']);
		values = change(values, 'operation', 'update');
		expect(shown(values)).toEqual(['deliverabilityApi']);
		values = change(values, 'replaceGoogleKey', true);
		expect(shown(values)).toEqual(['deliverabilityGoogleWorkspaceKeyApi']);
		values = change(values, 'resource', 'account');
		expect(shown(values)).toEqual(['deliverabilityApi']);
		values = change(values, 'operation', 'connectImap');
		expect(shown(values)).toEqual(['deliverabilityMailboxApi']);
		values = change(values, 'passwordSource', 'inputFields');
		expect(shown(values)).toEqual(['deliverabilityApi']);
	});

	it('a saved workflow keeps no Uses Credential value (it is a default), so a stale one cannot be loaded back', () => {
		const saved = filled(
			{ resource: 'emailWorkspace', operation: 'create', provider: 'outlook', name: 'Sales' },
			false,
		);
		expect(saved).not.toHaveProperty('usesCredential');
	});

	it('the choices the credential follows take no expression (one credential for all items)', () => {
		const choice = (resource: string, operation: string, name: string) =>
			description.properties.find((p) => p.name === name && showsFor(p, resource, operation))
				?.noDataExpression;
		expect([
			choice('emailWorkspace', 'create', 'provider'),
			choice('emailWorkspace', 'update', 'replaceGoogleKey'),
			choice('account', 'connectImap', 'passwordSource'),
		]).toEqual([true, true, true]);
	});
});
