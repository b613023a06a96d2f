/** What the alert operations share: channel values, the URL check, the automated test id list. */
import type { IDataObject } from 'n8n-workflow';

import type { Validator } from '../../../shared/validation';

export const CHANNELS = ['HOOK_URL', 'SLACK', 'ALL'] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_OPTIONS = [
	{ name: 'Slack', value: 'SLACK', description: 'Post to a Slack channel (the workspace is set in the project settings)' },
	{ name: 'Webhook URL', value: 'HOOK_URL', description: 'HTTP POST with a JSON body to a URL' },
	{ name: 'Webhook URL and Slack', value: 'ALL', description: 'Both destinations' },
];

/** An absolute http(s) URL (the service asks for HTTPS; it decides, we only refuse what is not a URL). */
export function hookUrl(v: Validator, field: string, value: unknown): string {
	const text = v.nonEmptyString(field, value);
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname) {
		v.fail(field, `"${text}" is not an http(s) URL`, 'Give the full address, e.g. https://example.com/hooks/deliverability');
	}
	return text;
}

export function slackChannelId(v: Validator, field: string, value: unknown): number {
	return v.id(field, value);
}

export function automatedTestIds(v: Validator, value: unknown): number[] {
	return v.integerList('automated_test_ids', value, 1, 2_147_483_647);
}

export function eventsOf(v: Validator, field: string, events: string[]): string[] {
	if (events.length === 0) v.fail(field, 'pick at least one event (or give a custom event ID)');
	for (const e of events) if (!/^[A-Za-z0-9_.:-]+$/.test(e)) v.fail(field, `"${e}" is not an event identifier`);
	return events;
}

export function removeUndefined(body: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}
