/**
 * Deliverability Alert Trigger: starts a workflow from the service's alerts (spec §6). Activation
 * registers an alert whose hook URL is this node's webhook URL plus a random secret (lifecycle.ts);
 * deactivation removes it. Each delivery that carries the secret, names a selected event and was
 * not seen before starts one run with one item.
 *
 * Answers: a request that starts nothing gets a small JSON answer written here, and webhook()
 * returns `noWebhookResponse`: 401 without the right secret, 400 for a body that is not a JSON
 * object with an event, 200 for a duplicate or an event not selected (the service must not retry
 * those), 503 while an earlier delivery of the same event is still starting its run (retry). An
 * accepted event's answer is n8n's: webhook() returns the run's item and the answer body, and n8n
 * (from version 2) answers once it has created and queued the run, with an error when it could
 * not, so a 200 means the run exists. `responseData: ''` makes n8n send that body (left unset, n8n
 * would answer the literal text `firstEntryJson`).
 */
import type {
	IDataObject,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { collectionOf } from '../shared/collections';
import { customEventsField, eventsField, eventsSubtitle, mergeEvents } from '../shared/events';
import {
	claim,
	DEFAULT_DEDUPE_WINDOW,
	MAX_DEDUPE_WINDOW,
	memoryScope,
	settle,
	windowSize,
} from './dedupe';
import { SECRET_PARAM } from './hookUrl';
import { checkExists, create, remove } from './lifecycle';
import { getAutomatedTests } from './loadOptions';
import { eventIdOf, eventOf, payloadOf } from './payload';
import { persist } from './savedMemory';
import { verify } from './secret';

export class DeliverabilityAlertTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Deliverability Alert Trigger',
		// Not "deliverabilityTrigger": n8n's node creator (2.41, generateMergedNodesAndActions)
		// merges a trigger whose name without "Trigger" is an action node's name into that node's
		// entry and gives the entry the trigger's description, so the actions entry would read as
		// this trigger. Each node is an entry of its own, in its own words.
		name: 'deliverabilityAlertTrigger',
		icon: {
			light: 'file:../../icons/deliverability.svg',
			dark: 'file:../../icons/deliverability.dark.svg',
		},
		group: ['trigger'],
		// Not 1: n8n treats a webhook start node of type version 1 as its own legacy Webhook node and,
		// for every request, evaluates that node's "binaryData" option through the expression engine
		// (webhook-helpers.js parseRequestBody), which in n8n 2 builds a V8 isolate per delivery: about
		// 60 ms of CPU that an alert storm multiplies (docs/queue-mode.md). Above 1, n8n reads the body
		// itself for the content types it knows and leaves the rest to webhook() (payload.ts).
		version: 1.1,
		subtitle: eventsSubtitle(),
		description:
			'Starts a workflow when the Deliverability service sends an alert (mailbox disconnected, spam test completed, …), through a webhook the service calls',
		defaults: { name: 'Deliverability Alert Trigger' },
		// For n8n's workflow builder: what the trigger does alone, what its items hold, and its
		// alternatives.
		builderHint: {
			searchHint:
				"Webhook trigger: publishing the workflow registers an alert with the service for the selected events (n8n must be reachable by the service over HTTPS) and unpublishing removes it; each alert starts one run with one item: event (e.g. ACCOUNT_DISCONNECTED, SPAMCHECK_COMPLETED), event_id, account_id and account_email (mailbox events), public_id and final_score (spam test completed), content, received_at. It runs nothing itself: act with n8n-nodes-deliverability.deliverability (e.g. account pause with accountId = the item's account_id).",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-deliverability.deliverability',
					relationHint:
						"Acts on the alert: pause or reconnect the item's account_id, get a spam test",
				},
				{
					nodeType: 'n8n-nodes-deliverability.deliverabilityNotificationTrigger',
					relationHint: 'The same events by polling, where n8n has no public HTTPS URL',
				},
			],
		},
		eventTriggerDescription: 'Waiting for the Deliverability service to send an alert',
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'deliverabilityApi', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: '',
				path: 'deliverability',
			},
		],
		properties: [
			eventsField(
				"The events that start the workflow. Mailbox Disconnected and Spam Test Completed have documented identifiers; the others are unverified identifiers (our reading of the service's labels: see each one's description).",
				['ACCOUNT_DISCONNECTED'],
			),
			customEventsField(
				'More event identifiers, separated by commas, for events the list above lacks or names differently. Added to the selected events.',
				'e.g. REPUTATION_SCORE_DECREASE, SOME_NEW_EVENT',
			),
			collectionOf('options', [
				{
					displayName: 'Automated Test Names or IDs',
					name: 'automated_test_ids',
					type: 'multiOptions',
					typeOptions: { loadOptionsMethod: 'getAutomatedTests' },
					default: [],
					description:
						'Only for Spam Test Completed: the automated tests whose completions start the workflow; none chosen means every spam test, on-demand ones included. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				},
				{
					displayName: 'Deduplication Window',
					name: 'dedupeWindow',
					type: 'number',
					default: DEFAULT_DEDUPE_WINDOW,
					description: `How many recent event IDs to remember (0 to ${MAX_DEDUPE_WINDOW}). The service may deliver an event more than once; a delivery whose ID is among the remembered ones is acknowledged and starts nothing. 0 turns this off.`,
				},
			]),
		],
	};

	methods = {
		loadOptions: { getAutomatedTests },
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const response = this.getResponseObject();
		const answer = (status: number, body: IDataObject): IWebhookResponseData => {
			response.status(status).json(body);
			return { noWebhookResponse: true };
		};
		const staticData = this.getWorkflowStaticData('node');

		const query = this.getQueryData() as IDataObject;
		const scope = memoryScope(this.getWorkflow().id, this.getNode().id, staticData.alertId);
		if (!scope || !verify(staticData, query[SECRET_PARAM])) {
			return answer(401, { message: 'Unauthorized' });
		}

		const payload = await payloadOf(this);
		const event = payload ? eventOf(payload) : undefined;
		if (!payload || event === undefined) {
			return answer(400, { message: 'Expected a JSON object with an "event"' });
		}
		const normalisedEvent = event.trim();

		const config = registeredConfig(this, staticData);
		if (!config.events.some((e) => e.toUpperCase() === normalisedEvent.toUpperCase())) {
			return answer(200, { received: true, status: 'ignored', reason: 'event not selected' });
		}

		const eventId = eventIdOf(payload);
		const size = config.dedupeWindow;
		const decision = await claim(staticData, scope, eventId, size);
		if (decision === 'duplicate') {
			return answer(200, { received: true, status: 'duplicate', event_id: eventId });
		}
		if (decision === 'starting') {
			response.setHeader('Retry-After', '2');
			return answer(503, {
				message: 'An earlier delivery of this event is still starting its run: try again',
				event_id: eventId,
			});
		}
		const item: INodeExecutionData = {
			json: {
				...payload,
				event: normalisedEvent,
				event_id: eventId,
				received_at: new Date().toISOString(),
			},
		};
		if (size > 0) {
			whenAnswered(response, (status) => settle(scope, eventId, status < 400, size));
			await persist(staticData, scope, eventId, size);
		}
		return {
			workflowData: [[item]],
			webhookResponse: { received: true, status: 'accepted', event_id: eventId },
		};
	}
}

