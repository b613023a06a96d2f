/**
 * What the node's static data keeps of the alert it registered or adopted (the list at the top of
 * lifecycle.ts): its id, the verifier of its secret, and the configuration webhook() reads.
 */
import type { IDataObject } from 'n8n-workflow';

import { usableId } from '../shared/idList';
import { clearVerifier, storeVerifier } from './secret';
import type { WantedAlert } from './wanted';

export function idOf(alert: IDataObject): string | undefined {
	return usableId(alert);
}

export function clearAlert(staticData: IDataObject): void {
	for (const key of ['alertId', 'hookUrl', 'events', 'automatedTestIds', 'dedupeWindow'])
		delete staticData[key];
	clearVerifier(staticData);
}

/** What activation records for the alert it registered or adopted (see the list at the top). */
export function storeAlert(
	staticData: IDataObject,
	id: string | number,
	secret: string,
	wanted: WantedAlert,
): void {
	staticData.alertId = id;
	storeVerifier(staticData, secret);
	staticData.hookUrl = wanted.hookUrl;
	staticData.events = wanted.events;
	staticData.automatedTestIds = wanted.automatedTestIds;
	staticData.dedupeWindow = wanted.dedupeWindow;
}

/**
 * The id of the alert this node stored when it made or adopted it, as text; none before the first
 * activation.
 */
export function storedAlertId(staticData: IDataObject): string | undefined {
	return staticData.alertId === undefined || staticData.alertId === null
		? undefined
		: String(staticData.alertId);
}
