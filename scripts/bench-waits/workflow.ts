/**
 * The workflow `npm run bench:waits` runs N times (scripts/bench-waits.ts): Webhook → Spam Test → Create → Get, then
 * either n8n's Wait node and Get again until the test is complete (durable), or Get's own Wait for Completion
 * (in-node).
 */
import { CREDENTIAL_IDS, CREDENTIAL_NAMES } from '../../support/examples';

/** How long the durable variant's Wait node waits between two reads of the test. */
export const WAIT_S = 70;

const CRED = {
	deliverabilityApi: { id: CREDENTIAL_IDS.deliverability, name: CREDENTIAL_NAMES.deliverability },
};
const TYPE = 'n8n-nodes-deliverability.deliverability';

export function workflow(id: string, pathName: string, inNode: boolean): Record<string, unknown> {
	const node = (
		name: string,
		type: string,
		x: number,
		parameters: Record<string, unknown>,
		extra: Record<string, unknown> = {},
	) => ({
		id: `${id}-${name}`.replace(/[^A-Za-z0-9-]/g, ''),
		name,
		type,
		typeVersion:
			type === TYPE ? 1 : type.endsWith('.webhook') ? 2 : type.endsWith('.wait') ? 1.1 : 1,
		position: [x, 0],
		parameters,
		...extra,
	});
	const get = {
		resource: 'spamTest',
		operation: 'get',
		publicId: { __rl: true, mode: 'id', value: "={{ $('Create').first().json.public_id }}" },
	};
	const to = (n: string) => [{ node: n, type: 'main', index: 0 }];
	return {
		id,
		name: `bench waits: ${pathName}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node(
				'Webhook',
				'n8n-nodes-base.webhook',
				0,
				{ httpMethod: 'POST', path: pathName, responseMode: 'onReceived', options: {} },
				{ webhookId: `${id}-hook` },
			),
			node(
				'Create',
				TYPE,
				200,
				{ resource: 'spamTest', operation: 'create', additionalFields: {} },
				{ credentials: CRED },
			),
			inNode
				? node(
						'Check',
						TYPE,
						400,
						{ ...get, waitForCompletion: true, pollInterval: 15, timeoutMinutes: 10 },
						{ credentials: CRED },
					)
				: node('Check', TYPE, 400, get, { credentials: CRED }),
			...(inNode
				? []
				: [
						node(
							'Wait',
							'n8n-nodes-base.wait',
							600,
							{ amount: WAIT_S, unit: 'seconds' },
							{ webhookId: `${id}-wait` },
						),
					]),
			node('Done', 'n8n-nodes-base.noOp', 800, {}),
		],
		connections: inNode
			? {
					Webhook: { main: [to('Create')] },
					Create: { main: [to('Check')] },
					Check: { main: [to('Done'), []] },
				}
			: {
					Webhook: { main: [to('Create')] },
					Create: { main: [to('Check')] },
					Check: { main: [to('Done'), to('Wait')] },
					Wait: { main: [to('Check')] },
				},
	};
}
