/**
 * The domain simplifier on its own, with answers the sandbox does not send: the verdict at and around the score
 * thresholds, expiry (expired, due soon, far off), the pass reason naming only the records the service said are
 * valid, authentication in words from what was sent, and MX records. Through n8n's engine against the sandbox:
 * getAll.test.ts.
 */
import { DateTime, Settings } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { DOMAIN_FIXES } from '../../../nodes/Deliverability/resources/domain/shared/fixes';
import {
	authenticationOf,
	authProblems,
	DOMAIN_THRESHOLDS,
	simplifyDomain,
	UNSCORED_REASON,
} from '../../../nodes/Deliverability/resources/domain/shared/simplified';

const now = DateTime.fromISO('2026-01-01T12:00:00Z', { zone: 'utc' });
const allValid = { spf_valid: true, dkim_valid: true, dmarc_valid: true };
const simplify = (domain: IDataObject, thresholds = DOMAIN_THRESHOLDS) =>
	simplifyDomain(domain, thresholds, now);

describe('the verdict at the score thresholds (pass at 70, warn from 50)', () => {
	it('exactly 70 passes; 69.9 warns; exactly 50 warns; 49.9 fails', () => {
		expect(simplify({ avg_score: 70, ...allValid })).toMatchObject({
			verdict: 'pass',
			verdict_reason: 'SPF, DKIM and DMARC valid, average score 70 (pass at 70 or more)',
			problems: [],
		});
		expect(simplify({ avg_score: 69.9, ...allValid })).toMatchObject({
			verdict: 'warn',
			verdict_reason: 'Average score 69.9 is below 70',
			problems: ['Average score 69.9 is below 70'],
		});
		expect(simplify({ avg_score: 50, ...allValid })).toMatchObject({
			verdict: 'warn',
			verdict_reason: 'Average score 50 is below 70',
		});
		expect(simplify({ avg_score: 49.9, ...allValid })).toMatchObject({
			verdict: 'fail',
			verdict_reason: 'Average score 49.9 is below 50',
			problems: ['Average score 49.9 is below 50'],
		});
	});

	it('thresholds of its own: Warn At Score equal to Pass At Score passes at it and fails below, never warns', () => {
		const same = { passAt: 60, warnAt: 60, expiryWarnDays: 30 };
		expect(simplify({ avg_score: 60 }, same).verdict).toBe('pass');
		expect(simplify({ avg_score: 59 }, same)).toMatchObject({
			verdict: 'fail',
			verdict_reason: 'Average score 59 is below 60',
		});
	});

	it('a failing record fails a domain whatever its score, and the reason lists fails before warnings', () => {
		expect(
			simplify({
				avg_score: 60,
				spf_valid: true,
				dkim_valid: false,
				dkim_value: 'v=DKIM1; p=',
				dmarc_valid: false,
				dmarc_value: ' ',
			}),
		).toMatchObject({
			verdict: 'fail',
			verdict_reason: 'DKIM record not valid; DMARC record missing; average score 60 is below 70',
			problems: ['DKIM record not valid', 'DMARC record missing', 'Average score 60 is below 70'],
		});
	});
});

describe('the DKIM fix', () => {
	const dkimFix = (domain: IDataObject) =>
		String(((simplify(domain).fixes as IDataObject[]).find((f) => f.key === 'dkim') ?? {}).fix);

	it('names the selector the service reported, and a placeholder when it reported none', () => {
		const invalid = { avg_score: 80, domain: 'acme.test', spf_valid: true, dmarc_valid: true };
		expect(
			dkimFix({ ...invalid, dkim_valid: false, dkim_value: 'v=DKIM1; p=', dkim_selector: 's1' }),
		).toContain('as one record at s1._domainkey.acme.test starting with v=DKIM1');
		expect(
			dkimFix({ ...invalid, dkim_valid: false, dkim_value: '', dkim_selector: 'google' }),
		).toContain('a public key to publish at google._domainkey.acme.test');
		expect(
			dkimFix({ ...invalid, dkim_valid: false, dkim_value: '', dkim_selector: ' ' }),
		).toContain('a public key to publish at <selector>._domainkey.acme.test');
		expect(dkimFix({ ...invalid, dkim_valid: false, dkim_value: '', dkim_selector: 7 })).toContain(
			'a public key to publish at <selector>._domainkey.acme.test',
		);
	});
});

