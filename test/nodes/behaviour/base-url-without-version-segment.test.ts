/**
 * A Base URL without the version segment /api/v1 is named as such by every operation before any request. Sent
 * anyway, each path would land beside the API, and the service's "not found" would read as a wrong ID ("Nothing
 * exists at this ID") on a node run; the credential test is not run before a workflow. A Base URL ending in /api/v1/
 * (trailing slash) keeps working.
 */
import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { runNode } from '../../../support/harness';
import {
	operationsOf,
	parametersFor,
	sampleCredentials,
	sampleIds,
	type Ids,
} from '../../../support/output-schemas';
import { byId, useSandbox } from '../context';
import { ListSearchProbe } from '../fixtures/ListSearchProbe.node';

const t = useSandbox({ resetEachTest: false });
const nodeType = new Deliverability();
const MESSAGE = 'The Base URL in the credential does not end in /api/v1';

let ids: Ids;
beforeAll(async () => {
	await t.admin('POST', '/reset');
	ids = await sampleIds(t.sandbox);
});

/** The sandbox's address with its path replaced (`''`: the bare host, as a user might paste it). */
const at = (path: string) => t.sandbox.baseUrl.replace(/\/api\/v1$/, path);

function run(resource: string, operation: string, baseUrl: string) {
	return runNode({
		nodeType,
		parameters: parametersFor(nodeType.description, resource, operation, ids),
		credentials: sampleCredentials(`${resource}.${operation}`, {
			apiKey: t.sandbox.apiKeys.A,
			baseUrl,
			headerForm: 'bearer',
		}),
	});
}

describe('a Base URL without /api/v1', () => {
	it.each(operationsOf(nodeType.description).map((o) => [o.resource, o.operation]))(
		'%s → %s says so, sending nothing',
		async (resource, operation) => {
			await t.clearRequests();
			const result = await run(resource, operation, at(''));
			expect(result.error?.name).toBe('NodeOperationError');
			expect(result.error?.message).toBe(MESSAGE);
			expect(result.error?.description).toMatch(
				/set Base URL to the service address ending in the version segment \/api\/v1, e\.g\. https:\/\/api\.example\.com\/api\/v1\. Nothing was sent/,
			);
			expect(await t.requests()).toEqual([]);
		},
	);

	it.each([['/api'], ['/v1'], ['/api/v1/accounts'], ['/app']])(
		'%s is named the same way (Mailbox → Get)',
		async (path) => {
			const result = await run('account', 'get', at(path));
			expect(result.error?.message).toBe(MESSAGE);
		},
	);

	it('an id picker says so too', async () => {
		const result = await runNode({
			nodeType: new ListSearchProbe(),
			parameters: { method: 'searchAccounts', filter: '', paginationToken: '' },
			credentials: {
				deliverabilityApi: { apiKey: t.sandbox.apiKeys.A, baseUrl: at('/'), headerForm: 'bearer' },
			},
		});
		expect(result.error?.message).toBe(MESSAGE);
	});

	it('with continueOnFail the item carries the same words', async () => {
		const result = await runNode({
			nodeType,
			parameters: { resource: 'account', operation: 'get', accountId: byId(ids.accountId) },
			continueOnFail: true,
			credentials: {
				deliverabilityApi: { apiKey: t.sandbox.apiKeys.A, baseUrl: at(''), headerForm: 'bearer' },
			},
		});
		expect(result.items[0].json.error).toBe(MESSAGE);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});
});

describe('a Base URL ending in /api/v1', () => {
	it.each([['/api/v1'], ['/api/v1/'], ['/api/v1//']])('%s works', async (path) => {
		const result = await run('account', 'get', ` ${at(path)} `);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.id).toBe(ids.accountId);
	});
});
