/**
 * 500 account updates at the service's 20 requests a second: this node (paced) against HTTP Request with its
 * defaults and with Batching 20 items / 1000 ms.
 */
import { CRED, httpRequest, ours, trigger, workflow, type Scenario, type Server } from './scenario';

const ids500 = {
	name: 'Ids',
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	parameters: {
		jsCode: 'return Array.from({ length: 500 }, (_, i) => ({ json: { id: i + 1 } }));',
	},
};

function updateScenario(name: string, baseUrl: string, server: Server): Scenario {
	const body = { config_rampup_target: 20 };
	return {
		name,
		accounts: 10_000,
		server,
		kind: 'update',
		floorMs: 25_000,
		variants: [
			{
				label: 'this node (20/s)',
				node: 'Update',
				workflow: workflow(`${name} ours`, [
					trigger,
					ids500,
					ours(
						'Update',
						{
							resource: 'account',
							operation: 'update',
							accountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
							updateFields: body,
						},
						CRED.paced,
					),
				]),
			},
			...[
				['HTTP Request (defaults)', {}],
				[
					'HTTP Request (batching 20 / 1 s)',
					{ batching: { batch: { batchSize: 20, batchInterval: 1000 } } },
				],
			].map(([label, options]) => ({
				label: label as string,
				node: 'Update',
				workflow: workflow(`${name} ${String(label)}`, [
					trigger,
					ids500,
					httpRequest('Update', baseUrl, {
						method: 'POST',
						url: '/accounts/{{ $json.id }}',
						sendBody: true,
						specifyBody: 'json',
						jsonBody: JSON.stringify(body),
						options,
					}),
				]),
			})),
		],
	};
}

export function updates(baseUrl: string): Scenario[] {
	return [
		updateScenario('500 updates, 150 ms, 20/s window', baseUrl, {
			latencyMs: 150,
			perSecond: 20,
			perPageMode: 'honour',
		}),
		updateScenario('500 updates, 20 ms, 20/s window', baseUrl, {
			latencyMs: 20,
			perSecond: 20,
			perPageMode: 'honour',
		}),
	];
}
