/**
 * One spam test as a point of a trend or a side of a comparison: when it ran, whose it is
 * (automated test, sender, sender domain), and, once it completed with seed results, its inbox
 * share overall and per provider, its final score and its problems with their keys. Read from the
 * simplified spam test, so every number is the one Get shows; a test without seed results has no
 * inbox share (nothing is made up from the score).
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { readNumber } from '../../../../shared/lenient';
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
	/** Only for a completed test with at least one seed copy received. */
	inbox_percent?: number;
	providers: Partial<Record<Provider, number>>;
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
	const usable = simple.completed === true && received > 0;
	const providers: Partial<Record<Provider, number>> = {};
	if (usable && placement)
		for (const p of PROVIDERS)
			if (placement[p].seeds > 0 && placement[p].inbox_percent !== null)
				providers[p] = placement[p].inbox_percent;
	const sender = text(test.sender) ?? text(test.account);
	const domain =
		text(simple.domain) ?? (sender?.includes('@') ? sender.split('@').pop() : undefined);
	const created = typeof test.created_at === 'string' ? Date.parse(test.created_at) : NaN;
	const automated = readNumber(test.automated_test_id);
	return {
		public_id: String(test.public_id ?? ''),
		at: Number.isNaN(created) ? undefined : created,
		created_at: test.created_at,
		completed: simple.completed === true,
		...(automated !== undefined ? { automated_test_id: automated } : {}),
		...(sender ? { sender: sender.toLowerCase() } : {}),
		...(domain ? { domain: domain.toLowerCase() } : {}),
		...(text(test.subject) ? { subject: text(test.subject) } : {}),
		...(usable && placement?.all.inbox_percent != null
			? { inbox_percent: placement.all.inbox_percent }
			: {}),
		providers,
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

/** Whether a reading has an inbox share to compare. */
export const hasResults = (r: Reading): boolean => r.inbox_percent !== undefined;

/** A provider's name as a sentence starts with it ("Other providers inbox 40 %"). */
export const PROVIDER_LABELS = Object.fromEntries(
	PROVIDERS.map((p) => [p, PROVIDER_NAMES[p][0].toUpperCase() + PROVIDER_NAMES[p].slice(1)]),
) as Record<Provider, string>;
