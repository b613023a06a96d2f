/** Alerts: create, list, update, delete. Destinations are validated per channel (BEHAVIOUR.md, Alerts). */
import type { Route } from '../api';
import { created, ok, scoped } from '../api';
import type { Alert, Project } from '../resources';
import type { Store } from '../store';
import { BodyReader, INT32_MAX, pathId } from '../validate';

export const CHANNELS = ['HOOK_URL', 'SLACK', 'ALL'] as const;
const FIELDS = [
	'channel',
	'events',
	'active',
	'hook_url',
	'slack_channel_id',
	'automated_test_ids',
];

export function alertView(a: Alert): Record<string, unknown> {
	return {
		id: a.id,
		channel: a.channel,
		events: [...a.events],
		active: a.active,
		hook_url: a.hook_url,
		slack_channel_id: a.slack_channel_id,
		automated_test_ids: [...a.automated_test_ids],
	};
}

function isLoopback(host: string): boolean {
	return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/** Reads the alert fields sent and checks the merged result; `current` is the alert being updated. */
function readAlert(
	store: Store,
	project: Project,
	body: unknown,
	current: Alert | null,
): Omit<Alert, 'id' | 'project'> {
	const b = new BodyReader(body, FIELDS);
	// The service requires `events` and `active` on create and on update (service facts); `channel` on create only.
	const channel = b.oneOf('channel', CHANNELS, { required: current === null });
	const events = b.strArray('events', { required: true });
	const active = b.bool('active', { required: true });
	const hookUrl = b.str('hook_url', { nullable: true });
	let slack: number | null | undefined;
	if (b.body.slack_channel_id === null) slack = null;
	else slack = b.int('slack_channel_id', { min: 1, max: INT32_MAX });
	const scope = b.intArray('automated_test_ids');
	if (events !== undefined) {
		if (events.length === 0) b.fail('events', 'must not be empty');
		for (const e of events)
			if (!/^[A-Z][A-Z0-9_]*$/.test(e))
				b.fail('events', `${JSON.stringify(e)} is not an event identifier (SCREAMING_SNAKE_CASE)`);
	}
	if (typeof hookUrl === 'string') {
		let url: URL | null = null;
		try {
			url = new URL(hookUrl);
		} catch {
			b.fail('hook_url', 'must be a URL');
		}
		if (
			url &&
			url.protocol !== 'https:' &&
			!(url.protocol === 'http:' && isLoopback(url.hostname))
		) {
			b.fail('hook_url', 'must be an https URL (http is accepted for loopback hosts only)');
		}
	}
	for (const id of scope ?? []) {
		const t = store.automatedTests.get(id);
		if (!t || t.project !== project.key)
			b.fail('automated_test_ids', `${id} is not an automated test of this project`);
	}
	const merged = {
		channel: channel ?? current?.channel ?? 'HOOK_URL',
		events: events ? [...new Set(events)] : (current?.events ?? []),
		active: active ?? current?.active ?? true,
		hook_url: hookUrl !== undefined ? hookUrl : (current?.hook_url ?? null),
		slack_channel_id: slack !== undefined ? slack : (current?.slack_channel_id ?? null),
		automated_test_ids: scope ? [...new Set(scope)] : (current?.automated_test_ids ?? []),
	};
	if (channel !== undefined || hookUrl !== undefined || slack !== undefined) {
		if (merged.channel !== 'SLACK' && !merged.hook_url)
			b.fail('hook_url', `is required for channel ${merged.channel}`);
		if (merged.channel !== 'HOOK_URL' && merged.slack_channel_id === null)
			b.fail('slack_channel_id', `is required for channel ${merged.channel}`);
	}
	b.done();
	return merged;
}

function getAlert(store: Store, project: Project, raw: string | undefined): Alert {
	return scoped(store.alerts.get(pathId(raw)), project, 'Alert');
}

export const alertRoutes: Route[] = [
	{
		method: 'POST',
		path: '/alerts',
		handler: ({ store, project, body }) => {
			const fields = readAlert(store, project, body, null);
			const alert: Alert = { id: store.nextId.alert++, project: project.key, ...fields };
			store.alerts.set(alert.id, alert);
			return created(alertView(alert));
		},
	},
	{
		method: 'GET',
		path: '/alerts',
		handler: ({ store, project }) => ok(store.ofProject(store.alerts, project.key).map(alertView)),
	},
	{
		method: 'POST',
		path: '/alerts/:id',
		handler: ({ store, project, params, body }) => {
			const alert = getAlert(store, project, params.id);
			Object.assign(alert, readAlert(store, project, body, alert));
			return ok(alertView(alert));
		},
	},
	{
		method: 'DELETE',
		path: '/alerts/:id',
		handler: ({ store, project, params }) => {
			const alert = getAlert(store, project, params.id);
			store.alerts.delete(alert.id);
			return ok({ id: alert.id, deleted: true });
		},
	},
];
