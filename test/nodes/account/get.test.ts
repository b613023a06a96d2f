/**
 * Mailbox → Get through n8n's real engine against the sandbox: the single form with Simplify off, the id picker's
 * modes, and Simplify (on by default): disconnected, paused and warming, a verdict with reasons in words.
 * Seed facts (sandbox/BEHAVIOUR.md): imap_issue on ids 13, 38, …; paused (alive false) on 17, 34, …; suspended 33, 73.
 */
import type { IDataObject } from 'n8n-workflow';

import { simplifyAccount } from '../../../nodes/Deliverability/resources/account/shared/simplified';
import { byId, expectValidationError, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 40 });

const account = parametersOf('account');

async function raw(id: number): Promise<IDataObject> {
	return (await t.api<IDataObject>('GET', `/accounts/${id}`)).data;
}

describe('account get', () => {
	it('with Simplify off returns the single form with domain and per-provider scores', async () => {
		const result = await t.run(account('get', { accountId: byId(1), simplify: false }));
		expect(result.error).toBeUndefined();
		const [a] = jsonOf(result);
		expect(a.id).toBe(1);
		expect(a.email).toMatch(/^john\.doe\+promo@/);
		expect(a.domain).toEqual(expect.objectContaining({ domain: expect.any(String) }));
		expect(a.score_gmail).toEqual(expect.any(Number));
		const requests = await t.requests();
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			expect.stringMatching(/^GET .*\/accounts\/1$/),
		]);
	});

	it('accepts the list mode of the locator and an ID with spaces', async () => {
		const fromList = await t.run(
			account('get', { accountId: { __rl: true, mode: 'list', value: '2' } }),
		);
		expect(jsonOf(fromList)[0].id).toBe(2);
		const spaced = await t.run(account('get', { accountId: byId(' 3 ') }));
		expect(jsonOf(spaced)[0].id).toBe(3);
	});

	it('rejects an ID that is not a whole number before any request', async () => {
		const result = await t.run(account('get', { accountId: byId('={{ "abc" }}') }));
		expectValidationError(result, /"Mailbox"/);
		expect(await t.requests()).toHaveLength(0);
	});
});

describe('account simplified', () => {
	it('Get (Simplify on by default): a disconnected account fails, with the reason in words', async () => {
		const result = await t.run({ resource: 'account', operation: 'get', accountId: byId(13) });
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		const source = await raw(13);
		expect(out).toMatchObject({
			id: 13,
			email: source.email,
			score: source.score,
			score_gmail: source.score_gmail,
			imap_issue: true,
			disconnected: true,
			paused: source.alive === false,
			warming_enabled: source.warming_enabled,
			domain: (source.domain as IDataObject).domain,
			verdict: 'fail',
		});
		expect(out.problems).toContain(
			'Disconnected: the service cannot reach the mailbox over IMAP/SMTP (reconnect it)',
		);
		expect(out.verdict_reason).toMatch(/^Disconnected/);
		expect(out.config_rampup_target).toBeUndefined();
	});

	it('Get with Simplify off gives the whole account as sent', async () => {
		const [out] = jsonOf(
			await t.run({ resource: 'account', operation: 'get', accountId: byId(13), simplify: false }),
		);
		expect(out).toEqual(await raw(13));
	});

	it('reads flags and scores sent as text; a healthy connected account passes', () => {
		expect(
			simplifyAccount({
				id: 1,
				score: '91',
				alive: '1',
				imap_issue: 'false',
				warming_enabled: 'true',
				suspended: 0,
			}),
		).toEqual({
			id: 1,
			score: 91,
			alive: true,
			suspended: false,
			warming_enabled: true,
			imap_issue: false,
			disconnected: false,
			paused: false,
			verdict: 'pass',
			verdict_reason: 'Reputation score 91 (pass at 80 or more), connected, warming',
			problems: [],
		});
		expect(simplifyAccount({ id: 2, score: 65 })).toMatchObject({
			verdict: 'warn',
			problems: ['Reputation score 65 is below 80'],
		});
	});
});
