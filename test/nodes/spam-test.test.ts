/** Spam test operations through n8n's real engine against the sandbox: create, get (with waiting), getAll, update. */
import nodemailer from 'nodemailer';
import type { IDataObject } from 'n8n-workflow';

import { byId, jsonOf, useSandbox } from './context';

const t = useSandbox();

interface ApiSpamTest extends IDataObject {
	public_id: string;
	public_full_id: string;
	completed: boolean;
	results: Array<{ email: string; received_in: string | null }>;
}

async function credits(): Promise<number> {
	const answer = await t.admin<{ credits: number } | { A: number }>('GET', '/credits');
	return 'credits' in answer ? answer.credits : (answer as { A: number }).A;
}

/** A fresh spam test created directly through the API (not through the node). */
async function newTest(seedlist = 2): Promise<ApiSpamTest> {
	const { status, data } = await t.api<ApiSpamTest>('POST', '/spam_tests', { seedlist });
	expect(status).toBe(201);
	return data;
}

async function sendToSeeds(test: ApiSpamTest, from = 'hello@clean-letters.com'): Promise<void> {
	const transport = nodemailer.createTransport({
		host: '127.0.0.1',
		port: t.sandbox.smtpPort,
		secure: false,
		ignoreTLS: true,
	});
	try {
		await transport.sendMail({
			from,
			to: test.results.map((r) => r.email),
			subject: 'Our spring newsletter',
			text: `Hello!\n\nTracking: ${test.public_full_id}\n`,
		});
	} finally {
		transport.close();
	}
}

/** The execution hints the node left on its output. */
const hintsOf = (result: { run: { data: { resultData: { runData: IDataObject } } } }): string =>
	JSON.stringify(
		(result.run.data.resultData.runData['Node Under Test'] as IDataObject[])[0].hints ?? [],
	);

const spamTestApiRequests = async () =>
	(await t.requests()).filter((r) => r.path.includes('/spam_tests'));

describe('spamTest create', () => {
	it('creates a test on the chosen seedlist, consumes exactly one credit, and returns seed_emails for Send Email', async () => {
		const before = await credits();
		const result = await t.run({
			resource: 'spamTest',
			operation: 'create',
			additionalFields: { seedlist: 3 },
		});
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(out.completed).toBe(false);
		expect(out.seedlist).toBe(3);
		expect(out.public_full_id).toBe(`mlrch-${String(out.public_id)}`);
		const emails = (out.results as IDataObject[]).map((r) => r.email);
		expect(emails).toHaveLength(24);
		expect(out.seed_count).toBe(24);
		expect(out.seed_emails).toBe(emails.join(','));
		expect(String(out.seed_emails)).toMatch(
			/^[^,\s]+@seed3\.sandbox\.test(,[^,\s]+@seed3\.sandbox\.test)*$/,
		);
		expect(await credits()).toBe(before - 1);
		// what to do next: send to seed_emails with public_full_id in the body, then Get with Wait for Completion
		expect(hintsOf(result)).toMatch(/seed_emails.*public_full_id.*Wait for Completion/);

		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({
			method: 'POST',
			path: '/spam_tests',
			body: { seedlist: 3 },
			status: 201,
			headerForm: 'bearer',
		});
	});

	it('sends an empty body without a seedlist (the service default)', async () => {
		const result = await t.run({ resource: 'spamTest', operation: 'create' });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].seed_count).toBe(20);
		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0].body ?? {}).toEqual({});
	});

	it.each([[0], [5], ['two'], [2.5]])(
		'refuses seedlist %p before any request',
		async (seedlist) => {
			const before = await credits();
			const result = await t.run({
				resource: 'spamTest',
				operation: 'create',
				additionalFields: { seedlist },
			});
			expect(result.error?.message).toMatch(/"Additional Fields → Seedlist"/);
			expect(result.error?.context?.itemIndex).toBe(0);
			expect(await t.requests()).toHaveLength(0);
			expect(await credits()).toBe(before);
		},
	);

	it('sends a create hit by a "processed" 500 exactly once: one credit gone, the error says it may have been processed', async () => {
		const before = await credits();
		await t.admin('POST', '/faults', {
			kind: 'processed500',
			method: 'POST',
			path: '/spam_tests',
			count: 1,
		});
		const result = await t.run({ resource: 'spamTest', operation: 'create' });
		expect(result.error).toBeDefined();
		expect(result.error?.message).toMatch(/^The spam test may have been created/);
		const creates = (await t.requests()).filter(
			(r) => r.method === 'POST' && r.path === '/spam_tests',
		);
		expect(creates).toHaveLength(1);
		expect(await credits()).toBe(before - 1);
	});

	it('fails with the service message when the project has no credits left (422)', async () => {
		const result = await t.run(
			{ resource: 'spamTest', operation: 'create' },
			{ apiKey: t.sandbox.apiKeys.B },
		);
		expect(result.error).toBeUndefined();
		await t.run({ resource: 'spamTest', operation: 'create' }, { apiKey: t.sandbox.apiKeys.B });
		await t.run({ resource: 'spamTest', operation: 'create' }, { apiKey: t.sandbox.apiKeys.B });
		const fourth = await t.run(
			{ resource: 'spamTest', operation: 'create' },
			{ apiKey: t.sandbox.apiKeys.B },
		);
		expect(fourth.error?.message).toMatch(/No spam check credits left/);
		expect(fourth.error?.httpCode).toBe('422');
	});
});

