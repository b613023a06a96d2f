/**
 * The service's alerts as the trigger reads and removes them (lifecycle.ts): GET /alerts read
 * strictly, so that an unreadable list never passes for "no alert", and DELETE of one alert, an
 * alert already gone counting as removed.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { headlineError } from '../shared/headlineError';
import { readIdList } from '../shared/idList';
import { apiRequest, type AnswerFact, type Session } from '../shared/transport';

/**
 * The alert list and the create's answer come as sent: the trigger reads them strictly itself
 * (idList.ts), since an unreadable list must never pass for "no alert", and a create answered
 * without an id is looked up by its hook URL.
 */
export const AS_SENT: AnswerFact = { shape: 'unchecked', what: 'the alerts (read by the trigger)' };

function isNotFound(error: unknown): boolean {
	const e = error as { httpCode?: unknown } | undefined;
	return error instanceof NodeApiError && String(e?.httpCode) === '404';
}

/**
 * DELETE /alerts/{id}; an alert already gone (404) counts as removed. Any other failure is raised.
 */
export async function removeAlert(session: Session, id: string): Promise<void> {
	const failure = await apiRequest(session, {
		method: 'DELETE',
		path: `/alerts/${encodeURIComponent(id)}`,
		kind: 'update',
	}).then(
		() => undefined,
		(error: unknown) => error,
	);
	// The transport raises NodeApiError / NodeOperationError only; pass any failure but 404 on as it
	// is.
	if (failure !== undefined && !isNotFound(failure)) throw failure;
}

/** Why the alert list matters at each step, for the error when it cannot be read. */
const UNREADABLE_LIST = {
	checkExists:
		'The trigger registers its alert only after finding none of its own in this list, so that it never registers a second one; nothing was registered.',
	create:
		'The alert may have been created: the service answered POST /alerts without an ID, and the trigger needs this list to find the alert by its webhook URL.',
	remove:
		"This trigger's own alert was removed; other alerts still pointing at its webhook URL (left by an earlier failed activation) could not be looked for.",
} as const;

/**
 * GET /alerts, read strictly (shared/idList.ts): an answer that is not a list of alerts with ids is
 * an error, never "no alerts". Taking it for an empty list is how a second alert gets registered (a
 * failed activation, retried by n8n, creating again after its first create's answer was lost).
 */
export async function listAlerts(
	this: IHookFunctions,
	session: Session,
	step: keyof typeof UNREADABLE_LIST,
): Promise<IDataObject[]> {
	const reading = readIdList(
		await apiRequest(session, { method: 'GET', path: '/alerts', kind: 'read', answer: AS_SENT }),
	);
	if ('items' in reading) return reading.items;
	const headline =
		step === 'create'
			? `The alert may have been created, but the service did not return its ID and answered ${reading.problem} where GET /alerts should list the alerts`
			: `The service answered ${reading.problem} where GET /alerts should list the alerts`;
	throw headlineError(this.getNode(), headline, {
		description: `${UNREADABLE_LIST[step]} Check that the credential's Base URL is the service's API address ending in /api/v1 (a web page or proxy answers like this). Once the list can be read, activating again finds the trigger's alert by its webhook URL and takes it over instead of registering another.`,
	});
}
