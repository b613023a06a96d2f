/**
 * Email Workspace → Import Accounts: `POST /email_workspaces/{id}/accounts` `{accounts,
 * spamchecker_only?, imap_only?, account_id?}` → `{completed, errors, task_id}`. Up to 4 addresses
 * are imported at once (`completed: true`); larger imports run in the background as a task, which
 * Wait for Completion follows with the one wait loop (`GET /tasks/{task_id}`). The addresses come
 * either from this item (one import per input item) or from all input items together (one import,
 * its result paired with every item). An import is a create: never sent twice; an error after it
 * was accepted says so.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { objectAnswer, type CreateWording } from '../../../shared/transport';
import { failedForItems, ForItems } from '../../helpers/forItems';
import type { Item } from '../../helpers/item';
import { withWaitFlags } from '../../helpers/waitLoop';
import { choiceField, valuesOf } from '../../params/choices';
import { collectionOf } from '../../params/collections';
import { idPicker } from '../../params/locator';
import type { WaitSettings } from '../../params/wait';
import { followTask, taskDone, taskWaitOptions } from '../task/shared/followTask';
import { addressesIn, unique } from './shared/addresses';
import { withOutcome } from './shared/importOutcome';
import type { BuilderFacts } from '../../helpers/builder';

/** The service imports up to this many addresses at once; more run as a task. */
export const SYNC_IMPORT_MAX = 4;

/** Its headline when the answer to its create is lost (the transport never repeats it). */
const creates: CreateWording = {
	what: 'The mailboxes may have been imported',
	where: 'Mailbox → Get Many (search for the addresses)',
};

export const operation = {
	name: 'Import Mailboxes',
	action: 'Import mailboxes into an email workspace',
	description:
		'Connect mailboxes of a Google Workspace or Microsoft 365 workspace by address (more than 4 run as a task)',
};

export const builder: BuilderFacts = {
	returns: 'one item',
	fields: {
		imported: '',
		failed: '',
		errors: '',
		task_id: 'set when more than 4 addresses run as a task',
		completed: '',
	},
};

const ADDRESS_SOURCES = [
	{
		name: 'A List in Each Item (One Import per Item)',
		value: 'list',
		description: 'Type or map the addresses; each input item sends its own import',
	},
	{
		name: 'All Input Items (One Import)',
		value: 'allItems',
		description: 'One address (or more) per input item, all sent together in one import',
	},
] as const;

export const description: INodeProperties[] = [
	idPicker('emailWorkspaceId'),
	{
		...choiceField('Addresses From', 'addressSource', ADDRESS_SOURCES, 'list'),
		required: true,
		noDataExpression: true,
	},
	{
		displayName: 'Email Addresses',
		name: 'accounts',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. ann@example.com, bob@example.com',
		displayOptions: { show: { addressSource: ['list'] } },
		description:
			'The mailboxes to import, separated by commas or new lines (or a list from an expression)',
	},
	{
		displayName: 'Email Address',
		name: 'accountEmail',
		type: 'string',
		required: true,
		default: '={{ $json.email }}',
		displayOptions: { show: { addressSource: ['allItems'] } },
		description:
			'The address of each input item, usually mapped from its data; several per item may be separated by commas',
	},
	{
		displayName: 'Relink One IMAP Mailbox',
		name: 'imapOnly',
		type: 'boolean',
		default: false,
		description:
			"Whether to move one existing IMAP mailbox into this workspace (sent as imap_only): exactly one address, the mailbox's own",
	},
	{
		...idPicker('accountId', 'The IMAP mailbox to relink (sent as account_id)'),
		displayOptions: { show: { imapOnly: [true] } },
	},
	collectionOf('additionalFields', [
		{
			displayName: 'Spam Checker Only',
			name: 'spamchecker_only',
			type: 'boolean',
			default: false,
			description: 'Whether to connect the mailboxes for spam tests only (no warming)',
		},
	]),
	...taskWaitOptions(
		`Up to ${SYNC_IMPORT_MAX} addresses are imported at once; larger imports run in the background as a task (the answer has its task_id). Turn on "Wait for Completion" to wait for it here, or follow it with Task → Get.`,
	),
];

const answer = objectAnswer(
	'the import outcome ({completed, errors, task_id})',
	'completed',
	'task_id',
	'errors',
);

