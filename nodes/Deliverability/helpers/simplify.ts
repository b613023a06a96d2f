/** Narrow views of wide responses, for the Simplify switch. Fields absent in the answer stay absent. */
import type { IDataObject } from 'n8n-workflow';

function pick(source: IDataObject, keys: string[]): IDataObject {
	const out: IDataObject = {};
	for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
	return out;
}

export function simplifyAccount(account: IDataObject): IDataObject {
	const out = pick(account, [
		'id',
		'email',
		'first_name',
		'last_name',
		'provider',
		'alive',
		'suspended',
		'warming_enabled',
		'spamchecker_enabled',
		'score',
		'imap_issue',
	]);
	if (Array.isArray(account.tags)) out.tags = (account.tags as IDataObject[]).map((t) => t.name);
	return out;
}

const INBOX = ['INBOX', 'PERSONAL', 'IMPORTANT'];
const CATEGORIES = ['PROMOTION', 'PROMOTIONS', 'SOCIAL', 'UPDATES', 'FORUMS'];

/** Spam test: scores, placement counts by group, blacklist counts, authentication validity. */
export function simplifySpamTest(test: IDataObject): IDataObject {
	const out = pick(test, [
		'public_id',
		'public_full_id',
		'completed',
		'test_type',
		'score',
		'btob_score',
		'btoc_score',
		'final_score',
		'seedlist',
		'created_at',
		'automated_test_id',
		'sending_provider',
	]);
	const counts = { inbox: 0, categories: 0, spam: 0, other: 0, missing: 0 };
	const results = Array.isArray(test.results) ? (test.results as IDataObject[]) : [];
	for (const r of results) {
		const folder = typeof r.received_in === 'string' ? r.received_in.toUpperCase() : '';
		if (!folder) counts.missing++;
		else if (INBOX.includes(folder)) counts.inbox++;
		else if (CATEGORIES.includes(folder)) counts.categories++;
		else if (folder === 'SPAM') counts.spam++;
		else counts.other++;
	}
	Object.assign(out, { seeds: results.length, ...counts });
	out.blacklisted_domain = Array.isArray(test.blacklist_links) ? test.blacklist_links.length : 0;
	out.blacklisted_ip = Array.isArray(test.blacklist_sending_ip) ? test.blacklist_sending_ip.length : 0;
	// The sender domain's SPF/DKIM/DMARC snapshot: `domain` itself when the service sends it as an object, else a
	// companion object (`domain_auth`, as the sandbox sends it next to the domain name).
	const auth = [test.domain, test.domain_auth].find(
		(value): value is IDataObject => value !== null && typeof value === 'object' && !Array.isArray(value),
	);
	const domainName = typeof test.domain === 'string' ? test.domain : auth?.domain;
	if (domainName !== undefined && domainName !== null) out.domain = domainName;
	if (auth) Object.assign(out, pick(auth, ['spf_valid', 'dkim_valid', 'dmarc_valid']));
	return out;
}
