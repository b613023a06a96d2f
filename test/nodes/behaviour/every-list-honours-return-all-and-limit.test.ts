/**
 * Every operation with Return All / Limit (read from the built description, so a new list is covered without a
 * line of its own), run through n8n's real engine against one sandbox, on a list the test first fills (sandbox admin
 * `POST /lists`) to more records than a page of the largest size any walk asks for, so that a Limit or a walk that
 * stops early or reads past the end cannot pass on a list of one record:
 * - Return All gives every record of the list (the sandbox's list walked by this test, page by page) and reads every
 *   page up to a short one, and none after it;
 * - Limit gives that many (or all, when fewer), and no page is asked for once the pages before it held enough;
 *   a Limit of 1 likewise;
 * - each output item is paired with the input item it came from (two items with Limits of 1 and 2 by expression);
 * - an empty list gives no item and no error, with Return All and with a Limit;
 * - a 2xx that is not a list (`{}`, `{"results": "x"}`, a page without its array) is an error in words, never an
 *   empty list (an empty output there would tell the user "none" where the service said nothing).
 * Each failure names the operation's file and what to fix there.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { MAX_PER_PAGE } from '../../../nodes/shared/pageSizes';
import type { RunResult } from '../../../support/harness';
import { operationsOf, sampleIds, showsFor, type Ids } from '../../../support/output-schemas';
import { useSandbox, type LoggedRequest } from '../context';

const t = useSandbox();

/** Records each list is filled to: more than a page of the largest size any walk asks for. */
const FULL = MAX_PER_PAGE + 10;
const description = new Deliverability().description;

/** The operations with Return All / Limit. */
const LISTS = operationsOf(description).filter(({ resource, operation }) =>
	description.properties.some((p) => p.name === 'returnAll' && showsFor(p, resource, operation)),
);

const fileOf = (resource: string, operation: string) =>
	`nodes/Deliverability/resources/${resource}/${operation}.ts`;

const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

/** The records of a list answer: a bare array, or the one array an object wraps. */
function recordsOf(body: unknown): IDataObject[] | undefined {
	if (Array.isArray(body)) return body as IDataObject[];
	if (body && typeof body === 'object') {
		const lists = Object.values(body).filter(Array.isArray);
		if (lists.length === 1) return lists[0] as IDataObject[];
	}
	return undefined;
}

const identity = (record: IDataObject) =>
	String(record.id ?? record.public_id ?? JSON.stringify(record));

interface Read {
	path: string;
	query: Record<string, string>;
	/** Records the page held (undefined: not a list). */
	records?: IDataObject[];
}

interface ListRun {
	result: RunResult;
	/** The GETs of the run, each with what its answer held (asked again: the sandbox's lists do not change). */
	reads: Read[];
}

async function get(path: string, query: Record<string, string | number>): Promise<unknown> {
	return (await t.api('GET', path, undefined, query)).data;
}

async function runList(
	resource: string,
	operation: string,
	ids: Ids,
	parameters: INodeParameters,
	input?: IDataObject[],
): Promise<ListRun> {
	await t.clearRequests();
	const result = await t.runSample(resource, operation, ids, { parameters, input });
	const gets = (await t.requests()).filter((r: LoggedRequest) => r.method === 'GET');
	const reads: Read[] = [];
	for (const r of gets) {
		const path = local(r.path);
		reads.push({ path, query: r.query, records: recordsOf(await get(path, r.query)) });
	}
	return { result, reads };
}

/** The whole list behind a path, walked by the test itself: pages of 100 until a short one or nothing new. */
async function wholeList(path: string, query: Record<string, string>): Promise<string[]> {
	const filters = Object.fromEntries(
		Object.entries(query).filter(([name]) => name !== 'page' && name !== 'per_page'),
	);
	const seen = new Set<string>();
	for (let page = 0; page < 100; page++) {
		const records = recordsOf(await get(path, { ...filters, page, per_page: 100 })) ?? [];
		const before = seen.size;
		for (const record of records) seen.add(identity(record));
		if (records.length < 100 || seen.size === before) break;
	}
	return [...seen];
}

/** The path whose answers were lists (the list the operation reads). */
function listPath(run: ListRun): string | undefined {
	const paths = [...new Set(run.reads.filter((r) => r.records).map((r) => r.path))];
	return paths.length === 1 ? paths[0] : undefined;
}

