/**
 * A mailbox's warming messages of two periods, counted from the four landing category graphs
 * (GET /conversation_message_logs/{id}/sent/categories/graph/{INBOX|CATEGORIES|SPAM|OTHERS},
 * `past_days` = 2 × Days − 1, the newest day last): sent, in the inbox and in spam, the last Days
 * against the Days before. A graph that is not whole gives no counts, only why (a share of some of
 * the days would be made up).
 */
import { DateTime } from 'luxon';
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import type { Item } from '../../../helpers/item';
import { given } from '../../../params/collections';
import { GRAPH, labelDate } from './graphDays';

export const CATEGORIES = ['INBOX', 'CATEGORIES', 'SPAM', 'OTHERS'] as const;

/** One period's warming messages: sent, and of them in the inbox and in spam. */
export interface Period {
	sent: number;
	inbox: number;
	spam: number;
}

export type Periods = { now: Period; before: Period } | { gaps: string[] };

/** A day's count as the graph gives it: a whole number from 0 (or its text), else undefined. */
function countOf(value: unknown): number | undefined {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** The sum of a period's days, from index `from` to before `to` (every count read by `gap`). */
const sum = (values: unknown[], from: number, to: number): number =>
	values.slice(from, to).reduce((total: number, value) => total + countOf(value)!, 0);

/**
 * Why a graph cannot give both periods, in words (undefined when it can): too few days, a day
 * without a count, or labels that skip a day (when every label of the periods is a date).
 */
function gap(
	category: string,
	graph: IDataObject,
	days: number,
	today: DateTime,
): string | undefined {
	const data = graph.data as unknown[];
	const labels = Array.isArray(graph.labels) ? (graph.labels as unknown[]) : [];
	if (data.length < 2 * days)
		return `the ${category} graph has ${data.length} day${data.length === 1 ? '' : 's'} of the ${2 * days} needed`;
	const first = data.length - 2 * days;
	const at = data.slice(first).findIndex((value) => countOf(value) === undefined);
	if (at >= 0) {
		const day = typeof labels[first + at] === 'string' ? ` for ${String(labels[first + at])}` : '';
		return `the ${category} graph has no count${day} (${JSON.stringify(data[first + at] ?? null)})`;
	}
	if (labels.length !== data.length) return undefined;
	const dates = labels.slice(first).map((label) => labelDate(label, today));
	if (dates.some((d) => d === null)) return undefined;
	const skip = dates.findIndex(
		(d, i) =>
			i > 0 && DateTime.fromISO(d!).diff(DateTime.fromISO(dates[i - 1]!), 'days').days !== 1,
	);
	return skip > 0
		? `the ${category} graph skips from ${String(labels[first + skip - 1])} to ${String(labels[first + skip])}`
		: undefined;
}

/** The four graphs of an account, as the service sent them (for Output Raw Answer too). */
export async function warmingGraphs(
	item: Item,
	id: number,
	days: number,
	provider: string | undefined,
): Promise<IDataObject[]> {
	const graphs: IDataObject[] = [];
	for (const category of CATEGORIES)
		graphs.push(
			await item.request({
				method: 'GET',
				path: `/conversation_message_logs/${id}/sent/categories/graph/${category}`,
				qs: given({ past_days: 2 * days - 1, provider }),
				answer: GRAPH,
			}),
		);
	return graphs;
}

/** The two periods' counts of the four graphs, or why they cannot be counted. */
export function periodsOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	id: number,
	graphs: IDataObject[],
	days: number,
): Periods {
	// A graph without its list of days is not a graph: no trend is made up from it.
	const unreadable = graphs.findIndex((g) => !Array.isArray(g.data));
	if (unreadable >= 0)
		throw new NodeOperationError(
			ctx.getNode(),
			`The service's ${CATEGORIES[unreadable]} graph of mailbox ${id} has no list of daily counts (data: ${JSON.stringify(graphs[unreadable].data ?? null)})`,
			{
				itemIndex,
				description:
					'Get Warming Trend adds up the daily counts of the four landing category graphs. This was a read: nothing was changed. Run it again later; if the answer stays the same, tell the service.',
			},
		);
	// The newest day is last in each graph; the periods are counted back from it, so the graphs
	// must end on the same day.
	const today = DateTime.now().setZone(ctx.getTimezone());
	const ends = graphs.map((g) => (Array.isArray(g.labels) ? g.labels[g.labels.length - 1] : null));
	const apart =
		ends.every((e) => typeof e === 'string') &&
		new Set(ends.map((e) => labelDate(e, today) ?? e)).size > 1;
	const gaps = apart
		? [`the graphs end on different days (${ends.join(', ')})`]
		: graphs.flatMap((g, n) => gap(CATEGORIES[n], g, days, today) ?? []);
	if (gaps.length) return { gaps };
	const totals = graphs.map((g) => {
		const data = g.data as unknown[];
		return {
			now: sum(data, data.length - days, data.length),
			before: sum(data, data.length - 2 * days, data.length - days),
		};
	});
	const period = (when: 'now' | 'before'): Period => ({
		sent: totals.reduce((a, t) => a + t[when], 0),
		inbox: totals[0][when],
		spam: totals[2][when],
	});
	return { now: period('now'), before: period('before') };
}
