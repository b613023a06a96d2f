/**
 * The id pickers (resource locators): their builder and their readers. Each kind of id is declared
 * once in PICKERS: its list (methods/listSearch.ts), its ID mode, and what an AI model must know to
 * give the id right (read by the AI tool's errors through `idHintOf`). An operation places one with
 * `idPicker` and reads it with `item.numericId` or `item.stringId`; the resource table shows it for
 * that operation only, so this module names none.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { ACCOUNT, locator, type LocatorSpec } from '../../shared/resourceLocator';
import type { ItemParameters } from './types';

/**
 * The prefix the service puts before a spam test's public_id to make its public_full_id, the
 * tracking id for the message body (`mlrch-`, service facts). Given where a public_id is wanted it
 * is sent and comes back 404, so the picker flags it as typed and every reader of a spam test id
 * refuses it first, with the fix.
 */
const FULL_ID_PREFIX = 'mlrch-';

interface Picker {
	spec: Omit<LocatorSpec, 'name'>;
	/** For a model calling the node as a tool, when it got this id wrong. */
	hint?: string;
}

/** Every picker, by the name of the parameter that holds its id. */
const PICKERS = {
	accountId: {
		spec: ACCOUNT,
		hint: 'give the numeric id of the mailbox, e.g. 120, not its email or name; list the mailboxes to find it',
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
			idRule: {
				regex: '^\\s*(?![Mm][Ll][Rr][Cc][Hh]-)[A-Za-z0-9_-]+\\s*$',
				errorMessage: `Not a valid ID (a public_full_id? Leave out its "${FULL_ID_PREFIX}" prefix)`,
			},
		},
		hint: 'give the public_id of a spam test (e.g. oxxjt6gqir), not its public_full_id with the prefix',
	},
	/** The earlier of two spam tests compared (Spam Test → Compare); the later one is `publicId`. */
	earlierPublicId: {
		spec: {
			displayName: 'Earlier Spam Test',
			searchListMethod: 'searchSpamTests',
			numeric: false,
			placeholder: 'e.g. Xk3pQ9',
			description: 'The spam test to compare with, by its public_id (not the public_full_id)',
			idRule: {
				regex: '^\\s*(?![Mm][Ll][Rr][Cc][Hh]-)[A-Za-z0-9_-]+\\s*$',
				errorMessage: `Not a valid ID (a public_full_id? Leave out its "${FULL_ID_PREFIX}" prefix)`,
			},
		},
		hint: 'give the public_id of the earlier spam test (e.g. oxxjt6gqir), not its public_full_id',
	},
	/**
	 * Tags have no list endpoint; they are seen in `account.tags[]`, so the list is gathered from the
	 * accounts (see searchTags). A tag on none of the accounts read there is given by ID.
	 */
	tagId: {
		spec: {
			displayName: 'Tag',
			searchListMethod: 'searchTags',
			numeric: true,
			placeholder: 'e.g. 5',
			description:
				'The tag. The list shows the tags found on your mailboxes (the service has no tag list); a tag on none of them: give its ID.',
		},
		hint: 'give the numeric id of a tag (e.g. 4), not its name',
	},
	/** Tasks cannot be listed, so the id comes from the batch answer (or an expression). */
	taskId: {
		spec: {
			displayName: 'Task',
			numeric: true,
			placeholder: 'e.g. 3051',
			description: 'The task ID returned by Mailbox → Batch',
		},
		hint: 'give the numeric id of a task, as a batch action returns it',
	},
} satisfies Record<string, Picker>;

/**
 * Whether `name` holds the id of one of the pickers (the description test checks every id parameter
 * is one).
 */
export function isIdPicker(name: string): name is keyof typeof PICKERS {
	return Object.prototype.hasOwnProperty.call(PICKERS, name);
}

/**
 * What a model must know to give this parameter's id right, if the parameter is one of the pickers.
 */
export function idHintOf(name: string): string | undefined {
	return isIdPicker(name) ? (PICKERS[name] as Picker).hint : undefined;
}

/**
 * The picker of the id parameter `name` (a description of the operation's own replaces the
 * picker's).
 */
export function idPicker(name: keyof typeof PICKERS, description?: string): INodeProperties {
	const { spec, hint }: Picker = PICKERS[name];
	return {
		...locator({ ...spec, name, description: description ?? spec.description }),
		// For n8n's workflow builder (the node's builderHint says once how a resource locator is
		// written in code).
		...(hint
			? { builderHint: { propertyHint: `${hint.charAt(0).toUpperCase()}${hint.slice(1)}` } }
			: {}),
	};
}

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

/**
 * The text id in the picker `name` (a spam test's public_id), trimmed: letters, digits, "_" and
 * "-".
 */
export function stringId(item: ItemParameters, name: string): string {
	const v = item.fields;
	const value = pickedId(item, name);
	const text = v.nonEmptyString(name, typeof value === 'number' ? String(value) : value);
	if (!/^[A-Za-z0-9_-]+$/.test(text)) v.fail(name, `"${text}" is not a valid ID`);
	if (text.toLowerCase().startsWith(FULL_ID_PREFIX)) {
		const publicId = text.slice(FULL_ID_PREFIX.length);
		v.fail(
			name,
			`"${text}" is a public_full_id (the tracking id for the message body), not the public_id`,
			`Give the public_id: "${publicId}", without the "${FULL_ID_PREFIX}" prefix (from Spam Test → Create, map {{ $json.public_id }}).`,
		);
	}
	return text;
}

/**
 * The value of a picker inside a collection (n8n hands collection values over as they are stored: a
 * resource locator is `{ __rl, mode, value }`); a plain value (from an expression over the whole
 * field) passes unchanged.
 */
export function locatorValue(raw: unknown): unknown {
	if (raw !== null && typeof raw === 'object' && '__rl' in raw) {
		const value = (raw as IDataObject).value;
		return typeof value === 'string' ? value.trim() : value;
	}
	return raw;
}
