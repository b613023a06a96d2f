/**
 * The id pickers (resource locators): their builder and their readers. Each kind of id is declared once in PICKERS:
 * its list (methods/listSearch.ts), its ID mode, and what an AI model must know to give the id right (read by the AI
 * tool's errors through `idHintOf`). An operation places one with `idPicker` and reads it with `item.numericId` or
 * `item.stringId`; the resource table shows it for that operation only, so this module names none.
 */
import type { IDataObject, INodeProperties, INodePropertyMode } from 'n8n-workflow';

import type { ItemParameters } from './types';

interface LocatorSpec {
	/** The parameter's name; its AI hint is declared with the picker (PICKERS below). */
	name: string;
	displayName: string;
	/** listSearch method; omitted where the service cannot list the resource. */
	searchListMethod?: string;
	/** Numeric ids (every id but a spam test's public_id). */
	numeric: boolean;
	placeholder: string;
	description?: string;
}

/** The modes of a picker: a searchable list (where the service can list the resource), then the ID typed or mapped. */
function locatorModes(
	spec: Pick<LocatorSpec, 'searchListMethod' | 'numeric' | 'placeholder'>,
): INodePropertyMode[] {
	// `as const` on the mode types: n8n's lint takes a standalone object with a displayName, name and literal type
	// for a parameter (and asks for a default); modes have none.
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
					properties: { regex: '^\\s*[A-Za-z0-9_-]+\\s*$', errorMessage: 'Not a valid ID' },
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

/** A resource locator: pick from a searchable list, or give the id (from an expression, typically). */
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

interface Picker {
	spec: Omit<LocatorSpec, 'name'>;
	/** For a model calling the node as a tool, when it got this id wrong. */
	hint?: string;
}

/** Every picker, by the name of the parameter that holds its id. */
const PICKERS = {
	accountId: {
		spec: {
			displayName: 'Account',
			searchListMethod: 'searchAccounts',
			numeric: true,
			placeholder: 'e.g. 1042',
			description: 'The account (mailbox). Search by email or name, or give its ID.',
		},
		hint: 'give the numeric id of the account (a sending mailbox), e.g. 120, not its email or name; list the accounts to find it',
	},
	alertId: {
		spec: {
			displayName: 'Alert',
			searchListMethod: 'searchAlerts',
			numeric: true,
			placeholder: 'e.g. 12',
		},
		hint: 'give the numeric id of an alert (e.g. 12); list the alerts to find it',
	},
	automatedTestId: {
		spec: {
			displayName: 'Automated Test',
			searchListMethod: 'searchAutomatedTests',
			numeric: true,
			placeholder: 'e.g. 77',
		},
		hint: 'give the numeric id of an automated test (e.g. 77); list the automated tests to find it',
	},
	emailWorkspaceId: {
		spec: {
			displayName: 'Email Workspace',
			searchListMethod: 'searchEmailWorkspaces',
			numeric: true,
			placeholder: 'e.g. 3',
			description:
				'The email workspace, by name from the list or by its ID (the answer of Email Workspace → Create)',
		},
	},
	publicId: {
		spec: {
			displayName: 'Spam Test',
			searchListMethod: 'searchSpamTests',
			numeric: false,
			placeholder: 'e.g. Xk3pQ9',
			description: 'The spam test, by its public_id (not the public_full_id with its prefix)',
		},
		hint: 'give the public_id of a spam test (e.g. oxxjt6gqir), not its public_full_id with the prefix',
	},
	/**
	 * Tags have no list endpoint; they are seen in `account.tags[]`, so the list is gathered from the accounts (see
	 * searchTags). A tag on none of the accounts read there is given by ID.
	 */
	tagId: {
		spec: {
			displayName: 'Tag',
			searchListMethod: 'searchTags',
			numeric: true,
			placeholder: 'e.g. 5',
			description:
				'The tag. The list shows the tags found on your accounts (the service has no tag list); a tag on none of them: give its ID.',
		},
		hint: 'give the numeric id of a tag (e.g. 4), not its name',
	},
	/** Tasks cannot be listed, so the id comes from the batch answer (or an expression). */
	taskId: {
		spec: {
			displayName: 'Task',
			numeric: true,
			placeholder: 'e.g. 3051',
			description: 'The task ID returned by the account Batch operation',
		},
		hint: 'give the numeric id of a task, as a batch action returns it',
	},
} satisfies Record<string, Picker>;

/** Whether `name` holds the id of one of the pickers (the description test checks every id parameter is one). */
export function isIdPicker(name: string): name is keyof typeof PICKERS {
	return Object.prototype.hasOwnProperty.call(PICKERS, name);
}

/** What a model must know to give this parameter's id right, if the parameter is one of the pickers. */
export function idHintOf(name: string): string | undefined {
	return isIdPicker(name) ? (PICKERS[name] as Picker).hint : undefined;
}

/** The picker of the id parameter `name` (a description of the operation's own replaces the picker's). */
export function idPicker(name: keyof typeof PICKERS, description?: string): INodeProperties {
	const { spec }: Picker = PICKERS[name];
	return locator({ ...spec, name, description: description ?? spec.description });
}

/**
 * The account picker as an option inside a collection (e.g. Update Fields → Account of an automated test, Filters →
 * Account): the same list and ID modes, not required, named like the API field it sets. Read it with `locatorValue`.
 */
export function accountOption(name: string, description: string): INodeProperties {
	return {
		displayName: 'Account',
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		modes: locatorModes(PICKERS.accountId.spec),
	};
}

/** An optional "Account" filter inside a Filters collection (Notification → Get Many and the notification trigger). */
export const accountFilter = (description: string): INodeProperties =>
	accountOption('account_id', description);

/** The id in the picker `name` (any mode). */
function pickedId(item: ItemParameters, name: string): unknown {
	const raw = item.value(name, '', { extractValue: true });
	return typeof raw === 'object' && raw !== null ? (raw as IDataObject).value : raw;
}

/** The numeric id in the picker `name`, trimmed and checked as int32. */
export function numericId(item: ItemParameters, name: string): number {
	const value = pickedId(item, name);
	return item.fields.id(name, typeof value === 'string' ? value.trim() : value);
}

/** The text id in the picker `name` (a spam test's public_id), trimmed: letters, digits, "_" and "-". */
export function stringId(item: ItemParameters, name: string): string {
	const v = item.fields;
	const value = pickedId(item, name);
	const text = v.nonEmptyString(name, typeof value === 'number' ? String(value) : value);
	if (!/^[A-Za-z0-9_-]+$/.test(text)) v.fail(name, `"${text}" is not a valid ID`);
	return text;
}

/**
 * The value of a picker inside a collection (n8n hands collection values over as they are stored: a resource
 * locator is `{ __rl, mode, value }`); a plain value (from an expression over the whole field) passes unchanged.
 */
export function locatorValue(raw: unknown): unknown {
	if (raw !== null && typeof raw === 'object' && '__rl' in raw) {
		const value = (raw as IDataObject).value;
		return typeof value === 'string' ? value.trim() : value;
	}
	return raw;
}