export async function execute(
	this: IExecuteFunctions,
	item: Item,
): Promise<IDataObject | IDataObject[] | ForItems> {
	const i = item.index;
	const v = item.fields;
	const source = item.value('addressSource', 'list');
	// What the source decides follows the picked value, checked or not.
	const picked = String(source ?? '').trim();
	// All input items make one import, sent with the first item; the others have nothing of their own
	// to send.
	if (picked === 'allItems' && i > 0) return [];
	const items = picked === 'allItems' ? this.getInputData().map((_, k) => k) : [i];
	const parameter = picked === 'list' ? 'accounts' : 'accountEmail';
	const sources = items.map((k) => ({
		field:
			picked === 'list'
				? 'accounts'
				: items.length > 1
					? `Email Address (input item ${k + 1})`
					: 'accountEmail',
		...addressesIn(item.valueOfItem(k, parameter, '')),
	}));
	const accounts = unique(sources.flatMap((s) => s.found));

	const { workspaceId, relink, spamcheckerOnly, settings } = v.all({
		// Where and what to import; "at least one address" only when nothing else is wrong with them.
		workspaceId: () => {
			const target = v.all({
				source: () => v.oneOf('addressSource', source, valuesOf(ADDRESS_SOURCES)),
				workspaceId: () => item.numericId('emailWorkspaceId'),
				// Each source its own field: a problem for every input item with a bad address.
				addresses: () =>
					v.all(
						Object.fromEntries(
							sources.map((s, n) => [
								n,
								() =>
									s.bad === undefined
										? s.found
										: v.invalid(s.field, `${JSON.stringify(s.bad)} is not an email address`),
							]),
						),
					),
			});
			if (accounts.length === 0) v.invalid(parameter, 'at least one email address is required');
			return target.workspaceId;
		},
		relink: () => {
			if (!item.flag('imapOnly')) return undefined;
			return v.all({
				one: () => {
					if (accounts.length > 1)
						v.invalid(
							'accounts',
							`exactly one address when relinking an IMAP mailbox, got ${accounts.length}`,
						);
				},
				accountId: () => item.numericId('accountId'),
			}).accountId;
		},
		spamcheckerOnly: () => {
			const extra = item.collection('additionalFields');
			return extra.spamchecker_only === undefined
				? undefined
				: v.boolean('spamchecker_only', extra.spamchecker_only);
		},
		settings: () => item.wait(),
	});
	const body: IDataObject = { accounts };
	if (relink !== undefined) Object.assign(body, { imap_only: true, account_id: relink });
	if (spamcheckerOnly !== undefined) body.spamchecker_only = spamcheckerOnly;

	try {
		const reply = await item.request({
			method: 'POST',
			path: `/email_workspaces/${workspaceId}/accounts`,
			body,
			kind: 'create',
			creates,
			answer,
		});
		const result = withOutcome(this, accounts, await withTask(this, item, reply, settings));
		return picked === 'allItems' ? new ForItems([result], items) : result;
	} catch (error) {
		throw failedForItems(error, items);
	}
}

/**
 * "Completed" when the import was done at once (no task) or its task, waited for, reached 100; "Not
 * Yet" while its task runs (follow it with Task → Get and `task_id`).
 */
export function completed(answer: IDataObject): boolean {
	if (answer.task_id === null || answer.task_id === undefined) return true;
	const task = answer.task;
	return (
		typeof task === 'object' &&
		task !== null &&
		!Array.isArray(task) &&
		taskDone(task as IDataObject)
	);
}

/**
 * The import's answer, with the finished task under `task` when a task came back and Wait for
 * Completion is on.
 */
async function withTask(
	ctx: IExecuteFunctions,
	item: Item,
	answer: IDataObject,
	settings: WaitSettings,
): Promise<IDataObject> {
	const i = item.index;
	const taskId = Number(answer.task_id);
	if (
		!settings.waitForCompletion ||
		answer.task_id === null ||
		answer.task_id === undefined ||
		!Number.isInteger(taskId)
	) {
		return answer;
	}
	try {
		const { answer: task, outcome } = await followTask(ctx, item, taskId, settings);
		return { ...answer, task: withWaitFlags(task, outcome) };
	} catch (error) {
		// The import was accepted: the headline says so, so nobody runs it again to "retry".
		throw new NodeOperationError(
			ctx.getNode(),
			`The import was accepted (task ${taskId}), but waiting for it failed: ${(error as Error).message}`,
			{
				itemIndex: i,
				description:
					`The mailboxes are being imported: do not run the import again. Follow it with Task → Get (ID ${taskId}). ${(error as NodeOperationError).description ?? ''}`.trim(),
			},
		);
	}
}
