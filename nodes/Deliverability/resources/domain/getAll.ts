import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { listFrom, type AnswerFact } from '../../../shared/transport';
import type { Validator } from '../../../shared/validation';
import { collectionOf, outputFields, returnAllAndLimit } from '../../descriptions/common';
import { ORDERS, orderOption } from '../../descriptions/fields';
import type { Item } from '../../helpers/item';
import { outputView, shaped } from '../../helpers/output';
import { ifGiven } from '../../helpers/params';
import { DOMAIN_THRESHOLDS, simplifyDomain } from './simplified';

export const operation = {
	name: 'Get Many',
	action: 'Get many domains',
	description:
		'List the sending domains of the project (one item per domain), with a health verdict',
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

/** What the answer must be (checked by the transport before anything becomes an item). */
export const answer: AnswerFact = {
	shape: 'list',
	what: 'the domains ({domains: [...]})',
	wrapper: 'domains',
};

/**
 * GET /projects/domains is not paginated: the whole list comes at once (`{domains: [...]}`, a bare array is
 * accepted too), and Return All / Limit are applied here. Every domain of the answer is kept: the spec says the
 * service leaves out the ones without a score, and one that comes anyway is marked `scored: false` with the reason.
 */
export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject[]> {
	const v = item.fields;
	const options = item.collection('options');
	const { order, limit, view } = v.all({
		order: ifGiven(options.order, (value) => v.oneOf('order', value, ORDERS)),
		limit: () => item.limit(),
		// The thresholds are read only for the Simplified output (they shape nothing else).
		view: () => {
			const output = outputView(this, item);
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
	const all = domainsFrom(body);
	const domains = limit === undefined ? all : all.slice(0, limit);
	return domains.map((d) =>
		shaped(d, view.output, (record) => simplifyDomain(record, view.thresholds), ['id', 'domain']),
	);
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
