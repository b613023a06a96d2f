/**
 * What the alert operations share: their fields (create names them in camelCase, update by API
 * name) and checks.
 */
import type { INodeProperties } from 'n8n-workflow';

import { eventsField, mergeEvents } from '../../../../shared/events';
import type { Validator } from '../../../../shared/validation';
import { choiceField, valuesOf } from '../../../params/choices';

const CHANNEL_CHOICES = [
	{
		name: 'Slack',
		value: 'SLACK',
		description: 'Post to a Slack channel (the workspace is set in the project settings)',
	},
	{ name: 'Webhook URL', value: 'HOOK_URL', description: 'HTTP POST with a JSON body to a URL' },
	{ name: 'Webhook URL and Slack', value: 'ALL', description: 'Both destinations' },
] as const;

/** The channel values, for the check of Create and Update. */
export const CHANNELS = valuesOf(CHANNEL_CHOICES);

/** The destinations each channel needs (the service's rule, checked again by it). */
export const needsHookUrl = (channel: string) => channel === 'HOOK_URL' || channel === 'ALL';
export const needsSlackChannel = (channel: string) => channel === 'SLACK' || channel === 'ALL';

const HOOK_URL_PLACEHOLDER = 'https://example.com/hooks/deliverability';

export const alertFields = {
	active: (): INodeProperties => ({
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		description: 'Whether the alert sends notifications',
	}),
	channel: (description: string): INodeProperties =>
		choiceField('Channel', 'channel', CHANNEL_CHOICES, 'HOOK_URL', description),
	/** The eleven events of spec §6: two documented identifiers, nine marked unverified. */
	events: (description: string): INodeProperties => eventsField(description),
	hookUrl: (name: 'hookUrl' | 'hook_url', description: string): INodeProperties => ({
		displayName: 'Hook URL',
		name,
		type: 'string',
		default: '',
		placeholder: HOOK_URL_PLACEHOLDER,
		description,
	}),
	slackChannelId: (
		name: 'slackChannelId' | 'slack_channel_id',
		description: string,
	): INodeProperties => ({
		displayName: 'Slack Channel ID',
		name,
		type: 'number',
		default: 0,
		description,
	}),
};

/**
 * An absolute http(s) URL (the service asks for HTTPS; it decides, we only refuse what is not a
 * URL).
 */
export function hookUrl(v: Validator, field: string, value: unknown): string {
	const text = v.nonEmptyString(field, value);
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname) {
		v.fail(
			field,
			`"${text}" is not an http(s) URL`,
			`Give the full address, e.g. ${HOOK_URL_PLACEHOLDER}`,
		);
	}
	return text;
}

export function slackChannelId(v: Validator, field: string, value: unknown): number {
	return v.id(field, value);
}

export function automatedTestIds(v: Validator, value: unknown): number[] {
	return v.idList('automated_test_ids', value);
}

/**
 * The event list of a create or update: the picked events (from an expression also comma-separated
 * text) plus the custom ids, deduplicated; at least one, each a plain identifier.
 */
export function eventsOf(
	v: Validator,
	field: string,
	selected: unknown,
	custom: unknown = '',
): string[] {
	const text = typeof selected === 'string' ? `${selected},${String(custom ?? '')}` : custom;
	const events = mergeEvents(selected, text);
	if (events.length === 0) v.fail(field, 'pick at least one event (or give a custom event ID)');
	for (const e of events)
		if (!/^[A-Za-z0-9_.:-]+$/.test(e)) v.fail(field, `"${e}" is not an event identifier`);
	return events;
}