describe('spamTest get', () => {
	it('returns the test by public_id', async () => {
		const test = await newTest();
		await t.clearRequests();
		const result = await t.run({
			resource: 'spamTest',
			operation: 'get',
			publicId: byId(test.public_id),
		});
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out.public_id).toBe(test.public_id);
		expect(out.completed).toBe(false);
		expect(hintsOf(result)).toMatch(/not complete yet.*Wait for Completion/);
		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({
			method: 'GET',
			path: `/spam_tests/${test.public_id}`,
			status: 200,
		});
	});

	it("Simplify is on by default (as in n8n's built-in nodes); off returns the raw test", async () => {
		const test = await newTest(1);
		const byDefault = jsonOf(
			await t.run({ resource: 'spamTest', operation: 'get', publicId: byId(test.public_id) }),
		)[0];
		expect(byDefault).toHaveProperty('placement');
		expect(byDefault.results).toBeUndefined();
		const raw = jsonOf(
			await t.run({
				resource: 'spamTest',
				operation: 'get',
				publicId: byId(test.public_id),
				simplify: false,
			}),
		)[0];
		expect(Array.isArray(raw.results)).toBe(true);
		expect(raw.placement).toBeUndefined();
		// Account → Get Many too: tags become names, the warming configuration is left out.
		const [account] = jsonOf(await t.run({ resource: 'account', operation: 'getAll', limit: 1 }));
		expect(account.config_rampup_target).toBeUndefined();
		expect((account.tags as unknown[]).every((tag) => typeof tag === 'string')).toBe(true);
	});

	it('simplifies a completed test to scores, placement and a verdict (the whole shape: spam-test-simplified.test.ts)', async () => {
		const test = await newTest(4);
		await sendToSeeds(test);
		const result = await t.run({
			resource: 'spamTest',
			operation: 'get',
			publicId: byId(test.public_id),
			simplify: true,
		});
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out).toMatchObject({
			public_id: test.public_id,
			completed: true,
			not_received: 0,
			placement: { all: { seeds: 18, not_received: 0 } },
		});
		// the sender's domain and its authentication (clean-letters.com passes SPF, DKIM and DMARC in the sandbox)
		expect(out).toMatchObject({
			domain: 'clean-letters.com',
			authentication: { spf: 'valid', dkim: 'valid', dmarc: 'valid' },
		});
		expect(out.results).toBeUndefined();
		expect(['pass', 'warn', 'fail']).toContain(out.verdict);
		expect(typeof out.score).toBe('number');
		expect(typeof out.final_score).toBe('number');
	});

	it('waits until copies sent by SMTP during the wait complete the test', async () => {
		const test = await newTest(2);
		await t.clearRequests();
		const running = t.run({
			resource: 'spamTest',
			operation: 'get',
			publicId: byId(test.public_id),
			simplify: false,
			waitForCompletion: true,
			pollInterval: 1,
			timeoutMinutes: 0.5,
			onTimeout: 'error',
		});
		await new Promise((resolve) => setTimeout(resolve, 1000));
		await sendToSeeds(test);
		const result = await running;
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out.completed).toBe(true);
		expect(out._waitTimedOut).toBeUndefined();
		expect(typeof out.score).toBe('number');
		expect(typeof out.final_score).toBe('number');
		expect(
			(out.results as IDataObject[]).every(
				(r) => typeof r.received_in === 'string' && r.received_in !== '',
			),
		).toBe(true);
		const polls = (await t.requests()).filter((r) => r.path === `/spam_tests/${test.public_id}`);
		expect(polls.length).toBeGreaterThanOrEqual(2);
		// Stops at the first completed answer: only the last poll saw it.
		expect(polls.every((r) => r.method === 'GET' && r.status === 200)).toBe(true);
	}, 40000);

	it('on timeout returns the last snapshot flagged as not complete when asked to', async () => {
		const test = await newTest();
		const result = await t.run({
			resource: 'spamTest',
			operation: 'get',
			publicId: byId(test.public_id),
			waitForCompletion: true,
			pollInterval: 1,
			timeoutMinutes: 0.03,
			onTimeout: 'returnLast',
		});
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out).toMatchObject({ public_id: test.public_id, completed: false, _waitTimedOut: true });
		expect(hintsOf(result)).toMatch(/Stopped waiting.*last snapshot/);
		expect(out._polls).toBeGreaterThanOrEqual(2);
	});

	it('on timeout fails with a clear error by default', async () => {
		const test = await newTest();
		const result = await t.run({
			resource: 'spamTest',
			operation: 'get',
			publicId: byId(test.public_id),
			waitForCompletion: true,
			pollInterval: 1,
			timeoutMinutes: 0.03,
		});
		expect(result.error?.message).toMatch(/Timed out waiting for spam test/);
		expect(result.error?.description).toMatch(/Timeout \(Minutes\)/);
	});

	it('checks once more at the deadline, even when the poll interval is longer than the timeout', async () => {
		const test = await newTest();
		await t.clearRequests();
		const running = t.run({
			resource: 'spamTest',
			operation: 'get',
			publicId: byId(test.public_id),
			waitForCompletion: true,
			pollInterval: 60,
			timeoutMinutes: 0.02,
		});
		await new Promise((resolve) => setTimeout(resolve, 300));
		await t.admin('POST', `/spam_tests/${test.public_id}/complete`, {});
		const result = await running;
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ public_id: test.public_id, completed: true });
		expect((await spamTestApiRequests()).map((r) => r.method)).toEqual(['GET', 'GET']);
	});

	it('reads Wait for Completion "true" from an expression as on', async () => {
		const test = await newTest();
		const result = await t.run({
			resource: 'spamTest',
			operation: 'get',
			publicId: byId(test.public_id),
			waitForCompletion: '={{ "true" }}',
			pollInterval: 1,
			timeoutMinutes: 0.02,
			onTimeout: 'returnLast',
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ completed: false, _waitTimedOut: true });
	});

	it.each([
		[{ simplify: '={{ "yes" }}' }, /"Simplify".*true or false/],
		[{ waitForCompletion: '={{ 1 }}' }, /"Wait for Completion".*true or false/],
	])('refuses %p before any request', async (parameters, pattern) => {
		const result = await t.run({
			resource: 'spamTest',
			operation: 'get',
			publicId: byId('abc123'),
			...parameters,
		});
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error!.message).toMatch(pattern);
		expect(await t.requests()).toHaveLength(0);
	});

	it('honours Retry-After on a 429 and then returns the test', async () => {
		const test = await newTest();
		await t.clearRequests();
		await t.admin('POST', '/faults', {
			kind: '429',
			method: 'GET',
			path: `/spam_tests/${test.public_id}`,
			count: 1,
			retryAfter: '1',
		});
		const started = Date.now();
		const result = await t.run({
			resource: 'spamTest',
			operation: 'get',
			publicId: byId(test.public_id),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].public_id).toBe(test.public_id);
		expect(Date.now() - started).toBeGreaterThanOrEqual(950);
		const log = (await t.requests()).filter((r) => r.path === `/spam_tests/${test.public_id}`);
		expect(log.map((r) => r.status)).toEqual([429, 200]);
	});

	it("surfaces a 404 for an unknown public_id and a 403 for another project's test", async () => {
		const missing = await t.run({
			resource: 'spamTest',
			operation: 'get',
			publicId: byId('zzzzzzzzzz'),
		});
		expect(missing.error?.httpCode).toBe('404');
		const other = await newTest();
		const forbidden = await t.run(
			{ resource: 'spamTest', operation: 'get', publicId: byId(other.public_id) },
			{ apiKey: t.sandbox.apiKeys.B },
		);
		expect(forbidden.error?.httpCode).toBe('403');
	});

	it.each([
		[
			'an id with a space (from an expression)',
			{ publicId: byId('={{ "abc def" }}') },
			/"Spam Test"/,
		],
		['an empty id (from an expression)', { publicId: byId('={{ "" }}') }, /"Spam Test"/],
		[
			'a poll interval below 1 s',
			{ publicId: byId('abc'), waitForCompletion: true, pollInterval: 0.5 },
			/Poll Interval/,
		],
		[
			'a zero timeout',
			{ publicId: byId('abc'), waitForCompletion: true, timeoutMinutes: 0 },
			/Timeout/,
		],
		[
			'an unknown onTimeout',
			{ publicId: byId('abc'), waitForCompletion: true, onTimeout: 'ignore' },
			/On Timeout/,
		],
	])('refuses %s before any request', async (_label, parameters, message) => {
		const result = await t.run({ resource: 'spamTest', operation: 'get', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(await t.requests()).toHaveLength(0);
	});
});

