/**
 * Every picker of the action node (methods/listSearch.ts, read from the node, so a new one is covered without a line
 * of its own), against a list the test first fills (sandbox admin `POST /lists`) to more records than a page of the
 * largest size any walk asks for:
 * - walked as the editor walks it (each answer's pagination token, until there is none), it offers every record the
 *   list holds, each once: the records' ids, or the ids of what the records carry (the tags on the accounts);
 * - every entry has a name a person can read: no "undefined", "null" or "[object Object]".
 * A picker that makes no request (the time zones) lists what the runtime knows and is left out.
 * Each failure names the picker and the file.
 */
import type { IDataObject, INodeListSearchResult } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { MAX_PER_PAGE } from '../../../nodes/shared/pageSizes';
import { useSandbox } from '../context';
import { pickerPage } from '../fixtures/ListSearchProbe.node';

const t = useSandbox();
const FILE = 'nodes/Deliverability/methods/listSearch.ts';
const PICKERS = Object.keys(new Deliverability().methods.listSearch);
/** Records each list is filled to: more than a page of the largest size any walk asks for. */
const FULL = MAX_PER_PAGE + 10;

const search = (method: string, paginationToken = '') => pickerPage(t, method, { paginationToken });

const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

/** The records of a list answer: a bare array, or the one array an object wraps. */
function recordsOf(body: unknown): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	if (body && typeof body === 'object') {
		const lists = Object.values(body).filter(Array.isArray);
		if (lists.length === 1) return lists[0] as IDataObject[];
	}
	return [];
}

const idOf = (record: IDataObject) => String(record.id ?? record.public_id);

/** Every record behind a path with the picker's own filters, walked by the test: pages of 100 to a short one. */
async function wholeList(path: string, query: Record<string, string>): Promise<IDataObject[]> {
	const filters = Object.fromEntries(
		Object.entries(query).filter(([name]) => name !== 'page' && name !== 'per_page'),
	);
	const paged = query.page !== undefined;
	const all: IDataObject[] = [];
	for (let page = 0; page < 100; page++) {
		const records = recordsOf(
			(await t.api('GET', path, undefined, paged ? { ...filters, page, per_page: 100 } : filters))
				.data,
		);
		all.push(...records);
		if (!paged || records.length < 100) break;
	}
	return all;
}

/** What a picker may offer for a list: its records' ids, or the ids of the objects one of their array fields holds. */
function offersFor(records: IDataObject[]): Array<{ what: string; ids: string[] }> {
	const offers = [{ what: 'the records', ids: [...new Set(records.map(idOf))].sort() }];
	const nested = new Set(
		records.flatMap((r) =>
			Object.entries(r)
				.filter(([, v]) => Array.isArray(v) && v.some((x) => x && typeof x === 'object'))
				.map(([k]) => k),
		),
	);
	for (const field of nested)
		offers.push({
			what: `the ${field} on the records`,
			ids: [
				...new Set(
					records.flatMap((r) =>
						(Array.isArray(r[field]) ? (r[field] as IDataObject[]) : [])
							.filter((x) => x && x.id !== undefined)
							.map((x) => String(x.id)),
					),
				),
			].sort(),
		});
	return offers;
}

it('the node has pickers to check', () => {
	expect(PICKERS.length).toBeGreaterThanOrEqual(6);
});

describe.each(PICKERS)('%s', (method) => {
	it('offers every record of its list, each once, walking every page, with a readable name', async () => {
		const problems: string[] = [];
		const say = (what: string, fix: string) =>
			problems.push(`${method}: ${what}\n    → fix in ${FILE} (${method}): ${fix}`);

		await t.clearRequests();
		await search(method);
		const first = (await t.requests()).filter((r) => r.method === 'GET');
		if (first.length === 0) return; // a local list (no request): nothing of the service to compare with
		const path = local(first[0].path);
		await t
			.admin('POST', '/lists', { path, count: FULL })
			.catch((error: Error) =>
				problems.push(
					`${method}: the sandbox could not fill GET ${path}: ${error.message}\n    → nothing in the picker: give the list its entry in LISTS in sandbox/lists.ts`,
				),
			);
		if (problems.length) {
			expect(problems).toEqual([]);
			return;
		}

		await t.clearRequests();
		const offered: Array<{ name: string; value: string }> = [];
		let token: string | undefined = '';
		let answers = 0;
		do {
			const page: INodeListSearchResult = await search(method, token);
			answers++;
			offered.push(...page.results.map((r) => ({ name: r.name, value: String(r.value) })));
			token = page.paginationToken === undefined ? undefined : String(page.paginationToken);
		} while (token !== undefined && answers < 50);
		const reads = (await t.requests()).filter((r) => r.method === 'GET');
		const records = await wholeList(path, reads[0].query);

		const values = offered.map((o) => o.value);
		const twice = values.filter((v, i) => values.indexOf(v) !== i);
		if (twice.length)
			say(`offered ${[...new Set(twice)].join(', ')} more than once`, 'offer each record once');
		const shown = [...new Set(values)].sort();
		const offers = offersFor(records);
		if (!offers.some((o) => JSON.stringify(o.ids) === JSON.stringify(shown))) {
			const closest = offers[0];
			const missing = closest.ids.filter((id) => !shown.includes(id));
			say(
				`offered ${shown.length} entries in ${answers} answer${answers === 1 ? '' : 's'} where GET ${path} holds ${records.length} records${missing.length ? ` (missing ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''})` : ''}`,
				'read every page (give a pagination token while a page was full, or walk the list with apiRequestAllItems) and offer what the list holds',
			);
		}
		const unreadable = offered.filter(
			(o) => !o.name.trim() || /undefined|null|\[object Object\]/.test(o.name),
		);
		if (unreadable.length)
			say(
				`names a person cannot read: ${unreadable
					.slice(0, 3)
					.map((o) => JSON.stringify(o.name))
					.join(', ')}`,
				'build the name from fields the list holds',
			);
		expect(problems).toEqual([]);
	}, 120_000);
});
