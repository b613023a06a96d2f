/**
 * The id pickers, one per kind of id, each declared once in PICKERS: its list (methods/listSearch.ts), its ID mode,
 * and what an AI model must know to give the id right (read by the AI tool's errors through `idHintOf`). An operation
 * places one with `idPicker`; the resource table shows it for that operation only, so this module names none.
 */
import type { INodeProperties } from 'n8n-workflow';

import { locator, locatorModes, type LocatorSpec } from './common';

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

/** What a model must know to give this parameter's id right, if the parameter is one of the pickers. */
export function idHintOf(name: string): string | undefined {
	return Object.prototype.hasOwnProperty.call(PICKERS, name)
		? (PICKERS as Record<string, Picker>)[name].hint
		: undefined;
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