const paired = (items: INodeExecutionData[]) =>
	items.map((item) => JSON.stringify(item.pairedItem ?? null));

/** The pages asked of a path, in page order (a list without `page` counts as one read). */
const pagesOf = (run: ListRun, path: string) =>
	run.reads
		.filter((r) => r.path === path)
		.sort((a, b) => Number(a.query.page ?? 0) - Number(b.query.page ?? 0));

/** Pages asked for although the pages before them already held `limit` records. */
function pagesPastLimit(run: ListRun, path: string, limit: number): string[] {
	let before = 0;
	const extra: string[] = [];
	for (const read of pagesOf(run, path)) {
		if (before >= limit) extra.push(`page ${read.query.page ?? '(none)'}`);
		before += read.records?.length ?? 0;
	}
	return extra;
}

const errorOf = (result: RunResult) =>
	result.error ? `${result.error.name}: ${result.error.message}` : undefined;

/** Answers that are 2xx but not a list, each as the sandbox sends it (`given`). */
const NOT_LISTS: Array<[string, unknown]> = [
	['{}', {}],
	['{"results": "x"}', { results: 'x' }],
	['a page without its array', { page: 0, per_page: 50, total: 120 }],
];

it('the built node has list operations to check', () => {
	expect(LISTS.length).toBeGreaterThanOrEqual(6);
});

