/**
 * Every operation of the action node reports a service error the same way, proven on each one (the operations are
 * read from the built node, so a new one is covered without being listed): run with its sample parameters
 * (support/output-schemas.ts) and a key the service refuses, it fails with a NodeApiError carrying the service's
 * status and message after one request (a 4xx is not retried); with Continue On Fail it gives one error item,
 * paired with its input item, instead. Each operation's own errors (bad input, its 404s and 422s) are tested in its
 * file, test/nodes/<resource>/<operation>.test.ts.
 */
import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { operationsOf, sampleIds } from '../../../support/output-schemas';
import { useSandbox } from '../context';

const { description } = new Deliverability();
const t = useSandbox({ accounts: 30 });

describe('every operation reports the service error', () => {
	it.each(operationsOf(description).map((o) => [o.resource, o.operation]))(
		"%s → %s: a refused key is the service's 401 in its words, or an error item paired with its input",
		async (resource, operation) => {
			const ids = await sampleIds(t.sandbox);
			const refused = { apiKey: 'dummy-key-refused' };
			await t.clearRequests();

			const failed = await t.runSample(resource, operation, ids, refused);
			expect(failed.error?.name).toBe('NodeApiError');
			expect(failed.error!.httpCode).toBe('401');
			expect(failed.error!.message).toMatch(/Invalid API key/);
			expect(failed.items).toHaveLength(0);
			expect((await t.requests()).map((r) => r.status)).toEqual([401]);

			const continued = await t.runSample(resource, operation, ids, {
				...refused,
				continueOnFail: true,
			});
			expect(continued.error).toBeUndefined();
			expect(continued.items).toHaveLength(1);
			expect(continued.items[0].json).toEqual(
				expect.objectContaining({
					error: expect.stringMatching(/Invalid API key/),
					httpCode: '401',
				}),
			);
			expect(continued.items[0].pairedItem).toEqual({ item: 0 });
		},
	);
});
