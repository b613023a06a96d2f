/**
 * Each problem of a spam test with its fix, ranked worst first (the `fixes` of the simplified output): the standard
 * records (RFC 7208/6376/7489) with the sender's domain filled in, the blacklists' own removal procedures, and the
 * steps that depend on the user's mail service said to depend on it.
 */
import type { IDataObject } from 'n8n-workflow';

import { simplifySpamTest } from '../../../nodes/Deliverability/resources/spamTest/shared/simplified';
import { jsonOf, useSandbox } from '../context';

const t = useSandbox();

const completeFrom = async (sender: string): Promise<IDataObject> => {
	const { data } = await t.api<{ public_id: string }>('POST', '/spam_tests', { seedlist: 1 });
	await t.admin('POST', `/spam_tests/${data.public_id}/complete`, { sender });
	const [out] = jsonOf(
		await t.run({
			resource: 'spamTest',
			operation: 'get',
			publicId: { __rl: true, mode: 'id', value: data.public_id },
		}),
	);
	return out;
};

describe('spam test fixes', () => {
	it('a spammy sender: every problem once, worst first, the fixes naming its domain and the lists’ own procedures', async () => {
		const out = await completeFrom('deals@spammy-offers.biz');
		const fixes = out.fixes as IDataObject[];
		expect(fixes.map((f) => f.key)).toEqual([
			'placement',
			'domain_blacklists',
			'sending_ip_blacklists',
			'spf',
			'dkim',
			'spam_copies',
			'dmarc',
			'spam_words',
		]);
		expect(fixes.map((f) => f.severity)).toEqual([
			'critical',
			'critical',
			'critical',
			'high',
			'high',
			'high',
			'medium',
			'medium',
		]);
		// The same problems as `problems`, in words, only ranked.
		expect([...fixes.map((f) => f.problem)].sort()).toEqual([...(out.problems as string[])].sort());
		const fixOf = (key: string) => String(fixes.find((f) => f.key === key)?.fix);
		expect(fixOf('dmarc')).toContain('TXT record at _dmarc.spammy-offers.biz: v=DMARC1; p=none;');
		expect(fixOf('spf')).toContain('TXT record at spammy-offers.biz that starts with v=spf1');
		expect(fixOf('spf')).toContain("that service's own setup guide");
		expect(fixOf('dkim')).toContain('<selector>._domainkey.spammy-offers.biz');
		expect(fixOf('dkim')).toContain('depends on your mail service');
		expect(fixOf('domain_blacklists')).toContain(
			'dbl.spamhaus.org: look it up at https://check.spamhaus.org/',
		);
		expect(fixOf('domain_blacklists')).toContain(
			'multi.uribl.com: look it up and request removal at https://admin.uribl.com/',
		);
		expect(fixOf('sending_ip_blacklists')).toContain(
			'zen.spamhaus.org: look it up at https://check.spamhaus.org/',
		);
		expect(fixOf('sending_ip_blacklists')).toContain(
			'b.barracudacentral.org: request removal at https://www.barracudacentral.org/rbl/removal-request',
		);
		expect(fixOf('sending_ip_blacklists')).toContain('the IP is theirs');
		expect(fixOf('placement')).toMatch(
			/^Inbox placement was lowest at (Gmail|Outlook|Yahoo) \(\d+ % inbox\)/,
		);
		expect(fixOf('spam_words')).toContain('free, winner, act now');
	});

	it('a clean sender that passes has no fixes', async () => {
		const out = await completeFrom('hello@clean-letters.com');
		expect(out.verdict).toBe('pass');
		expect(out.fixes).toEqual((out.problems as string[]).length ? expect.any(Array) : []);
		expect((out.fixes as IDataObject[]).every((f) => f.severity !== 'critical')).toBe(true);
	});

	it('a list without a known procedure says to use its own website; SpamCop says its listings expire', () => {
		const out = simplifySpamTest({
			completed: true,
			blacklist_links: ['bl.spamcop.net', 'rbl.example.org'],
			blacklist_sending_ip: [],
		});
		const [fix] = out.fixes as IDataObject[];
		expect(fix).toMatchObject({ key: 'domain_blacklists', severity: 'critical' });
		expect(fix.fix).toContain('bl.spamcop.net: SpamCop has no removal request');
		expect(fix.fix).toContain(
			"rbl.example.org: follow the removal procedure on that list's own website",
		);
	});

	it('an invalid record gets the correction, not the first setup; without a domain name it says "your sending domain"', () => {
		const out = simplifySpamTest({
			completed: true,
			domain_auth: {
				spf_valid: false,
				spf_value: 'v=spf1 a v=spf1 mx',
				dkim_valid: true,
				dmarc_valid: true,
			},
		});
		const [fix] = out.fixes as IDataObject[];
		expect(fix).toMatchObject({ key: 'spf', problem: 'SPF record not valid', severity: 'high' });
		expect(fix.fix).toContain('Check the TXT records at your sending domain');
		expect(fix.fix).toContain('at most 10 DNS lookups');
	});
});
