/**
 * A polling trigger on `GET /notifications`, for n8n instances the service cannot call (no public
 * HTTPS address): each poll lists the open notifications (the service shows its 25 most recent) and
 * emits one item per notification not emitted before, remembered by id in static data (memory.ts).
 * A fresh activation (the user publishes) emits nothing: the poll n8n runs while publishing arms on
 * the current backlog instead of replaying it, and every later poll emits what was opened since,
 * however n8n keeps the memory (memory.ts). "Fetch Test Event" (manual mode) returns the newest
 * notification as real sample data and leaves the memory alone.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { accountsPage } from '../shared/accountSearch';
import { collectionOf } from '../shared/collections';
import { customEventsField, eventsField, eventsSubtitle, mergeEvents } from '../shared/events';
import { headlineError } from '../shared/headlineError';
import { readIdList } from '../shared/idList';
import { accountFilter } from '../shared/resourceLocator';
import { apiRequest, openSession, type AnswerFact } from '../shared/transport';
import { Validator } from '../shared/validation';
import {
	arm,
	armingOf,
	DEFAULT_WINDOW,
	MAX_WINDOW,
	MIN_WINDOW,
	rememberListed,
	windowSize,
} from './memory';
import { begin, end } from './overlap';

/**
 * The list comes as sent: this node reads it strictly itself (idList.ts), so an unreadable list is
 * never silence.
 */
const AS_SENT: AnswerFact = {
	shape: 'unchecked',
	what: 'the open notifications (read by the trigger)',
};

/**
 * Poll contexts already seen in this process. The first poll of a context whose activation mode is
 * "activate" is the poll n8n runs while the user publishes (activates) the workflow: it arms.
 * Legacy polling then reuses that context, still "activate", for every scheduled poll of the
 * activation, hence the set; n8n's scheduler builds a new context for each poll, with activation
 * mode "update". A start-up ("init"), an update or a leadership change keeps the memory. Only which
 * poll arms is decided here: what it armed on is kept in static data (memory.ts), not here.
 */
const seenContexts = new WeakSet<object>();

/** The Account filter's list, read with the trigger's credential (its API key). */
async function searchAccounts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) {
	return await accountsPage(this, undefined, filter, paginationToken);
}

export class DeliverabilityNotificationTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Deliverability Notification Trigger',
		name: 'deliverabilityNotificationTrigger',
		icon: {
			light: 'file:../../icons/deliverability.svg',
			dark: 'file:../../icons/deliverability.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		// Event labels in words ("On Account Disconnected"), not their ids.
		subtitle: eventsSubtitle('events', 'On any notification'),
		description:
			'Starts the workflow when the Deliverability service opens a notification (mailbox disconnected, domain expiring, …), by polling: no public webhook URL needed',
		defaults: { name: 'Deliverability Notification Trigger' },
		// For n8n's workflow builder: what the trigger does alone, what its items hold, and its
		// alternative.
		builderHint: {
			searchHint:
				"Polling trigger: at each poll it reads the service's open notifications (its 25 most recent) and starts a run for each one it has not seen, one item each: id, event (e.g. ACCOUNT_DISCONNECTED, DOMAIN_EXPIRING_SOON), level, account_id, account_email, content, domain, domain_expire_on. Needs no public URL; it runs nothing itself: act with n8n-nodes-deliverability.deliverability.",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-deliverability.deliverability',
					relationHint: "Acts on the notification: pause or reconnect the item's account_id",
				},
				{
					nodeType: 'n8n-nodes-deliverability.deliverabilityAlertTrigger',
					relationHint: 'Reacts at once through a webhook, where n8n has a public HTTPS URL',
				},
			],
		},
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'deliverabilityApi', required: true }],
		properties: [
			{
				displayName:
					'Checks the open notifications at each poll (the service lists its 25 most recent). If n8n is reachable over public HTTPS, the Deliverability Alert Trigger (webhook) reacts at once instead.',
				name: 'pollingNotice',
				type: 'notice',
				default: '',
			},
			eventsField('The events that start the workflow. None selected: every event.'),
			customEventsField(
				'More event identifiers, separated by commas, for events the list above lacks. Added to the selected events.',
				'e.g. SOME_NEW_EVENT',
			),
			collectionOf('filters', [accountFilter('Only the notifications of this mailbox')]),
			collectionOf('options', [
				{
					displayName: 'Remember Last N Notifications',
					name: 'dedupeWindow',
					type: 'number',
					default: DEFAULT_WINDOW,
					description: `How many notification IDs to remember, so each starts the workflow once (${MIN_WINDOW} to ${MAX_WINDOW}: the service lists 25); IDs still listed are never forgotten`,
				},
			]),
		],
	};

	methods = { listSearch: { searchAccounts } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const { events, accountId, window } = settings(this);
		if (this.getMode() === 'manual') return await fetchTestEvent(this, events, accountId);

		const nodeId = this.getNode().id || this.getNode().name;
		const publishing = !seenContexts.has(this) && this.getActivationMode() === 'activate';
		seenContexts.add(this);
		const key = `${this.getWorkflow().id ?? ''}:${nodeId}`;
		// The publish-time poll arms whatever else runs; any other poll gives way to one of its node
		// (overlap.ts).
		if (!publishing && !begin(key)) return null;
		let emitted = false;
		try {
			const notifications = await listNotifications(this, events, accountId);
			const staticData = this.getWorkflowStaticData('node');
			const globalData = this.getWorkflowStaticData('global');
			const ids = notifications.map((n) => String(n.id));
			if (publishing) {
				arm(staticData, globalData, nodeId, ids, window, new Date().toISOString());
				return null;
			}
			const { fresh } = rememberListed(staticData, ids, window, armingOf(globalData, nodeId));
			// Oldest first, so the workflow sees them in the order they were opened.
			const items = notifications.filter((n) => fresh.has(String(n.id))).reverse();
			emitted = items.length > 0;
			return emitted ? [items.map((json) => ({ json }))] : null;
		} finally {
			if (!publishing) end(key, emitted);
		}
	}
}

