/**
 * An alert as a person reads it (Simplified on Alert → Create and Update): its settings as the
 * service answered them and a sentence saying where which events go. Nothing is filled in for a
 * field the answer lacks.
 */
import type { IDataObject } from 'n8n-workflow';

import { readBoolean } from '../../../../shared/lenient';
import { changed, picked, shaped, type OutputView } from '../../../params/output';

const AS_SENT = [
	'id',
	'channel',
	'events',
	'active',
	'hook_url',
	'slack_channel_id',
	'automated_test_ids',
] as const;

/** Where the alert sends, in words, from its channel and destination as answered. */
function destination(alert: IDataObject): string {
	const slack =
		alert.slack_channel_id !== undefined && alert.slack_channel_id !== null
			? `Slack channel ${String(alert.slack_channel_id)}`
			: 'Slack';
	const hook =
		typeof alert.hook_url === 'string' && alert.hook_url !== '' ? alert.hook_url : 'its hook URL';
	if (alert.channel === 'SLACK') return slack;
	if (alert.channel === 'HOOK_URL') return hook;
	if (alert.channel === 'ALL') return `${slack} and ${hook}`;
	return `channel ${String(alert.channel)}`;
}

/**
 * The alert's settings as answered, and `state`: what it does now, in a sentence ("active: sends X
 * to Y").
 */
export function simplifyAlert(alert: IDataObject): { fields: IDataObject; state: string } {
	const events = Array.isArray(alert.events) ? (alert.events as unknown[]).map(String) : [];
	const active = readBoolean(alert.active);
	const what = events.length ? events.join(', ') : 'no events';
	const state =
		active === false
			? `inactive (would send ${what} to ${destination(alert)})`
			: `${active ? 'active' : 'state not said'}: sends ${what} to ${destination(alert)}`;
	return { fields: picked(alert, AS_SENT), state };
}

/**
 * What Create and Update answer: the alert as the user's Output asks (Simplified: its settings, the
 * outcome, a sentence).
 */
export function changedAlert(alert: IDataObject, view: OutputView, outcome: string): IDataObject {
	return shaped(
		alert,
		view,
		(a) => {
			const { fields, state } = simplifyAlert(a);
			return changed(fields, { outcome, message: `Alert ${String(a.id)} ${outcome}, ${state}` });
		},
		['id'],
	);
}
