/**
 * The alert behind the trigger (spec §6, alerts in §2/§4), registered and removed the way n8n
 * really calls the webhook methods: activation runs `checkExists`, then `create` when it answered
 * false; deactivation runs `delete` with the node's static data; a restart with the workflow still
 * active runs none of them. Manual "listen for test event" runs the same three with the test URL
 * and a fresh static data of its own.
 *
 * Static data of the node (`getWorkflowStaticData('node')`):
 * - `alertId`: id of the alert this node owns;
 * - `secretSalt`, `secretHash`: what verifying the random secret carried by the alert's hook URL
 *   (`?secret=…`) needs (secret.ts); the secret itself, and the hook URL with it, are never stored:
 *   n8n shows static data to anyone who can read the workflow;
 * - `hookUrl`: the webhook URL the alert points at (without the secret), `automatedTestIds`: what
 *   was registered;
 * - `events`, `dedupeWindow`: the configuration webhook() needs, resolved once here, so a delivery
 *   reads no node parameter (no expression is evaluated per request, whatever the parameters hold);
 * - `eventMemory`: the deduplication memory of the registered alert (see savedMemory.ts).
 *
 * Which alerts are ours: the hook URL contains the node's webhook id (a UUID n8n gives each trigger
 * node), so every alert whose hook URL (query string ignored) is exactly this node's webhook URL
 * was registered by this node, in this mode. The secret is NOT part of that comparison: it is read
 * from the alert itself. An alert is what the service will call, so the secret in its hook URL is
 * the one deliveries carry; adopting it (rather than insisting on the verifier in our static data,
 * which may be gone) lets a node with lost static data take over its alert instead of creating a
 * second one. An alert at our URL without a secret is not adopted (we could not authenticate its
 * deliveries) and, being at our URL, is removed as a leftover.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { headlineError } from '../shared/headlineError';
import { describeAnswer } from '../shared/idList';
import { apiRequest, openSession, type CreateWording } from '../shared/transport';
import { AS_SENT, listAlerts, removeAlert } from './alertList';
import { clearAlert, idOf, storeAlert, storedAlertId } from './alertRecord';
import { forget } from './dedupe';
import {
	hookUrlOf,
	hookUrlWithSecret,
	queryParam,
	SECRET_PARAM,
	WEBHOOK_NAME,
	withoutQuery,
} from './hookUrl';
import { newSecret } from './secret';
import { matches, wantedAlert } from './wanted';

/** The headline when the answer to our alert create is lost (the transport never repeats it). */
const ALERT_CREATED: CreateWording = {
	what: 'The alert may have been created',
	where: 'Alert → Get Many',
};

type Context = IHookFunctions;

/**
 * Activation, step 1. Asks the service for its alerts and adopts one of ours that matches the
 * parameters (the stored id first), storing its id and the verifier of its secret. Alerts of ours
 * that do not match (the stored one after the parameters or n8n's URL changed, leftovers at our URL
 * from an activation that failed half-way) are removed, so `create` never adds a second alert next
 * to them. A stored id the service no longer knows is simply cleared.
 */
export async function checkExists(this: Context): Promise<boolean> {
	const wanted = wantedAlert.call(this);
	const staticData = this.getWorkflowStaticData('node');
	const storedId = storedAlertId(staticData);

	// One session for the step: the credential is read once for all its requests.
	const session = openSession(this);
	const alerts = await listAlerts.call(this, session, 'checkExists');
	const ours = alerts.filter(
		(a) =>
			idOf(a) !== undefined &&
			(idOf(a) === storedId || withoutQuery(hookUrlOf(a)) === wanted.hookUrl),
	);
	const adopted =
		ours.find((a) => idOf(a) === storedId && matches(a, wanted)) ??
		ours.find((a) => matches(a, wanted));

	for (const stale of ours) {
		if (stale !== adopted) await removeAlert(session, idOf(stale)!);
	}

	if (!adopted) {
		clearAlert(staticData);
		return false;
	}
	storeAlert(
		staticData,
		adopted.id as number,
		queryParam(hookUrlOf(adopted), SECRET_PARAM)!,
		wanted,
	);
	return true;
}

/**
 * Activation, step 2 (only when checkExists found nothing of ours in a list it could read).
 * Registers the alert with a fresh secret in its hook URL. A create is never retried once it may
 * have reached the service (transport rule). An answer without an id is not guessed at: the alert
 * is looked for in the list by its hook URL with this very secret (no other alert can carry it) and
 * taken over when it is there; otherwise activation fails, leaving at most that one alert, which
 * the next activation (or n8n's clean-up, which calls `delete`) finds by its webhook URL.
 */
export async function create(this: Context): Promise<boolean> {
	const wanted = wantedAlert.call(this);
	const staticData = this.getWorkflowStaticData('node');
	const secret = newSecret();
	const hookUrl = hookUrlWithSecret(wanted.hookUrl, secret);
	const body: IDataObject = {
		channel: 'HOOK_URL',
		hook_url: hookUrl,
		events: wanted.events,
		active: true,
	};
	if (wanted.automatedTestIds.length > 0) body.automated_test_ids = wanted.automatedTestIds;

	const session = openSession(this);
	const created: unknown = await apiRequest(session, {
		method: 'POST',
		path: '/alerts',
		body,
		kind: 'create',
		creates: ALERT_CREATED,
		answer: AS_SENT,
	});
	const alert =
		created && typeof created === 'object' && !Array.isArray(created)
			? (created as IDataObject)
			: {};
	const nested =
		alert.alert && typeof alert.alert === 'object' ? (alert.alert as IDataObject) : undefined;
	let id = idOf(nested ?? alert);
	if (id === undefined) {
		const mine = (await listAlerts.call(this, session, 'create')).filter(
			(a) => hookUrlOf(a) === hookUrl,
		);
		if (mine.length === 1) id = idOf(mine[0]);
		else {
			const headline = `The service answered POST /alerts with ${describeAnswer(created)} instead of the new alert and its ID, and its list of alerts does not show it`;
			throw headlineError(this.getNode(), headline, {
				description:
					"Nothing is registered for this trigger as far as the service's list shows. Check that the Base URL ends in /api/v1. If an alert was created after all, the next activation finds it by its webhook URL and takes it over instead of registering another.",
			});
		}
	}
	storeAlert(staticData, /^\d+$/.test(id!) ? Number(id) : id!, secret, wanted);
	return true;
}

/**
 * Deactivation. Removes the stored alert (already gone counts as done), then any other alert still
 * pointing at this node's URL (an alert whose id was lost), and clears the static data, event
 * memory included.
 */
export async function remove(this: Context): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const storedId = storedAlertId(staticData);
	const session = openSession(this);
	if (storedId !== undefined) await removeAlert(session, storedId);

	const urls = new Set<string>();
	const current = this.getNodeWebhookUrl(WEBHOOK_NAME);
	if (current) urls.add(withoutQuery(current));
	if (typeof staticData.hookUrl === 'string' && staticData.hookUrl)
		urls.add(withoutQuery(staticData.hookUrl));
	// The stored alert is gone: forget it before the list is read, so a failure there leaves nothing
	// stale behind.
	clearAlert(staticData);
	forget(staticData, this.getWorkflow().id, this.getNode().id);
	for (const alert of await listAlerts.call(this, session, 'remove')) {
		const id = idOf(alert);
		if (id !== undefined && id !== storedId && urls.has(withoutQuery(hookUrlOf(alert))))
			await removeAlert(session, id);
	}
	return true;
}