describe('expiry', () => {
	it('an expired domain fails, however good its score, saying how long ago', () => {
		expect(
			simplify({ avg_score: 95, ...allValid, expire_at: '2025-12-21T12:00:00Z' }),
		).toMatchObject({
			expires_in_days: -11,
			verdict: 'fail',
			verdict_reason: 'The domain expired 11 days ago',
			problems: ['The domain expired 11 days ago'],
		});
		expect(simplify({ avg_score: 95, expire_at: '2026-01-01T00:00:00Z' })).toMatchObject({
			expires_in_days: -1,
			verdict: 'fail',
			verdict_reason: 'The domain expired 1 day ago',
		});
	});

	it('expiring within 30 days warns (30 included, 1 day in the singular); later passes', () => {
		expect(simplify({ avg_score: 95, expire_at: '2026-01-31T12:00:00Z' })).toMatchObject({
			expires_in_days: 30,
			verdict: 'warn',
			verdict_reason: 'The domain expires in 30 days',
		});
		expect(simplify({ avg_score: 95, expire_at: '2026-01-02T13:00:00Z' })).toMatchObject({
			expires_in_days: 1,
			verdict_reason: 'The domain expires in 1 day',
		});
		expect(simplify({ avg_score: 95, expire_at: '2026-02-01T12:00:00Z' })).toMatchObject({
			expires_in_days: 31,
			verdict: 'pass',
		});
		expect(simplify({ avg_score: 95, expire_at: '2026-01-01T13:00:00Z' })).toMatchObject({
			expires_in_days: 0,
			verdict: 'warn',
			verdict_reason: 'The domain expires in 0 days',
		});
	});

	it('an expiry date that is not a date is kept as sent but not judged', () => {
		const out = simplify({ avg_score: 95, expire_at: 'soon' });
		expect(out).toMatchObject({ expire_at: 'soon', verdict: 'pass' });
		expect(out).not.toHaveProperty('expires_in_days');
		expect(simplify({ avg_score: 95, expire_at: 1767225600 })).not.toHaveProperty(
			'expires_in_days',
		);
	});

	it('an expiry sent as a number is not judged, even one that reads as a date (20261231)', () => {
		const out = simplify({ avg_score: 95, expire_at: 20261231 });
		expect(out).toMatchObject({ expire_at: 20261231, verdict: 'pass' });
		expect(out).not.toHaveProperty('expires_in_days');
	});

	it("a date without a time is a UTC date, whatever the machine's time zone", () => {
		const machineZone = Settings.defaultZone;
		try {
			Settings.defaultZone = 'Pacific/Kiritimati'; // UTC+14: its midnight is 10:00 UTC the day before
			expect(simplify({ avg_score: 95, expire_at: '2026-01-11' }).expires_in_days).toBe(9);
		} finally {
			Settings.defaultZone = machineZone;
		}
	});

	it('without a date to compare with, it uses the current time', () => {
		const inTenDays = DateTime.utc().plus({ days: 10, hours: 1 }).toISO();
		expect(simplifyDomain({ avg_score: 95, expire_at: inTenDays }).expires_in_days).toBe(10);
	});
});

describe('the pass reason', () => {
	it('names only the records the service said are valid', () => {
		expect(simplify({ avg_score: 80 }).verdict_reason).toBe(
			'Average score 80 (pass at 70 or more)',
		);
		expect(simplify({ avg_score: 80, spf_valid: true }).verdict_reason).toBe(
			'SPF valid, average score 80 (pass at 70 or more)',
		);
		expect(simplify({ avg_score: 80, spf_valid: true, dmarc_valid: 'true' }).verdict_reason).toBe(
			'SPF and DMARC valid, average score 80 (pass at 70 or more)',
		);
	});
});

