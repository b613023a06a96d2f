/**
 * Before a storm (support/storm.ts): both sides published and their alerts registered, and the example's duplicate
 * memory filled the way a long-running instance has it.
 */
import { randomBytes } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import {
	claim,
	DEFAULT_DEDUPE_WINDOW,
	memoryScope,
	settle,
} from '../nodes/DeliverabilityAlertTrigger/dedupe';
import { persist, savePolicy } from '../nodes/DeliverabilityAlertTrigger/savedMemory';
import type { Cluster } from './queue-cluster';
import { admin } from './sandbox-admin';
import { service } from './sandbox-api';
import { api, sleep, type Sandbox } from './storm-cluster';
import { autoPauseExample, CONTROL_ID, CONTROL_PATH, exampleParts } from './storm-workflows';

/**
 * Where the service delivers a storm: the example's hook URL (with its secret) and the control's, and whether the
 * control's alert is registered (without it the service delivers to the example alone).
 */
export interface StormUrls {
	exampleUrl: string;
	controlUrl: string;
	controlAlert: boolean;
}

/**
 * Publishes the example and the control and registers the control's alert (unless `control` is false). Returns the
 * hook URLs the service calls (the example's with its secret), so deliveries can be told apart in the service's log.
 */
export async function prepareStorm(
	cluster: Cluster,
	sandbox: Sandbox,
	{ control = true }: { control?: boolean } = {},
): Promise<StormUrls> {
	const example = autoPauseExample();
	const { trigger } = exampleParts(example);
	for (const id of [example.id, CONTROL_ID]) {
		// Published already (a test that used the example before): left as it is, its alert too.
		if ((await api<{ active?: boolean }>(cluster, 'GET', `/workflows/${id}`)).active) continue;
		const res = await cluster.main.api('POST', `/workflows/${id}/activate`);
		if (res.status !== 200)
			throw new Error(`activate ${id}: ${res.status} ${JSON.stringify(res.data)}`);
	}
	const controlUrl = `${cluster.main.webhookBase}webhook/${CONTROL_PATH}`;
	if (control)
		await service(sandbox, 'POST', '/alerts', {
			channel: 'HOOK_URL',
			hook_url: controlUrl,
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
		});
	let exampleUrl = '';
	for (let i = 0; i < 120 && !exampleUrl; i++) {
		const alerts = await admin<Array<{ hook_url: string | null }>>(
			sandbox,
			'GET',
			'/alerts?project=A',
		);
		exampleUrl =
			alerts.find((a) => (a.hook_url ?? '').includes(`/webhook/${trigger.webhookId}/`))?.hook_url ??
			'';
		if (!exampleUrl) await sleep(500);
	}
	if (!exampleUrl) throw new Error('publishing the example registered no alert');
	return { exampleUrl, controlUrl, controlAlert: control };
}

/**
 * Fills the published example's duplicate memory with `count` earlier event ids, written into n8n's database the
 * way the trigger itself records them (its own code, run here): the memory of an instance that has been receiving
 * events for a while, not the empty one of a fresh cluster. The processors read it with the next delivery.
 */
export async function prefillMemory(cluster: Cluster, count: number): Promise<void> {
	const example = autoPauseExample();
	const { trigger } = exampleParts(example);
	const where = `WHERE id = '${example.id}'`;
	const data = JSON.parse(
		cluster.sql(`SELECT "staticData"::text FROM workflow_entity ${where}`)[0],
	) as IDataObject;
	const node = data[`node:${trigger.name}`] as IDataObject;
	const scope = memoryScope(example.id, trigger.id, node.alertId);
	if (!scope) throw new Error('the example registered no alert: nothing to prefill');
	let last = '';
	for (let i = 0; i < count; i++) {
		last = `evt_${randomBytes(8).toString('hex')}`;
		await claim(node, scope, last, DEFAULT_DEDUPE_WINDOW);
		settle(scope, last, true, DEFAULT_DEDUPE_WINDOW);
	}
	const delay = savePolicy.delayMs;
	savePolicy.delayMs = 0;
	try {
		await persist(node, scope, last, DEFAULT_DEDUPE_WINDOW);
	} finally {
		savePolicy.delayMs = delay;
	}
	const text = JSON.stringify(data).replace(/'/g, "''");
	cluster.sql(`UPDATE workflow_entity SET "staticData" = '${text}' ${where}`);
}
