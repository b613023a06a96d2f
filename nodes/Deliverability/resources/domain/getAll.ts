import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { listFrom, type AnswerFact } from '../../../shared/transport';
import { PAGE_SIZES } from '../../../shared/pageSizes';
import type { Validator } from '../../../shared/validation';
import type { Item } from '../../helpers/item';
import { collectionOf, ifGiven } from '../../params/collections';
import { orderOption, ORDERS } from '../../params/fields';
import { returnAllAndLimit } from '../../params/list';
import { outputFields, shaped } from '../../params/output';
import { ACCOUNT_LIST } from '../account/shared/accountList';
import { DOMAIN_THRESHOLDS, simplifyDomain, UNSCORED_REASON } from './shared/simplified';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Get Many',
	action: 'Get many domains',
	description:
		'List the sending domains of the project (one item per domain), with a health verdict',
};

export const builder: BuilderFacts = {
	returns: 'one item per sending domain',
	fields: {
		id: '',
		domain: '',
		verdict: 'pass, warn, fail or pending',
		verdict_reason: 'in words',
		spf: 'in words, likewise dkim and dmarc',
		dkim: '',
		dmarc: '',
		score: '',
		expires_in_days: '',
		problems: '',
	},
};

export const description: INodeProperties[] = [
	...returnAllAndLimit(),
	...outputFields({
		simplify:
			'Whether to give each domain as verdict (pass, warn, fail, or pending without a score), reasons, SPF/DKIM/DMARC as valid/invalid/missing, score, days to expiry and named MX fields, instead of the raw answer',
		simplified:
			'Each domain with a verdict (pass, warn, fail, or pending without a score), reasons, SPF/DKIM/DMARC as valid/invalid/missing, score, days to expiry and named MX fields',
		kept: 'id (and domain)',
		example: 'avg_score, spf_valid, dmarc_valid',
	}),
	collectionOf('options', [
		{
			displayName: 'Expiry Warning (Days)',
			name: 'expiryWarnDays',
			type: 'number',
			default: 30,
			description:
				'Simplify: a domain that expires within this many days (0 to 3650) gets the verdict warn',
		},
		{
			displayName: 'Include Unscored Domains of My Mailboxes',
			name: 'includeUnscored',
			type: 'boolean',
			default: false,
			description:
				"Whether to also read the project's mailboxes (all of them, spam-test-only ones included) and add each domain they use that the service has not scored yet (it lists a domain only once it has a score), marked scored: false. Every domain then says how many mailboxes use it (mailboxes).",
		},
		{
			displayName: 'Pass At Score',
			name: 'passAt',
			type: 'number',
			default: 70,
			description:
				'Simplify: the average score (0 to 100) at or above which a domain passes, if its records are valid',
		},
		{
			displayName: 'Warn At Score',
			name: 'warnAt',
			type: 'number',
			default: 50,
			description:
				'Simplify: the average score (0 to 100) at or above which a domain below Pass At Score warns; below it fails',
		},
		orderOption({
			displayName: 'Order by Average Score',
			labels: ['Ascending (Lowest First)', 'Descending (Highest First)'],
			default: 'asc',
			description:
				'Sort by average score. Without it, domains come in the order they were first connected.',
		}),
	]),
];

/** The domains of the answer: `{domains: [...]}` as the spec says, or a bare array. */
export function domainsFrom(body: unknown): IDataObject[] {
	if (
		body &&
		typeof body === 'object' &&
		!Array.isArray(body) &&
		Array.isArray((body as IDataObject).domains)
	) {
		return (body as IDataObject).domains as IDataObject[];
	}
	return listFrom(body);
}

const answer: AnswerFact = {
	shape: 'list',
	what: 'the domains ({domains: [...]})',
	wrapper: 'domains',
};

/**
 * GET /projects/domains is not paginated: the whole list comes at once (`{domains: [...]}`, a bare
 * array is accepted too), and Return All / Limit are applied here. Every domain of the answer is
 * kept: the spec says the service leaves out the ones without a score, and one that comes anyway is
 * marked `scored: false` with the reason.
 */
