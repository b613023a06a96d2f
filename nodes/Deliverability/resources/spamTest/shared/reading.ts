/**
 * One spam test as a point of a trend or a side of a comparison: when it ran, whose it is
 * (automated test, sender, sender domain), and, once it completed with seed results, its inbox
 * share overall and per provider, its final score and its problems with their keys. Read from the
 * simplified spam test, so every number is the one Get shows, kept as counts (copies in the inbox
 * of all copies) so that a trend can pool them and weigh them; a test without seed results has no
 * inbox share (nothing is made up from the score).
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { readNumber } from '../../../../shared/lenient';
import { percentOf, type Count } from '../../../helpers/trend';
import { PROVIDER_NAMES, PROVIDERS, type Placement, type Provider } from './placement';
import { simplifySpamTest } from './simplified';

export interface Reading {
	public_id: string;
	/** Milliseconds since the epoch; undefined when `created_at` is not a date. */
	at: number | undefined;
	created_at: unknown;
	completed: boolean;
	automated_test_id?: number;
	sender?: string;
	domain?: string;
	subject?: string;
	/**
	 * Seed copies in the inbox of all copies, overall: only for a completed test with at least one
	 * seed copy received.
	 */
	inbox?: Count;
	/** The same per provider group with seeds. */
	providers: Partial<Record<Provider, Count>>;
	/** Seed copies in spam, and copies that never arrived, of all copies (with `inbox`). */
	spam?: Count;
	missing?: Count;
	/** The lists the domain and the sending IP are on, by the key of their problem. */
	blacklists: { domain_blacklists: string[]; sending_ip_blacklists: string[] };
	final_score?: number;
	/** The simplified test's ranked `fixes` (`{problem, severity, fix, key}`). */
	fixes: IDataObject[];
}

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

export function readingOf(test: IDataObject): Reading {
	const simple = simplifySpamTest(test);
	const placement = simple.placement as Record<'all' | Provider, Placement> | undefined;
	const received = placement ? placement.all.seeds - placement.all.not_received : 0;
	const usable = simple.completed === true && received > 0 && placement !== undefined;
	const providers: Partial<Record<Provider, Count>> = {};
	if (usable)
		for (const p of PROVIDERS)
			if (placement[p].seeds > 0)
				providers[p] = { part: placement[p].inbox, of: placement[p].seeds };
	const all = usable ? placement.all : undefined;
	const sender = text(test.sender) ?? text(test.account);
	const domain =
		text(simple.domain) ?? (sender?.includes('@') ? sender.split('@').pop() : undefined);
	const created = typeof test.created_at === 'string' ? Date.parse(test.created_at) : NaN;
	const automated = readNumber(test.automated_test_id);
	const lists = simple.blacklists as { domain: string[]; sending_ip: string[] } | undefined;
	return {
		public_id: String(test.public_id ?? ''),
		at: Number.isNaN(created) ? undefined : created,
		created_at: test.created_at,
		completed: simple.completed === true,
		...(automated !== undefined ? { automated_test_id: automated } : {}),
		...(sender ? { sender: sender.toLowerCase() } : {}),
		...(domain ? { domain: domain.toLowerCase() } : {}),
		...(text(test.subject) ? { subject: text(test.subject) } : {}),
		...(all
			? {
					inbox: { part: all.inbox, of: all.seeds },
					spam: { part: all.spam, of: all.seeds },
					missing: { part: all.not_received, of: all.seeds },
				}
			: {}),
		providers,
		blacklists: {
			domain_blacklists: lists?.domain ?? [],
			sending_ip_blacklists: lists?.sending_ip ?? [],
		},
		...(usable && readNumber(test.final_score) !== undefined
			? { final_score: readNumber(test.final_score) }
			: {}),
		fixes: (simple.fixes as IDataObject[] | undefined) ?? [],
	};
}

/**
 * The tests created since `since` (ms; all without it) with their readings, for the reads that
 * place tests in time (Get Trend's window, Compare's latest two). A test without a readable
 * `created_at`, which the service documents on every spam test, is refused in words: left out, it
 * would make the others look like the whole history, and sorted anywhere it would make up an order.
 */
export function readingsSince(
	ctx: IExecuteFunctions,
	itemIndex: number,
	tests: IDataObject[],
	since = -Infinity,
): Array<{ test: IDataObject; reading: Reading }> {
	const read = tests.map((test) => ({ test, reading: readingOf(test) }));
	const undated = read.find(({ reading }) => reading.at === undefined);
	if (undated)
		throw new NodeOperationError(
			ctx.getNode(),
			`The service sent spam test ${undated.reading.public_id || '(without a public_id)'} without a readable created_at (${JSON.stringify(undated.test.created_at ?? null)})`,
			{
				itemIndex,
				description:
					'A trend or a comparison places each spam test in time by its created_at, which the service documents on every spam test, so no trend is given from this answer. This was a read: nothing was changed. Run it again later; if the answer stays the same, tell the service.',
			},
		);
	return read.filter(({ reading }) => reading.at! >= since);
}

/** Seed copies in the inbox as every trend output gives them: `{inbox_percent, inbox, seeds}`. */
export const shown = (c: Count, suffix = ''): IDataObject => ({
	[`inbox_percent${suffix}`]: percentOf(c),
	[`inbox${suffix}`]: c.part,
	[`seeds${suffix}`]: c.of,
});

/** Whether a reading has an inbox share to compare. */
export const hasResults = (r: Reading): boolean => r.inbox !== undefined;

/** A provider's name as a sentence starts with it ("Other providers inbox 40 %"). */
export const PROVIDER_LABELS = Object.fromEntries(
	PROVIDERS.map((p) => [p, PROVIDER_NAMES[p][0].toUpperCase() + PROVIDER_NAMES[p].slice(1)]),
) as Record<Provider, string>;
