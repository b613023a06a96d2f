/**
 * Spam Test → Get through n8n's real engine against the sandbox: the test by public_id, Simplify (its whole shape:
 * simplified.test.ts), waiting through the one wait loop until copies sent by SMTP complete it, timeouts, 429, errors.
 */
import type { IDataObject } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { byId, hintsOf, jsonOf, parametersOf, useSandbox } from '../context';
import { spamTestsIn } from '../../support/spam-tests';

const t = useSandbox();
const { newTest, sendTo } = spamTestsIn(t);

const spamTest = parametersOf('spamTest');

/** Spam Test → Get of the test with this public_id (as typed in the picker's ID mode), with `more` parameters. */
const get = (publicId: string, more: IDataObject = {}) =>
	spamTest('get', { publicId: byId(publicId), ...more });

const spamTestApiRequests = async () =>
	(await t.requests()).filter((r) => r.path.includes('/spam_tests'));

describe('spamTest get', () => {
	it('returns the test by public_id', async () => {
		const test = await newTest();
		await t.clearRequests();
		const result = await t.run(get(test.public_id));
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out.public_id).toBe(test.public_id);
		expect(out.completed).toBe(false);
		expect(hintsOf(result)).toContainEqual(
			expect.stringMatching(/not complete yet.*Wait for Completion/),
		);
		expect(await t.onlyRequest()).toMatchObject({
			method: 'GET',
			path: `/spam_tests/${test.public_id}`,
			status: 200,
		});
	});

	it("Simplify is on by default (as in n8n's built-in nodes); off returns the raw test", async () => {
		const test = await newTest(1);
		const byDefault = jsonOf(await t.run(get(test.public_id)))[0];
		expect(byDefault).toHaveProperty('placement');
		expect(byDefault.results).toBeUndefined();
		const raw = jsonOf(await t.run(get(test.public_id, { simplify: false })))[0];
		expect(Array.isArray(raw.results)).toBe(true);
		expect(raw.placement).toBeUndefined();
		// Mailbox → Get Many too: tags become names, the warming configuration is left out.
		const [account] = jsonOf(await t.run({ resource: 'account', operation: 'getAll', limit: 1 }));
		expect(account.config_rampup_target).toBeUndefined();
		expect((account.tags as unknown[]).every((tag) => typeof tag === 'string')).toBe(true);
	});

	it('refuses a public_full_id (mlrch-…) before any request, naming the field and the fix; the editor flags it too', async () => {
		const test = await newTest();
		await t.clearRequests();
		const result = await t.run(get('={{ $json.full }}'), {
			input: [{ full: test.public_full_id }],
		});
		expect(test.public_full_id).toBe(`mlrch-${test.public_id}`);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error!.message).toBe(
			`Invalid "Spam Test": "${test.public_full_id}" is a public_full_id (the tracking id for the message body), not the public_id`,
		);
		expect(result.error!.description).toBe(
			`Give the public_id: "${test.public_id}", without the "mlrch-" prefix (from Spam Test → Create, map {{ $json.public_id }}). Nothing was sent to the service.`,
		);
		expect(await t.requests()).toEqual([]);

		// Typed in the picker's By ID mode, n8n itself refuses to run the node, with the same fix.
		await expect(t.run(get(test.public_full_id))).rejects.toThrow(
			/Not a valid ID \(a public_full_id\? Leave out its "mlrch-" prefix\)/,
		);
		expect(await t.requests()).toEqual([]);
		const picker = new Deliverability().description.properties.find((p) => p.name === 'publicId')!;
		const byIdMode = picker.modes!.find((m) => m.name === 'id')!;
		const rule = byIdMode.validation![0] as unknown as {
			properties: { regex: string; errorMessage: string };
		};
		const accepts = (text: string) => new RegExp(rule.properties.regex).test(text);
		expect([accepts(test.public_id), accepts(test.public_full_id), accepts('MLRCH-abc')]).toEqual([
			true,
			false,
			false,
		]);
		expect(rule.properties.errorMessage).toMatch(/public_full_id\? Leave out its "mlrch-" prefix/);
	});

	it('simplifies a completed test to scores, placement and a verdict (the whole shape: simplified.test.ts)', async () => {
		const test = await newTest(4);
		await sendTo(test, 'hello@clean-letters.com', { subject: 'Our spring newsletter' });
		const result = await t.run(get(test.public_id, { simplify: true }));
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
		const running = t.run(
			get(test.public_id, {
				simplify: false,
				waitForCompletion: true,
				pollInterval: 1,
				timeoutMinutes: 0.5,
				onTimeout: 'error',
			}),
		);
		await new Promise((resolve) => setTimeout(resolve, 1000));
		await sendTo(test, 'hello@clean-letters.com', { subject: 'Our spring newsletter' });
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
		const result = await t.run(
			get(test.public_id, {
				waitForCompletion: true,
				pollInterval: 1,
				timeoutMinutes: 0.03,
				onTimeout: 'returnLast',
			}),
		);
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out).toMatchObject({ public_id: test.public_id, completed: false, _waitTimedOut: true });
		expect(hintsOf(result)).toContainEqual(expect.stringMatching(/Stopped waiting.*last snapshot/));
		expect(out._polls).toBeGreaterThanOrEqual(2);
	});

	it('on timeout fails with a clear error by default', async () => {
		const test = await newTest();
		const result = await t.run(
			get(test.public_id, { waitForCompletion: true, pollInterval: 1, timeoutMinutes: 0.03 }),
		);
		expect(result.error?.message).toMatch(/Timed out waiting for spam test/);
		expect(result.error?.description).toMatch(/Timeout \(Minutes\)/);
	});

	it('checks once more at the deadline, even when the poll interval is longer than the timeout', async () => {
		const test = await newTest();
		await t.clearRequests();
		const running = t.run(
			get(test.public_id, { waitForCompletion: true, pollInterval: 60, timeoutMinutes: 0.02 }),
		);
		await new Promise((resolve) => setTimeout(resolve, 300));
		await t.admin('POST', `/spam_tests/${test.public_id}/complete`, {});
		const result = await running;
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ public_id: test.public_id, completed: true });
		expect((await spamTestApiRequests()).map((r) => r.method)).toEqual(['GET', 'GET']);
	});

	it('reads Wait for Completion "true" from an expression as on', async () => {
		const test = await newTest();
		const result = await t.run(
			get(test.public_id, {
				waitForCompletion: '={{ "true" }}',
				pollInterval: 1,
				timeoutMinutes: 0.02,
				onTimeout: 'returnLast',
			}),
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ completed: false, _waitTimedOut: true });
	});

	it.each([
		[{ simplify: '={{ "yes" }}' }, /"Simplify".*true or false/],
		[{ waitForCompletion: '={{ 1 }}' }, /"Wait for Completion".*true or false/],
	])('refuses %p before any request', async (parameters, pattern) => {
		const result = await t.run(get('abc123', parameters));
		await t.expectRefused(result, pattern);
	});

	it('honours Retry-After on a 429 and then returns the test', async () => {
		const test = await newTest();
		await t.clearRequests();
		await t.fault('429', `GET /spam_tests/${test.public_id}`, { retryAfter: '1' });
		const started = Date.now();
		const result = await t.run(get(test.public_id));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].public_id).toBe(test.public_id);
		expect(Date.now() - started).toBeGreaterThanOrEqual(950);
		const log = (await t.requests()).filter((r) => r.path === `/spam_tests/${test.public_id}`);
		expect(log.map((r) => r.status)).toEqual([429, 200]);
	});

	it("surfaces a 404 for an unknown public_id and a 403 for another project's test", async () => {
		const missing = await t.run(get('zzzzzzzzzz'));
		expect(missing.error?.httpCode).toBe('404');
		const other = await newTest();
		const forbidden = await t.run(get(other.public_id), { apiKey: t.sandbox.apiKeys.B });
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
		const result = await t.run(spamTest('get', { ...parameters }));
		expect(result.error?.message).toMatch(message);
		expect(await t.requests()).toHaveLength(0);
	});
});