/**
 * Calls back with the status n8n answers this request with, when it writes the answer (whether or
 * not the caller is still connected): the one signal of whether n8n created the run.
 */
function whenAnswered(
	response: ReturnType<IWebhookFunctions['getResponseObject']>,
	callback: (status: number) => void,
): void {
	const writable = response as unknown as { end: (...args: unknown[]) => unknown };
	const end = writable.end.bind(response);
	let called = false;
	writable.end = (...args) => {
		if (!called) {
			called = true;
			callback(response.statusCode);
		}
		return end(...args);
	};
}

/**
 * The events and window that activation resolved and stored with the alert (lifecycle.ts). Reading
 * them there, not through getNodeParameter, keeps expression evaluation out of every delivery.
 * Static data from an activation that stored no configuration falls back to the parameters.
 */
function registeredConfig(
	ctx: IWebhookFunctions,
	staticData: IDataObject,
): { events: string[]; dedupeWindow: number } {
	const events = Array.isArray(staticData.events)
		? (staticData.events as unknown[]).map(String)
		: mergeEvents(ctx.getNodeParameter('events', []), ctx.getNodeParameter('customEvents', ''));
	const dedupeWindow =
		typeof staticData.dedupeWindow === 'number'
			? windowSize(staticData.dedupeWindow)
			: windowSize(
					(ctx.getNodeParameter('options', {}) as IDataObject).dedupeWindow ??
						DEFAULT_DEDUPE_WINDOW,
				);
	return { events, dedupeWindow };
}