/**
 * "Fetch Test Event": the newest matching notification as it is, even before any arming; memory
 * untouched.
 */
async function fetchTestEvent(
	ctx: IPollFunctions,
	events: string[],
	accountId: number | undefined,
): Promise<INodeExecutionData[][]> {
	const notifications = await listNotifications(ctx, events, accountId);
	if (notifications.length === 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			'No open notification matches this trigger right now',
			{
				description:
					'Fetch Test Event shows the newest open notification of the selected events and mailbox. None is open at the moment: try without filters, or wait until the service reports something. Once active, the trigger emits each new notification.',
			},
		);
	}
	return [[{ json: notifications[0] }]];
}

function settings(ctx: IPollFunctions): { events: string[]; accountId?: number; window: number } {
	const v = new Validator(ctx.getNode(), 0);
	const events = mergeEvents(
		ctx.getNodeParameter('events', []),
		ctx.getNodeParameter('customEvents', ''),
	);
	const filters = ctx.getNodeParameter('filters', {}) as IDataObject;
	const raw = filters.account_id;
	const value = raw && typeof raw === 'object' ? (raw as IDataObject).value : raw;
	const accountId =
		value === undefined || value === null || value === ''
			? undefined
			: v.id('Filters → Mailbox', typeof value === 'string' ? value.trim() : value);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	// Refused, not cut to fit: the editor no longer bounds the input (docs/behaviour.md → Numbers out
	// of range are refused).
	const given = options.dedupeWindow;
	if (given !== undefined && given !== null && given !== '')
		v.integer('Options → Remember Last N Notifications', given, MIN_WINDOW, MAX_WINDOW);
	return { events, accountId, window: windowSize(given) };
}

/**
 * How long this poll may take, from n8n (2.41 and later: `getPollBudgetMs`). n8n's scheduler
 * abandons a poll that runs past N8N_SCHEDULER_POLL_TIMEOUT with a log line only, no error
 * execution, and the budget it gives is that limit less a margin (36 s of the default 45 s); legacy
 * polling gives 5 min. The requests stop within it and say so, so a slow service shows as a failed
 * poll. Older n8n has no budget: each request keeps its own limits.
 */
function pollBudgetMs(ctx: IPollFunctions): number | undefined {
	const get = (ctx as Partial<IPollFunctions>).getPollBudgetMs;
	const budget: unknown = typeof get === 'function' ? get.call(ctx) : undefined;
	return typeof budget === 'number' && Number.isFinite(budget) && budget > 0 ? budget : undefined;
}

/**
 * A list that cannot be read, or a notification without an id, is an error n8n reports (the
 * trigger's error, the workflow's error workflow), never a quiet poll: the memory works by id, and
 * "nothing new" would hide open notifications for as long as the answers stay like this.
 */
function unreadable(ctx: IPollFunctions, problem: string): NodeApiError {
	const headline = `The service answered ${problem} where GET /notifications should list the open notifications`;
	return headlineError(ctx.getNode(), headline, {
		description:
			'Each notification needs its "id": the trigger emits a notification once by remembering its id. Check that the credential\'s Base URL is the service\'s API address ending in /api/v1 (a web page or proxy answers like this). Nothing was emitted and nothing is remembered from this poll.',
	});
}

/**
 * The open notifications of the selected events (one request per event, as the service filters one
 * event at a time and shows 25 per list; none selected: one request for all), newest first, each
 * once.
 */
async function listNotifications(
	ctx: IPollFunctions,
	events: string[],
	accountId?: number,
): Promise<IDataObject[]> {
	const base: IDataObject = accountId === undefined ? {} : { account_id: accountId };
	const queries = events.length ? events.map((event) => ({ ...base, event })) : [base];
	const byId = new Map<string, IDataObject>();
	// One session for the poll: the credential is read once for all its lists, and all of them end
	// within the poll's time limit.
	const session = openSession(ctx, { budgetMs: pollBudgetMs(ctx) });
	for (const qs of queries) {
		const reading = readIdList(
			await apiRequest(session, {
				method: 'GET',
				path: '/notifications',
				qs,
				kind: 'read',
				answer: AS_SENT,
			}),
		);
		if ('problem' in reading) throw unreadable(ctx, reading.problem);
		for (const n of reading.items) byId.set(String(n.id), n);
	}
	const all = [...byId.values()];
	// Several lists merge by id, newest (highest) first; ids that are not numbers keep the service's
	// order.
	if (queries.length > 1 && all.every((n) => Number.isFinite(Number(n.id))))
		all.sort((a, b) => Number(b.id) - Number(a.id));
	return all;
}
