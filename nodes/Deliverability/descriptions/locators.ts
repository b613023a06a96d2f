/** The id pickers, one per resource that has ids. Lists come from methods/listSearch.ts. */
import type { INodeProperties } from 'n8n-workflow';

import { locator } from './common';

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
