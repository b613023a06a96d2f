/** Simplify of a spam test: the two answer shapes of the sender domain's authentication snapshot. */
import { simplifySpamTest } from '../../nodes/Deliverability/helpers/simplify';

const results = [{ received_in: 'INBOX' }, { received_in: 'PROMOTIONS' }, { received_in: 'SPAM' }, { received_in: null }];

describe('simplifySpamTest', () => {
	it('reads the snapshot from `domain` when the service sends it as an object', () => {
		const out = simplifySpamTest({
			public_id: 'abc',
			completed: false,
			results,
			domain: { domain: 'example.com', spf_valid: true, dkim_valid: false, dmarc_valid: true, mx_records: [] },
		});
		expect(out).toEqual({
			public_id: 'abc',
			completed: false,
			seeds: 4,
			inbox: 1,
			categories: 1,
			spam: 1,
			other: 0,
			missing: 1,
			blacklisted_domain: 0,
			blacklisted_ip: 0,
			domain: 'example.com',
			spf_valid: true,
			dkim_valid: false,
			dmarc_valid: true,
		});
	});

	it('reads it from `domain_auth` next to a domain name, and leaves it out when there is none', () => {
		const auth = simplifySpamTest({ domain: 'example.org', domain_auth: { spf_valid: false, dkim_valid: true, dmarc_valid: false } });
		expect(auth).toMatchObject({ domain: 'example.org', spf_valid: false, dkim_valid: true, dmarc_valid: false });
		const pending = simplifySpamTest({ domain: null, domain_auth: null, results: [] });
		expect(pending).not.toHaveProperty('domain');
		expect(pending).not.toHaveProperty('spf_valid');
	});
});
