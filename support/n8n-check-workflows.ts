/**
 * The workflows `npm run check:n8n` (support/n8n-checks.ts) creates in an n8n the user runs, as n8n's public API takes
 * them: the action node behind a Webhook trigger, a trigger of this package alone, and an example with the credentials
 * the checks created.
 */
import crypto from 'node:crypto';

export type Json = Record<string, unknown>;
/** The credentials the checks created, by type (and by the id an example names). */
export type Credentials = Record<string, { id: string; name: string }>;

const NODE = 'n8n-nodes-deliverability.deliverability';

/** A few random characters that keep the names of what one run creates apart from another run's. */
export const stamp = () => crypto.randomBytes(4).toString('hex');

/**
 * The action node with these parameters and credentials behind a Webhook trigger at `path`, which answers with the
 * node's items.
 */
export function webhookWorkflow(path: string, parameters: Json, credentials: Credentials): Json {
	return {
		name: `Deliverability check ${String(parameters.resource)} → ${String(parameters.operation)}`,
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: crypto.randomUUID(),
				parameters: {
					httpMethod: 'POST',
					path,
					responseMode: 'lastNode',
					responseData: 'allEntries',
					options: {},
				},
			},
			{
				id: crypto.randomUUID(),
				name: 'Deliverability',
				type: NODE,
				typeVersion: 1,
				position: [220, 0],
				parameters,
				credentials,
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Deliverability', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** A trigger of this package alone (its lifecycle needs nothing after it). */
export function triggerWorkflow(
	type: string,
	typeVersion: number,
	credentials: Credentials,
	parameters: Json = {},
): Json {
	return {
		name: `Deliverability check ${type}`,
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Trigger',
				type: `n8n-nodes-deliverability.${type}`,
				typeVersion,
				position: [0, 0],
				webhookId: crypto.randomUUID(),
				parameters: { events: ['ACCOUNT_DISCONNECTED'], options: {}, ...parameters },
				credentials: { deliverabilityApi: credentials.deliverabilityApi },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** The keys of a node n8n's public API takes (its workflow schema refuses any other). */
const NODE_KEYS = new Set([
	'id',
	'name',
	'webhookId',
	'disabled',
	'notesInFlow',
	'notes',
	'type',
	'typeVersion',
	'executeOnce',
	'alwaysOutputData',
	'retryOnFail',
	'maxTries',
	'waitBetweenTries',
	'continueOnFail',
	'onError',
	'position',
	'parameters',
	'credentials',
]);

/**
 * An example as the public API takes it, its credentials the ones created here (by the id the example names), and
 * the node keys left out because the public API refuses them (`Node.key`).
 */
export function withCredentials(
	workflow: Json,
	credentials: Credentials,
): { workflow: Json; dropped: string[] } {
	const dropped: string[] = [];
	const nodes = (workflow.nodes as Json[]).map((node) => ({
		...Object.fromEntries(
			Object.entries(node).filter(([key]) => {
				if (NODE_KEYS.has(key)) return true;
				dropped.push(`${String(node.name)}.${key}`);
				return false;
			}),
		),
		...(node.credentials
			? {
					credentials: Object.fromEntries(
						Object.entries(node.credentials as Record<string, { id: string }>).map(
							([type, ref]) => [type, credentials[ref.id] ?? ref],
						),
					),
				}
			: {}),
	}));
	return {
		workflow: {
			name: `${String(workflow.name)} (check ${stamp()})`,
			nodes,
			connections: workflow.connections,
			settings: workflow.settings,
		},
		dropped,
	};
}
