/**
 * Mailbox → Reconnect through n8n's real engine against the sandbox: the request it sends, waiting for the account
 * through the one wait loop, a retry after a 5xx, validation with zero requests, and the service's 404.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, hintsOf, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 40 });

const account = parametersOf('account');

/** Mailbox → Reconnect of the mailbox with this id (as typed in the picker's ID mode), with `more` parameters. */
const reconnect = (id: number | string, more: IDataObject = {}) =>
	account('reconnect', { accountId: byId(id), ...more });

/** Wait for Completion, asking every second for three seconds. */
const briefWait = { waitForCompletion: true, pollInterval: 1, timeoutMinutes: 0.05 };

describe('account reconnect', () => {
	it('without waiting: POST /accounts/{id}/reconnect with no body, returns {account_id, queued, job_id} in words and a hint', async () => {
		const result = await t.run(reconnect(13));
		expect(result.error).toBeUndefined();
		const job = expect.stringMatching(/^[0-9a-f-]{36}$/);
		expect(jsonOf(result)).toEqual([
			{
				account_id: 13,
				queued: true,
				job_id: job,
				outcome: 'queued',
				message: expect.stringMatching(
					/^Reconnect of mailbox 13 queued \(job [0-9a-f-]{36}\): check imap_issue with Mailbox → Get later/,
				),
			},
		]);
		const [request] = await t.requests();
		expect(`${request.method} ${request.path}`).toBe('POST /accounts/13/reconnect');
		expect(request.body).toBeNull();
		expect(hintsOf(result)).toContainEqual(expect.stringMatching(/Wait for Completion/));

		const raw = await t.run(reconnect(13, { simplify: false }));
		expect(jsonOf(raw)).toEqual([{ account_id: 13, queued: true, job_id: job }]);
	});

	it('waiting: polls GET /accounts/{id} until imap_issue is false and returns the fresh account', async () => {
		await t.admin('POST', '/settings', { reconnectDelayMs: 1500 });
		const result = await t.run(
			reconnect(13, {
				simplify: true,
				waitForCompletion: true,
				pollInterval: 1,
				timeoutMinutes: 1,
			}),
		);
		expect(result.error).toBeUndefined();
		const [a] = jsonOf(result);
		expect(a).toEqual(
			expect.objectContaining({
				id: 13,
				imap_issue: false,
				reconnected: true,
				job_id: expect.any(String),
			}),
		);
		expect(a.config_rampup_target).toBeUndefined(); // simplified
		const paths = await t.calls();
		expect(paths[0]).toBe('POST /accounts/13/reconnect');
		expect(paths.slice(1).every((p) => p === 'GET /accounts/13')).toBe(true);
		expect(paths.length).toBeGreaterThanOrEqual(3); // still disconnected at first, then reconnected
	});

	it('waiting on a broken account: On Timeout "Return Last Snapshot" gives the account still disconnected, flagged', async () => {
		await t.admin('POST', '/settings', { reconnectDelayMs: 0 });
		await t.admin('POST', '/accounts/38/broken', {});
		const result = await t.run(reconnect(38, { ...briefWait, onTimeout: 'returnLast' }));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual(
			expect.objectContaining({
				id: 38,
				imap_issue: true,
				reconnected: false,
				_waitTimedOut: true,
			}),
		);
	});

	it('waiting on a broken account fails by default after the timeout, naming the rule', async () => {
		await t.admin('POST', '/accounts/38/broken', {});
		const result = await t.run(reconnect(38, briefWait));
		expect(result.error?.message).toMatch(
			/Timed out waiting for mailbox 38 to reconnect \(imap_issue false\)/,
		);
	});

	it('is retried after a 5xx (a repeat only queues another attempt), unlike a create', async () => {
		await t.fault('503', 'POST /accounts/13/reconnect');
		const result = await t.run(reconnect(13));
		expect(result.error).toBeUndefined();
		expect((await t.requests()).map((r) => r.status)).toEqual([503, 201]);
	});

	it('rejects a bad id or wait option before any request; reports an unknown account (404)', async () => {
		const bad = await t.run(reconnect('={{ "x" }}', { waitForCompletion: true, pollInterval: 0 }));
		expect(bad.error?.message).toMatch(/2 invalid fields: "Mailbox".*"Poll Interval \(Seconds\)"/);
		expect(await t.requests()).toHaveLength(0);
		const missing = await t.run(reconnect(99999));
		expect(missing.error?.httpCode).toBe('404');
	});
});
