/**
 * Which one credential an operation uses. n8n's rule single-credential-per-node asks that no two
 * credentials of a node can show at once: each credential of the action node shows for one value of
 * one hidden parameter, Uses Credential, and every operation sets that parameter, through its
 * default, to the credential it needs. Most operations need the API key only; the three that also
 * send a secret (a Google key file, an Outlook app, mailbox passwords) name, in their own file, the
 * credential that holds the API key and that secret, and on which of their parameters it depends.
 * The editor then shows one credential picker, the right one, and follows the operation and those
 * parameters as the user changes them; a workflow written by hand or by a model gets it from the
 * defaults.
 *
 * The parameter is hidden (type `hidden`, not an `authentication` picker): n8n's editor moves a
 * node's main authentication field into the credential dialog and hides every parameter that
 * field's display depends on, which here would be Resource and Operation.
 */
import type {
	ICredentialDataDecryptedObject,
	IDisplayOptions,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { NOTHING_SENT } from '../../shared/invalidFields';

/** The hidden parameter whose value is the name of the credential the operation uses. */
export const USES_CREDENTIAL = 'usesCredential';

/** The action node's credentials, by the name of their type, with the name the user sees. */
export const CREDENTIALS = {
	deliverabilityApi: 'Deliverability API',
	deliverabilityGoogleWorkspaceKeyApi: 'Deliverability with Google Workspace Key API',
	deliverabilityOutlookAppApi: 'Deliverability with Outlook App API',
	deliverabilityMailboxApi: 'Deliverability with Mailbox Passwords API',
} as const;

export type CredentialName = keyof typeof CREDENTIALS;

/** The credential of an operation that sends no secret. */
export const API_KEY: CredentialName = 'deliverabilityApi';

/**
 * What an operation's file declares when it uses more than the API key: for each value of its own
 * parameters (`when`, display conditions on them), the credential it uses. The cases must cover
 * every value.
 */
export interface CredentialUse {
	credential: CredentialName;
	when: NonNullable<IDisplayOptions['show']>;
}

function usesCredential(
	credential: CredentialName,
	show: IDisplayOptions['show'],
): INodeProperties {
	return {
		displayName: 'Uses Credential',
		name: USES_CREDENTIAL,
		type: 'hidden',
		default: credential,
		// Read by n8n's AI builder, which lists hidden parameters too.
		description:
			'The credential this operation uses, set by the operation and its choices (leave it unset): give a credential of this type',
		displayOptions: { show },
	};
}

/**
 * The Uses Credential parameter of one resource's operations: the API key for an operation that
 * declares nothing (one entry per operation, so adding an operation adds an entry and changes
 * none), and each declared case.
 */
export function credentialParameters(
	resource: string,
	operations: Array<[operation: string, uses: CredentialUse[] | undefined]>,
): INodeProperties[] {
	return operations.flatMap(([operation, uses]) =>
		(uses ?? [{ credential: API_KEY, when: {} }]).map(({ credential, when }) =>
			usesCredential(credential, { resource: [resource], operation: [operation], ...when }),
		),
	);
}

function isCredentialName(value: unknown): value is CredentialName {
	return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CREDENTIALS, value);
}

/**
 * The credential a picker's list search uses: the one the editor shows for the node's current
 * parameters.
 */
export function pickerCredential(ctx: ILoadOptionsFunctions): CredentialName {
	// Called by tests through a node's execute too: no such parameter there.
	const value =
		typeof ctx.getCurrentNodeParameter === 'function'
			? ctx.getCurrentNodeParameter(USES_CREDENTIAL)
			: undefined;
	return isCredentialName(value) ? value : API_KEY;
}

/** The credential of this run: the one the editor showed for its operation. */
export function runCredential(ctx: IExecuteFunctions): CredentialName {
	const value = ctx.getNodeParameter(USES_CREDENTIAL, 0, API_KEY);
	return isCredentialName(value) ? value : API_KEY;
}

/**
 * Refuses, before any request, a run whose credential is not selected: n8n's own words for that
 * case name the type's internal name, or say that the node needs no credential (the three
 * credentials with a secret are not `required`).
 */
export function assertSelected(ctx: IExecuteFunctions, credential: CredentialName): void {
	if (ctx.getNode().credentials?.[credential]) return;
	throw new NodeOperationError(
		ctx.getNode(),
		`This operation needs a "${CREDENTIALS[credential]}" credential, and none is selected`,
		{
			description: `${
				credential === API_KEY
					? 'Select or create one at the top of the node.'
					: 'It holds the API key and the secret this operation sends, so the workflow never stores the secret. Select or create one at the top of the node (see README → Credentials).'
			} ${NOTHING_SENT}`,
		},
	);
}

/** The data of the run's credential with a secret, refused in words when none is selected. */
export async function secretCredential(
	ctx: IExecuteFunctions,
	credential: CredentialName,
	itemIndex: number,
): Promise<ICredentialDataDecryptedObject> {
	assertSelected(ctx, credential);
	return await ctx.getCredentials(credential, itemIndex);
}