export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject[]> {
	const v = item.fields;
	const options = item.collection('options');
	const { order, limit, view, includeUnscored } = v.all({
		order: ifGiven(options.order, (value) => v.oneOf('order', value, ORDERS)),
		includeUnscored: () =>
			options.includeUnscored === undefined
				? false
				: v.boolean('includeUnscored', options.includeUnscored),
		limit: () => item.limit(),
		// The thresholds are read only for the Simplified output (they shape nothing else).
		view: () => {
			const output = item.output();
			return {
				output,
				thresholds:
					output.mode === 'simple' ? domainThresholds(v, options) : { ...DOMAIN_THRESHOLDS },
			};
		},
	});
	const qs: IDataObject = order === undefined ? {} : { order };
	const body = await item.request({
		method: 'GET',
		path: '/projects/domains',
		qs,
		kind: 'read',
		answer,
	});
	const listed = domainsFrom(body);
	const all = includeUnscored ? withMailboxDomains(listed, await mailboxDomains(item)) : listed;
	const domains = limit === undefined ? all : all.slice(0, limit);
	// The domains added from the mailboxes stay marked (scored: false) whatever fields are selected.
	const kept = includeUnscored ? ['id', 'domain', 'scored'] : ['id', 'domain'];
	return domains.map((d) => {
		const out = shaped(d, view.output, (record) => simplifyDomain(record, view.thresholds), kept);
		if (view.output.mode === 'simple' && d.mailboxes !== undefined) out.mailboxes = d.mailboxes;
		return out;
	});
}

/** The domain of an address (lower case), or undefined when it has none. */
function domainOf(email: unknown): string | undefined {
	if (typeof email !== 'string') return undefined;
	const at = email.lastIndexOf('@');
	const domain =
		at < 0
			? ''
			: email
					.slice(at + 1)
					.trim()
					.toLowerCase();
	return domain === '' ? undefined : domain;
}

/**
 * How many of the project's mailboxes use each domain, in the order the domains first appear: every
 * account (spam-test-only ones included), its domain read from its address (the list form carries
 * no `domain`).
 */
async function mailboxDomains(item: Item): Promise<Map<string, number>> {
	const accounts = await item.requestAll({
		path: '/accounts',
		qs: { include_spamchecker: true },
		pageSize: PAGE_SIZES.accounts,
		answer: ACCOUNT_LIST,
	});
	const counts = new Map<string, number>();
	for (const account of accounts) {
		const domain = domainOf(account.email);
		if (domain) counts.set(domain, (counts.get(domain) ?? 0) + 1);
	}
	return counts;
}

/**
 * The listed domains, each with the number of mailboxes using it, then every domain of the
 * mailboxes the answer does not list (the service leaves out domains without a score), marked
 * `scored: false` with the reason.
 */
function withMailboxDomains(listed: IDataObject[], inUse: Map<string, number>): IDataObject[] {
	const seen = new Set<string>();
	const out: IDataObject[] = listed.map((d) => {
		const name = typeof d.domain === 'string' ? d.domain.trim().toLowerCase() : '';
		seen.add(name);
		return { ...d, mailboxes: inUse.get(name) ?? 0 };
	});
	for (const [domain, mailboxes] of inUse) {
		if (seen.has(domain)) continue;
		out.push({ domain, scored: false, unscored_reason: UNSCORED_REASON, mailboxes });
	}
	return out;
}

/** The Simplify thresholds from the Options collection, checked (warn not above pass). */
function domainThresholds(v: Validator, options: IDataObject): typeof DOMAIN_THRESHOLDS {
	const or = (value: unknown, fallback: number, check: (value: unknown) => number) => () =>
		value === undefined ? fallback : check(value);
	const thresholds = v.all({
		passAt: or(options.passAt, DOMAIN_THRESHOLDS.passAt, (value) =>
			v.integer('passAt', value, 0, 100),
		),
		warnAt: or(options.warnAt, DOMAIN_THRESHOLDS.warnAt, (value) =>
			v.integer('warnAt', value, 0, 100),
		),
		expiryWarnDays: or(options.expiryWarnDays, DOMAIN_THRESHOLDS.expiryWarnDays, (value) =>
			v.integer('expiryWarnDays', value, 0, 3650),
		),
	});
	if (thresholds.warnAt > thresholds.passAt)
		v.invalid('warnAt', `${thresholds.warnAt} is above Pass At Score (${thresholds.passAt})`);
	return thresholds;
}
