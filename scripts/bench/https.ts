/**
 * Return All over 10,000 accounts, pacer off, by the same node and workflow over HTTP and over HTTPS (a sandbox with
 * a certificate from a CA made for the run, which n8n trusts through NODE_EXTRA_CA_CERTS), interleaved.
 */
import { CRED, ours, trigger, workflow, type Scenario, type Server } from './scenario';

function tlsScenario(name: string, server: Server): Scenario {
	const list = (credential: string) =>
		ours(
			'List',
			{ resource: 'account', operation: 'getAll', returnAll: true, simplify: false },
			credential,
		);
	return {
		name,
		accounts: 10_000,
		server,
		kind: 'list',
		tlsPair: true,
		variants: [
			{
				label: 'this node over HTTP (pacer off)',
				node: 'List',
				workflow: workflow(`${name} http`, [trigger, list(CRED.unpaced)]),
			},
			{
				label: 'this node over HTTPS (pacer off)',
				node: 'List',
				overTls: true,
				workflow: workflow(`${name} https`, [trigger, list(CRED.unpacedTls)]),
			},
		],
	};
}

export function httpsPairs(): Scenario[] {
	return [
		tlsScenario('10k over HTTPS and HTTP, 0 ms, no limit', {
			latencyMs: 0,
			perSecond: null,
			perPageMode: 'honour',
		}),
		tlsScenario('10k over HTTPS and HTTP, 20 ms, no limit', {
			latencyMs: 20,
			perSecond: null,
			perPageMode: 'honour',
		}),
	];
}