describe('spamTest getAll', () => {
	it('Limit 15 reads page 0 only, asking per_page 15', async () => {
		const result = await t.run({
			resource: 'spamTest',
			operation: 'getAll',
			returnAll: false,
			limit: 15,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(15);
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(
			true,
		);
		const log = await spamTestApiRequests();
		expect(log.map((r) => [r.query.page, r.query.per_page])).toEqual([['0', '15']]);
		const ids = jsonOf(result).map((x) => x.public_id);
		expect(new Set(ids).size).toBe(15);
	});

	it('Return All reads 36 tests in a page of 100 and confirms the end with page 1 (36 could be a capped page), newest first', async () => {
		const result = await t.run({ resource: 'spamTest', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(36);
		const log = await spamTestApiRequests();
		expect(log.map((r) => [r.query.page, r.query.per_page])).toEqual([
			['0', '100'],
			['1', '100'],
		]);
		const created = jsonOf(result).map((x) => String(x.created_at));
		expect(created).toEqual([...created].sort().reverse());
	});

	it('always sends page, even for a single short page', async () => {
		const result = await t.run({ resource: 'spamTest', operation: 'getAll', limit: 3 });
		expect(result.items).toHaveLength(3);
		const log = await spamTestApiRequests();
		expect(log).toHaveLength(1);
		expect(log[0].query).toEqual({ page: '0', per_page: '3' });
	});

	it('passes filters and sort options with their API names', async () => {
		const result = await t.run({
			resource: 'spamTest',
			operation: 'getAll',
			returnAll: true,
			filters: { automated_test_id: 1, search: '  Weekly  ' },
			options: { order_by: 'score', order: 'asc' },
			simplify: true,
		});
		expect(result.error).toBeUndefined();
		const out = jsonOf(result);
		expect(out.length).toBeGreaterThan(0);
		expect(out.every((x) => x.automated_test_id === 1)).toBe(true);
		expect(out[0].results).toBeUndefined();
		expect(out[0]).toHaveProperty('placement');
		const log = await spamTestApiRequests();
		expect(log[0].query).toEqual({
			page: '0',
			per_page: '100',
			automated_test_id: '1',
			search: 'Weekly',
			order_by: 'score',
			order: 'asc',
		});
	});

	it.each([
		['Options → Order By', { options: { order_by: 'subject' } }],
		['Options → Order', { options: { order: 'up' } }],
		['Filters → Automated Test ID', { filters: { automated_test_id: 'seven' } }],
		['Limit', { limit: 0 }],
	])('refuses a bad %s before any request', async (field, parameters) => {
		const result = await t.run({ resource: 'spamTest', operation: 'getAll', ...parameters });
		expect(result.error?.message).toContain(`"${field}"`);
		expect(await t.requests()).toHaveLength(0);
	});
});

describe('spamTest update', () => {
	it('filters the results for an audience and re-associates the seedlist', async () => {
		const test = await newTest(1);
		await t.clearRequests();
		const result = await t.run({
			resource: 'spamTest',
			operation: 'update',
			publicId: byId(test.public_id),
			updateFields: { type: 'btob', seedlist: 2 },
		});
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out.test_type).toBe('btob');
		expect(out.seedlist).toBe(2);
		const results = out.results as IDataObject[];
		expect(results.length).toBeGreaterThan(0);
		expect(
			results.every((r) => r.desc === 'btob' && String(r.email).endsWith('@seed2.sandbox.test')),
		).toBe(true);
		const log = await t.requests();
		expect(log).toHaveLength(1);
		expect(log[0]).toMatchObject({
			method: 'POST',
			path: `/spam_tests/${test.public_id}`,
			body: { type: 'btob', seedlist: 2 },
			status: 200,
		});
	});

	it('changes only what was set: Seedlist alone keeps the audience type (read first)', async () => {
		const test = await newTest(1);
		await t.api('POST', `/spam_tests/${test.public_id}`, { type: 'btoc' });
		const before = (await t.api<IDataObject>('GET', `/spam_tests/${test.public_id}`)).data;
		expect(before.test_type).toBe('btoc');
		await t.clearRequests();
		const result = await t.run({
			resource: 'spamTest',
			operation: 'update',
			publicId: byId(test.public_id),
			updateFields: { seedlist: 3 },
		});
		expect(result.error).toBeUndefined();
		const after = (await t.api<IDataObject>('GET', `/spam_tests/${test.public_id}`)).data;
		expect(after).toMatchObject({ test_type: 'btoc', seedlist: 3 });
		const log = (await t.requests()).filter((r) => r.path === `/spam_tests/${test.public_id}`);
		expect(log.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
		expect(log[1].body).toEqual({ seedlist: 3, type: 'btoc' });
	});

	it('the trap is real: the sandbox, like the service, refuses an update without type', async () => {
		const test = await newTest(1);
		expect((await t.api('POST', `/spam_tests/${test.public_id}`, { seedlist: 2 })).status).toBe(
			400,
		);
	});

	it('refuses an update with no field before any request', async () => {
		const result = await t.run({
			resource: 'spamTest',
			operation: 'update',
			publicId: byId('abcdefghij'),
			updateFields: {},
		});
		expect(result.error?.message).toMatch(/Update Fields/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('takes the type from an expression value', async () => {
		const test = await newTest(1);
		await t.clearRequests();
		const result = await t.run(
			{
				resource: 'spamTest',
				operation: 'update',
				publicId: byId('={{ $json.id }}'),
				updateFields: { type: '={{ $json.audience }}' },
			},
			{ input: [{ id: test.public_id, audience: 'btoc' }] },
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].test_type).toBe('btoc');
		expect((await t.requests())[0].body).toEqual({ type: 'btoc' });
	});

	it.each([
		['Update Fields → Audience Type', { updateFields: { type: 'b2b' } }],
		['Update Fields → Audience Type', { updateFields: { type: '={{ "" }}' } }],
		['Update Fields → Seedlist', { updateFields: { type: 'all', seedlist: 0 } }],
		['Update Fields → Seedlist', { updateFields: { type: 'all', seedlist: 7 } }],
	])('refuses a bad %s before any request', async (field, parameters) => {
		const result = await t.run({
			resource: 'spamTest',
			operation: 'update',
			publicId: byId('abcdefghij'),
			...parameters,
		});
		expect(result.error?.message).toContain(`"${field}"`);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(await t.requests()).toHaveLength(0);
	});

	it('with Continue On Fail, a bad item yields an error item and the others go on', async () => {
		const test = await newTest(1);
		await t.clearRequests();
		const result = await t.run(
			{
				resource: 'spamTest',
				operation: 'update',
				publicId: byId('={{ $json.id }}'),
				updateFields: { type: '={{ $json.audience }}' },
			},
			{
				input: [
					{ id: test.public_id, audience: 'all' },
					{ id: test.public_id, audience: 'nobody' },
					{ id: 'zzzzzzzzzz', audience: 'all' },
				],
				continueOnFail: true,
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const out = jsonOf(result);
		expect(out[0].test_type).toBe('all');
		expect(String(out[1].error)).toMatch(/"Update Fields → Audience Type"/);
		expect(out[2].httpCode).toBe('404');
		expect((await t.requests()).map((r) => r.status)).toEqual([200, 404]);
	});
});