describe.each(LISTS)('$resource → $operation', ({ resource, operation }) => {
	const file = fileOf(resource, operation);

	it('Return All, Limit, Limit 1, pairing, an empty list, and a 2xx that is not a list', async () => {
		const ids = await sampleIds(t.sandbox);
		const problems: string[] = [];
		const say = (what: string, fix: string) =>
			problems.push(`${resource} → ${operation}: ${what}\n    → fix in ${file}: ${fix}`);

		// Return All: every record, every page up to a short one.
		const all = await runList(resource, operation, ids, { returnAll: true });
		const path = listPath(all);
		if (all.result.error || !path) {
			say(
				`Return All failed or read no list: ${errorOf(all.result) ?? JSON.stringify(all.reads.map((r) => r.path))}`,
				'read the list with item.request (one answer) or item.requestAll (page-numbered), its answer fact of shape list',
			);
			expect(problems).toEqual([]);
			return;
		}
		// The seed may hold a record or two of a list: the test fills it to more than a page of the largest size a walk
		// asks for, so an ignored Limit, a result in one item or a walk past the end shows.
		const filling = await t.admin('POST', '/lists', { path, count: FULL }).then(
			() => undefined,
			(error: Error) => error.message,
		);
		if (filling) {
			say(
				`the sandbox could not fill GET ${path}: ${filling}`,
				`nothing in the operation: give the list its entry in LISTS in sandbox/lists.ts (the check needs more than ${MAX_PER_PAGE} records)`,
			);
			expect(problems).toEqual([]);
			return;
		}
		const query = pagesOf(all, path)[0].query;
		const total = (await wholeList(path, query)).length;
		if (total <= 3)
			say(
				`GET ${path} held ${total} records after the sandbox filled it, too few to tell a Limit of 3 from none`,
				'let the list copy records the query of the operation shows (LISTS in sandbox/lists.ts)',
			);
		const rerun = await runList(resource, operation, ids, { returnAll: true });
		all.result = rerun.result;
		all.reads = rerun.reads;
		if (all.result.items.length !== total)
			say(
				`Return All gave ${all.result.items.length} items where GET ${path} holds ${total}`,
				'with Return All on, read every page (item.requestAll without a limit) and give one item per record',
			);
		const last = pagesOf(all, path).at(-1)!;
		const perPage = Number(last.query.per_page);
		if (last.query.page !== undefined && (last.records?.length ?? 0) >= perPage)
			say(
				`Return All stopped after page ${last.query.page}, a full page (${perPage})`,
				'walk the list to a short page: item.requestAll with the list’s page size from nodes/shared/pageSizes.ts',
			);
		const pages = pagesOf(all, path);
		if (pages[0].query.page !== undefined && total <= Number(pages[0].query.per_page))
			say(
				`GET ${path} held ${total} records after the sandbox filled it: one page, so the walk was not tested`,
				'let the list copy records the query of the operation shows (LISTS in sandbox/lists.ts)',
			);
		const shortAt = pages.findIndex(
			(read) => (read.records?.length ?? 0) < Number(read.query.per_page),
		);
		if (shortAt >= 0 && shortAt < pages.length - 1)
			say(
				`Return All asked for ${pages
					.slice(shortAt + 1)
					.map((read) => `page ${read.query.page}`)
					.join(', ')} after page ${pages[shortAt].query.page}, a short page (the end of the list)`,
				'stop at the first short page: item.requestAll does',
			);
		if (paired(all.result.items).some((p) => p !== JSON.stringify({ item: 0 })))
			say(
				'Return All items are not all paired with the one input item',
				'return the records as the operation’s result; the item loop pairs them',
			);

		// Limits: that many, and no page past the limit.
		for (const limit of [...new Set([1, 3, Math.max(1, total - 1)])]) {
			const run = await runList(resource, operation, ids, { returnAll: false, limit });
			const want = Math.min(limit, total);
			if (run.result.error)
				say(`Limit ${limit} failed: ${errorOf(run.result)}`, 'read Limit with item.limit()');
			else if (run.result.items.length !== want)
				say(
					`Limit ${limit} gave ${run.result.items.length} items, not ${want}`,
					'honour Limit: pass item.limit() to item.requestAll, or keep the first Limit records of a one-answer list',
				);
			const extra = pagesPastLimit(run, path, limit);
			if (extra.length)
				say(
					`Limit ${limit} asked for ${extra.join(', ')} after the pages before held ${limit} record${limit === 1 ? '' : 's'}`,
					'pass the limit to item.requestAll (it asks for no page it cannot need)',
				);
			const reads = pagesOf(run, path).filter((r) => r.query.page === undefined).length;
			if (reads > 1) say(`Limit ${limit} read the one-answer list ${reads} times`, 'read it once');
		}

		// Two input items, Limits of 1 and 2: each output item paired with the item it came from.
		const two = await runList(
			resource,
			operation,
			ids,
			{ returnAll: false, limit: '={{ $json.limit }}' },
			[{ limit: 1 }, { limit: 2 }],
		);
		const pairs = [
			...Array<string>(Math.min(1, total)).fill(JSON.stringify({ item: 0 })),
			...Array<string>(Math.min(2, total)).fill(JSON.stringify({ item: 1 })),
		];
		if (two.result.error)
			say(
				`two input items failed: ${errorOf(two.result)}`,
				'read every parameter through the item handle',
			);
		else if (JSON.stringify(paired(two.result.items)) !== JSON.stringify(pairs))
			say(
				`two input items (Limits 1 and 2) were paired ${paired(two.result.items).join(' ')}, not ${pairs.join(' ')}`,
				'return each item’s own records from execute (ForItems only for one request made for several items)',
			);

		// An empty list, then 2xx answers that are not lists.
		const rule = async (body: unknown) => await t.answerWith(`GET ${path}`, body);
		await rule([]);
		for (const parameters of [{ returnAll: true }, { returnAll: false, limit: 1 }]) {
			const run = await runList(resource, operation, ids, parameters);
			if (run.result.error || run.result.items.length !== 0)
				say(
					`an empty list (${JSON.stringify(parameters)}) gave ${errorOf(run.result) ?? `${run.result.items.length} items`}`,
					'an empty list is no item and no error',
				);
		}
		for (const [name, body] of NOT_LISTS) {
			await t.admin('DELETE', '/answers');
			await rule(body);
			const run = await runList(resource, operation, ids, { returnAll: false, limit: 3 });
			const said = `${run.result.error?.message ?? ''} ${run.result.error?.description ?? ''}`;
			if (!run.result.error)
				say(
					`a 2xx of ${name} gave ${run.result.items.length} items instead of an error`,
					"give the request its answer fact of shape 'list' (never none or 'any'), so the transport refuses what is not a list",
				);
			else if (
				run.result.error.name !== 'NodeApiError' ||
				!/the service answered .* expects /i.test(said)
			)
				say(
					`a 2xx of ${name} failed without saying what came: ${errorOf(run.result)}`,
					"leave the answer to the transport's reader (its answer fact), which says what came and what was expected",
				);
		}
		await t.admin('DELETE', '/answers');
		expect(problems).toEqual([]);
	}, 60_000);
});
