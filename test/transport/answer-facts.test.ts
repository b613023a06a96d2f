// An operation's answer fact as the transport reads it: a fact naming one of the usual wrappers (`results`) reads
// every valid page, and a fact declared wrongly is reported as the code's mistake (before anything is sent), never
// as the service's.
import { runNode } from '../../support/harness';
import { TransportProbe } from './fixtures/TransportProbe.node';
import { useScriptedServer } from './scripted-server';

const { server, baseUrl } = useScriptedServer();

async function probe(parameters: Record<string, string | number>) {
	const run = await runNode({
		nodeType: new TransportProbe(),
		parameters,
		credentials: {
			deliverabilityApi: { apiKey: 'dummy-key-0b5e21', baseUrl: baseUrl(), headerForm: 'bearer' },
		},
	});
	const error = run.error as unknown as { message?: string; description?: string } | undefined;
	return { ...run, said: `${error?.message ?? ''} ${error?.description ?? ''}` };
}

const fact = (declared: object) => JSON.stringify(declared);

describe('a list fact naming a usual wrapper', () => {
	it.each(['data', 'items', 'results'])(
		'wrapper "%s": a valid page reads as its list (the array is counted once)',
		async (wrapper) => {
			server.reply([{ status: 200, body: { [wrapper]: [{ id: 1 }, { id: 2 }], total: 2 } }]);
			const run = await probe({
				path: '/reports',
				answer: fact({ shape: 'list', what: 'a list of reports', wrapper }),
			});
			expect(run.error).toBeUndefined();
			// The probe hands a single request's list back as one item.
			expect(run.items.map((i) => i.json)).toEqual([[{ id: 1 }, { id: 2 }]]);
		},
	);

	it('the same through a page-numbered walk: every page read, every item once', async () => {
		server.reply([
			{ status: 200, body: { results: [{ id: 1 }, { id: 2 }] } },
			{ status: 200, body: { results: [{ id: 3 }] } },
		]);
		const run = await probe({
			mode: 'all',
			path: '/reports',
			pageSize: 2,
			answer: fact({ shape: 'list', what: 'a list of reports', wrapper: 'results' }),
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((i) => i.json.id)).toEqual([1, 2, 3]);
	});
});

describe('a fact declared wrongly points at the fact', () => {
	it.each([
		[
			{ shape: 'object', what: 'a report', wrapper: 'reports' },
			"wrapper applies to lists only, and its shape is 'object'",
		],
		[
			{ shape: 'list', what: 'a list of reports', keys: ['id'] },
			"keys apply to objects only, and its shape is 'list'",
		],
		[
			{ shape: 'list', what: 'a list of reports', wrapper: 'reports[]' },
			'its wrapper "reports[]" is not a field name',
		],
	])('%j: refused before any request, as a mistake in the code', async (declared, mistake) => {
		server.reply([]);
		const run = await probe({ path: '/reports', answer: fact(declared) });
		expect(run.error?.name).toBe('NodeOperationError');
		expect(run.said).toContain(`The answer fact of Probe → Read is declared wrongly: ${mistake}`);
		expect(run.said).toContain("A mistake in the node's code");
		expect(run.said).not.toContain('the service answered');
		expect(server.requests).toHaveLength(0);
	});

	it('a wrapper the service does not use: the error names the key the list came under and the fact', async () => {
		server.reply([{ status: 200, body: { reports: [{ id: 1 }] } }]);
		const run = await probe({
			path: '/reports',
			answer: fact({ shape: 'list', what: 'a list of reports', wrapper: 'report' }),
		});
		expect(run.error?.name).toBe('NodeApiError');
		expect(run.said).toContain(
			'an object where a list is due (its only list is under "reports", a key the operation\'s answer fact does not name as its wrapper)',
		);
	});
});