describe('the fields', () => {
	it('keeps what the service sent, score and change read from text, and nothing it did not send', () => {
		expect(
			simplify({
				id: 3,
				domain: 'a.example',
				avg_score: '75',
				score_change: '-2',
				spf_value: 'v=spf1 -all',
				dkim_value: 'v=DKIM1; p=x',
				dkim_selector: 's1',
				dmarc_value: 'v=DMARC1; p=none',
				last_check_at: '2025-12-31',
			}),
		).toStrictEqual({
			id: 3,
			domain: 'a.example',
			scored: true,
			score: 75,
			score_change: -2,
			spf_value: 'v=spf1 -all',
			dkim_value: 'v=DKIM1; p=x',
			dkim_selector: 's1',
			dmarc_value: 'v=DMARC1; p=none',
			last_check_at: '2025-12-31',
			verdict: 'pass',
			verdict_reason: 'Average score 75 (pass at 70 or more)',
			problems: [],
			fixes: [],
		});
	});

	it('no score: not scored, with the reason, pending unless something fails', () => {
		expect(UNSCORED_REASON).toMatch(/^The service has no average score for this domain yet \(/);
		expect(simplify({ avg_score: 'n/a' })).toStrictEqual({
			scored: false,
			unscored_reason: UNSCORED_REASON,
			verdict: 'pending',
			verdict_reason: 'No average score yet',
			problems: ['No average score yet'],
			fixes: [
				{
					problem: 'No average score yet',
					severity: 'low',
					fix: DOMAIN_FIXES.unscored,
					key: 'score',
				},
			],
		});
		expect(simplify({ spf_valid: false }).verdict).toBe('fail');
	});

	it('SPF, DKIM and DMARC in words are fields of the domain, each only when derivable', () => {
		expect(
			simplify({ avg_score: 80, spf_valid: true, dkim_valid: false, dkim_value: '' }),
		).toMatchObject({ spf: 'valid', dkim: 'missing' });
		expect(simplify({ avg_score: 80, spf_valid: true })).not.toHaveProperty('dmarc');
	});

	it('MX records: triples become named fields (priority a number when it is one), objects pass as sent', () => {
		expect(
			simplify({
				avg_score: 90,
				mx_records: [['mx1.example', '192.0.2.1', '10'], ['mx2.example'], { host: 'mx3' }],
			}).mx_records,
		).toEqual([
			{ host: 'mx1.example', ip: '192.0.2.1', priority: 10 },
			{ host: 'mx2.example', ip: null, priority: null },
			{ host: 'mx3' },
		]);
		expect(simplify({ avg_score: 90, mx_records: 'mx1' })).not.toHaveProperty('mx_records');
	});
});

describe('authentication in words', () => {
	it('valid when the service says so; missing for no record text; invalid for a refused record or no text to tell', () => {
		expect(
			authenticationOf({
				spf_valid: '1',
				dkim_valid: 'false',
				dkim_value: '',
				dmarc_valid: false,
			}),
		).toEqual({ spf: 'valid', dkim: 'missing', dmarc: 'invalid' });
		expect(authenticationOf({ spf_valid: false, spf_value: 'v=spf1 ~all' })).toEqual({
			spf: 'invalid',
		});
		expect(authenticationOf({ spf_value: null })).toEqual({ spf: 'missing' });
		expect(authenticationOf({ dkim_value: 'v=DKIM1' })).toBeUndefined();
		expect(authenticationOf({})).toBeUndefined();
	});

	it('problems only for records that are not valid, none without authentication', () => {
		expect(authProblems({ spf: 'valid', dkim: 'missing', dmarc: 'invalid' })).toEqual([
			'DKIM record missing',
			'DMARC record not valid',
		]);
		expect(authProblems(undefined)).toEqual([]);
		expect(authProblems({})).toEqual([]);
	});
});

describe('the fixes, worst first', () => {
	const ranked = (out: IDataObject) =>
		(out.fixes as IDataObject[]).map((f) => [f.severity, f.key, f.fix]);

	it('expired critical, a failing score and SPF/DKIM high, DMARC medium; each with its fix for this domain', () => {
		const out = simplify({
			domain: 'a.example',
			avg_score: 10,
			dkim_valid: false,
			dmarc_valid: false,
			expire_at: '2025-12-01T00:00:00Z',
		});
		expect(ranked(out)).toEqual([
			['critical', 'expiry', DOMAIN_FIXES.expired],
			['high', 'dkim', expect.stringContaining('._domainkey.a.example')],
			['high', 'score', DOMAIN_FIXES.scoreLow],
			['medium', 'dmarc', expect.stringContaining('_dmarc.a.example')],
		]);
	});

	it('a domain name that is not text is not written into a fix: it names "your sending domain"', () => {
		const [fix] = simplify({ domain: 7, avg_score: 80, dkim_valid: false }).fixes as IDataObject[];
		expect(fix.fix).toContain('._domainkey.your sending domain');
	});

	it('a score that only warns and an expiry coming up are medium', () => {
		expect(
			ranked(simplify({ avg_score: 60, expire_at: '2026-01-10T12:00:00Z' })).map(
				([s, k]) => `${s} ${k}`,
			),
		).toEqual(['medium score', 'medium expiry']);
		expect(ranked(simplify({ avg_score: 60, expire_at: '2026-01-10T12:00:00Z' }))[1][2]).toBe(
			DOMAIN_FIXES.expiring,
		);
	});
});
