/**
 * The id pickers, one per resource that has ids, each declared once here with what a model must know to give its id
 * right (`ID_HINTS`, read by the AI tool's errors). Lists come from methods/listSearch.ts.
 */
import type { INodeProperties } from 'n8n-workflow';

import { locator, locatorModes } from './common';

/** Per picker (its parameter name): what an AI model must know to give the id right. */
const ID_HINTS: Record<string, string> = {
	accountId: 'give the numeric id of the account (a sending mailbox), e.g. 120, not its email or name; list the accounts to find it',
	alertId: 'give the numeric id of an alert (e.g. 12); list the alerts to find it',
	automatedTestId: 'give the numeric id of an automated test (e.g. 77); list the automated tests to find it',
	publicId: 'give the public_id of a spam test (e.g. oxxjt6gqir), not its public_full_id with the prefix',
	tagId: 'give the numeric id of a tag (e.g. 4), not its name',
	taskId: 'give the numeric id of a task, as a batch action returns it',
};

/** The hint of a picker parameter, if it is one of the pickers here. */
export function idHintOf(name: string): string | undefined {
	return Object.prototype.hasOwnProperty.call(ID_HINTS, name) ? ID_HINTS[name] : undefined;
}

export const accountLocator = (operations: string[]): INodeProperties =>
	accountLocatorFor('account', operations, 'The account (mailbox). Search by email or name, or give its ID.');

export const spamTestLocator = (operations: string[]): INodeProperties =>
	locator({
		name: 'publicId',
		displayName: 'Spam Test',
		resource: 'spamTest',
		operations,
		searchListMethod: 'searchSpamTests',
		numeric: false,
		placeholder: 'e.g. Xk3pQ9',
		description: 'The spam test, by its public_id (not the public_full_id with its prefix)',
	});

export const automatedTestLocator = (operations: string[]): INodeProperties =>
	locator({
		name: 'automatedTestId',
		displayName: 'Automated Test',
		resource: 'automatedTest',
		operations,
		searchListMethod: 'searchAutomatedTests',
		numeric: true,
		placeholder: 'e.g. 77',
	});

export const alertLocator = (operations: string[]): INodeProperties =>
	locator({
		name: 'alertId',
		displayName: 'Alert',
		resource: 'alert',
		operations,
		searchListMethod: 'searchAlerts',
		numeric: true,
		placeholder: 'e.g. 12',
	});

/** Tasks cannot be listed, so the id comes from the batch answer (or an expression). */
export const taskLocator = (operations: string[]): INodeProperties =>
	locator({
		name: 'taskId',
		displayName: 'Task',
		resource: 'task',
		operations,
		numeric: true,
		placeholder: 'e.g. 3051',
		description: 'The task ID returned by the account Batch operation',
	});

/**
 * Tags have no list endpoint; they are seen in `account.tags[]`, so the list is gathered from the accounts (see
 * searchTags). A tag on none of the accounts read there is given by ID.
 */
export const tagLocator = (operations: string[]): INodeProperties =>
	locator({
		name: 'tagId',
		displayName: 'Tag',
		resource: 'tag',
		operations,
		searchListMethod: 'searchTags',
		numeric: true,
		placeholder: 'e.g. 5',
		description: "The tag. The list shows the tags found on your accounts (the service has no tag list); a tag on none of them: give its ID.",
	});

export const emailWorkspaceLocator = (operations: string[]): INodeProperties =>
	locator({
		name: 'emailWorkspaceId',
		displayName: 'Email Workspace',
		resource: 'emailWorkspace',
		operations,
		searchListMethod: 'searchEmailWorkspaces',
		numeric: true,
		placeholder: 'e.g. 3',
		description: 'The email workspace, by name from the list or by its ID (the answer of Email Workspace → Create)',
	});

/** The account picker, also on another resource's operation (e.g. the account of a new automated test). */
export function accountLocatorFor(resource: string, operations: string[], description: string): INodeProperties {
	return locator({
		name: 'accountId',
		displayName: 'Account',
		resource,
		operations,
		searchListMethod: 'searchAccounts',
		numeric: true,
		placeholder: 'e.g. 1042',
		description,
	});
}

/**
 * The account picker as an option inside a collection (e.g. Update Fields → Account of an automated test): the same
 * list and ID modes, not required, named like the API field it sets. Read it with `locatorValue`.
 */
export function accountOption(name: string, description: string): INodeProperties {
	return {
		displayName: 'Account',
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		modes: locatorModes({ searchListMethod: 'searchAccounts', numeric: true, placeholder: 'e.g. 1042' }),
	};
}

/** An optional "Account" filter inside a Filters collection (Notification → Get Many and the notification trigger). */
export const accountFilter = (description: string): INodeProperties => ({
	displayName: 'Account',
	name: 'account_id',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description,
	modes: locatorModes({ searchListMethod: 'searchAccounts', numeric: true, placeholder: 'e.g. 1042' }),
});
