/**
 * The alert the trigger's parameters ask for (its webhook URL, events, automated tests and
 * deduplication window), and whether an alert the service already has delivers exactly that.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { mergeEvents } from '../shared/events';
import { Validator } from '../shared/validation';
import { DEFAULT_DEDUPE_WINDOW, MAX_DEDUPE_WINDOW, windowSize } from './dedupe';
import {
	hookUrlOf,
	queryParam,
	SECRET_PARAM,
	servable,
	WEBHOOK_NAME,
	withoutQuery,
} from './hookUrl';

/** What the node's parameters ask the service for. */
export interface WantedAlert {
	hookUrl: string;
	events: string[];
	automatedTestIds: number[];
	dedupeWindow: number;
}

/**
 * What the node's parameters ask for, checked: an error names what to fix before anything is sent.
 */
export function wantedAlert(this: IHookFunctions): WantedAlert {
	const hookUrl = this.getNodeWebhookUrl(WEBHOOK_NAME);
	if (!hookUrl) {
		throw new NodeOperationError(this.getNode(), 'n8n gave no webhook URL for this trigger', {
			description:
				'Save the workflow and try again; the webhook URL is needed to register the alert.',
		});
	}
	if (!servable(hookUrl)) {
		throw new NodeOperationError(this.getNode(), "n8n's webhook URL is not HTTPS", {
			description: `The service calls only HTTPS webhook URLs, and n8n's URL for this trigger is ${withoutQuery(hookUrl)}. Set n8n's N8N_WEBHOOK_URL (WEBHOOK_URL on n8n 1.x) to its public https:// address (plain http works only with a local test server on 127.0.0.1 or localhost).`,
		});
	}
	const events = mergeEvents(
		this.getNodeParameter('events', []),
		this.getNodeParameter('customEvents', ''),
	);
	if (events.length === 0) {
		throw new NodeOperationError(this.getNode(), 'No event selected', {
			description:
				'Choose at least one event under "Events", or type an event ID under "Custom Events".',
		});
	}
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const v = new Validator(this.getNode(), 0);
	const automatedTestIds = [
		...new Set(v.idList('Automated Test Names or IDs', options.automated_test_ids)),
	];
	// Refused, not cut to fit: the editor no longer bounds the input (docs/behaviour.md → Numbers out
	// of range are refused).
	const given = options.dedupeWindow;
	if (given !== undefined && given !== null && given !== '')
		v.integer('Options → Deduplication Window', given, 0, MAX_DEDUPE_WINDOW);
	const dedupeWindow = windowSize(given ?? DEFAULT_DEDUPE_WINDOW);
	return { hookUrl: withoutQuery(hookUrl), events, automatedTestIds, dedupeWindow };
}

function sameSet(a: Array<string | number>, b: Array<string | number>): boolean {
	const left = new Set(a.map(String));
	const right = new Set(b.map(String));
	return left.size === right.size && [...left].every((x) => right.has(x));
}

/**
 * An alert of ours that delivers exactly what the parameters ask for, to this URL, with a secret we
 * can check.
 */
export function matches(alert: IDataObject, wanted: Omit<WantedAlert, 'dedupeWindow'>): boolean {
	const url = hookUrlOf(alert);
	const events = Array.isArray(alert.events) ? (alert.events as unknown[]).map(String) : [];
	const scope = Array.isArray(alert.automated_test_ids)
		? (alert.automated_test_ids as unknown[]).map(String)
		: [];
	const channel = String(alert.channel ?? 'HOOK_URL').toUpperCase();
	return (
		withoutQuery(url) === wanted.hookUrl &&
		queryParam(url, SECRET_PARAM) !== undefined &&
		(channel === 'HOOK_URL' || channel === 'ALL') &&
		alert.active !== false &&
		sameSet(events, wanted.events) &&
		sameSet(scope, wanted.automatedTestIds)
	);
}
