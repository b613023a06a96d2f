/**
 * Resource locators (n8n's id pickers) as both nodes build them: a searchable list where the
 * service can list the resource, then the id typed or mapped. The account picker lives here too,
 * since the action node and the notification trigger both filter by account; the action node's
 * other pickers are its own (params/locator.ts).
 */
import type { INodeProperties, INodePropertyMode } from 'n8n-workflow';

export interface LocatorSpec {
	/** The parameter's name; its AI hint is declared with the picker (PICKERS below). */
	name: string;
	displayName: string;
	/** listSearch method; omitted where the service cannot list the resource. */
	searchListMethod?: string;
	/** Numeric ids (every id but a spam test's public_id). */
	numeric: boolean;
	placeholder: string;
	description?: string;
	/**
	 * What a text id typed in By ID must look like, where more than letters, digits, "_" and "-" (the
	 * default).
	 */
	idRule?: { regex: string; errorMessage: string };
}

/**
 * The modes of a picker: a searchable list (where the service can list the resource), then the ID
 * typed or mapped.
 */
export function locatorModes(
	spec: Pick<LocatorSpec, 'searchListMethod' | 'numeric' | 'placeholder' | 'idRule'>,
): INodePropertyMode[] {
	// `as const` on the mode types: n8n's lint takes a standalone object with a displayName, name and
	// literal type for a parameter (and asks for a default); modes have none.
	const validation: INodePropertyMode['validation'] = spec.numeric
		? [
				{
					type: 'regex',
					properties: { regex: '^\\s*[0-9]+\\s*$', errorMessage: 'The ID is a whole number' },
				},
			]
		: [
				{
					type: 'regex',
					properties: spec.idRule ?? {
						regex: '^\\s*[A-Za-z0-9_-]+\\s*$',
						errorMessage: 'Not a valid ID',
					},
				},
			];
	const modes: INodePropertyMode[] = [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list' as const,
			typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string' as const,
			placeholder: spec.placeholder,
			validation,
		},
	];
	return spec.searchListMethod ? modes : modes.slice(1);
}

/**
 * A resource locator: pick from a searchable list, or give the id (from an expression, typically).
 */
export function locator(spec: LocatorSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		required: true,
		default: { mode: spec.searchListMethod ? 'list' : 'id', value: '' },
		description: spec.description,
		modes: locatorModes(spec),
	};
}

/**
 * The account (mailbox) picker: its list is the `searchAccounts` method of the node that shows it.
 */
export const ACCOUNT: Omit<LocatorSpec, 'name'> = {
	displayName: 'Mailbox',
	searchListMethod: 'searchAccounts',
	numeric: true,
	placeholder: 'e.g. 1042',
	description: 'The mailbox. Search by email or name, or give its ID.',
};

/**
 * The account picker as an option inside a collection (e.g. Update Fields → Account of an automated
 * test, Filters → Account): the same list and ID modes, not required, named like the API field it
 * sets. Read it with `locatorValue`.
 */
export function accountOption(name: string, description: string): INodeProperties {
	return {
		displayName: 'Mailbox',
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		modes: locatorModes(ACCOUNT),
	};
}

/**
 * An optional "Account" filter inside a Filters collection (Notification → Get Many and the
 * notification trigger).
 */
export const accountFilter = (description: string): INodeProperties =>
	accountOption('account_id', description);
