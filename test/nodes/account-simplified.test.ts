/**
 * Account Simplify through n8n's real engine against the sandbox: Get Many and Get give the reputation score,
 * disconnected (Get only: the list form has no imap_issue), paused and warming, and a verdict with reasons in words.
 * Seed facts (sandbox/BEHAVIOUR.md): imap_issue on ids 13, 38, …; paused (alive false) on 17, 34, …; suspended 33, 73.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	REPUTATION,
	simplifyAccount,
} from '../../nodes/Deliverability/resources/account/simplified';
import { byId, jsonOf, useSandbox } from './context';

const t = useSandbox({ accounts: 40 });

async function raw(id: number): Promise<IDataObject> {
	return (await t.api<IDataObject>('GET', `/accounts/${id}`)).data;
}

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
			warming: source.warming_enabled,
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

	it('Get Many (Simplify on by default): paused and suspended accounts are flagged; no disconnected in the list form', async () => {
		const items = jsonOf(
			await t.run({
				resource: 'account',
				operation: 'getAll',
				returnAll: true,
				filters: { include_spamchecker: true },
			}),
		);
		const byAccount = new Map(items.map((a) => [a.id as number, a]));
		expect(byAccount.get(17)).toMatchObject({ paused: true, alive: false });
		expect(byAccount.get(17)!.problems).toContain('Paused: no warming or spam tests run');
		expect(['warn', 'fail']).toContain(byAccount.get(17)!.verdict);
		expect(byAccount.get(33)).toMatchObject({ suspended: true, verdict: 'fail' });
		expect(items.every((a) => !('disconnected' in a))).toBe(true);
		for (const a of items) {
			const score = a.score as number;
			const expected =
				a.suspended || a.paused || score < REPUTATION.passAt
					? a.suspended || score < REPUTATION.warnAt
						? 'fail'
						: 'warn'
					: 'pass';
			expect([a.id, a.verdict]).toEqual([a.id, expected]);
			if (expected === 'pass')
				expect(a.verdict_reason).toBe(
					`Reputation score ${score} (pass at 80 or more)${a.warming ? ', warming' : ''}`,
				);
		}
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
			warming: true,
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
