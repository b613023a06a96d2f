/**
 * Page sizes live in nodes/shared/pageSizes.ts only: a walk, picker or trigger that writes its own number reads
 * pages of the wrong size the day the service's size changes, or stops after the first page of a service that
 * ignores per_page (the Tags picker did, with `pageSize: 100` for a list served 50 a page). Checked on the source of
 * nodes/: a page size (`per_page`, `pageSize`, `perPage`, `page_size`, a constant named …PAGE_SIZE or …PER_PAGE)
 * set to a number, and a page's length compared with a number on a line about pages.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const HOME = path.join('nodes', 'shared', 'pageSizes.ts');

function sources(dir: string): string[] {
	return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
		const rel = path.join(dir, e.name);
		if (e.isDirectory()) return sources(rel);
		return e.name.endsWith('.ts') ? [rel] : [];
	});
}

/** A page size given as a number: `per_page: 100`, `pageSize = 50`, `const SPAM_PAGE_SIZE = 10`. */
const SIZE_AS_NUMBER =
	/\b(per_?page|page_?size|[A-Z_]*PAGE_SIZE[A-Z_]*|[A-Z_]*PER_PAGE[A-Z_]*)['"]?\s*[:=]\s*\d/i;
/** A page's length compared with a number (`items.length >= 50`), on a line that speaks of pages. */
const LENGTH_AGAINST_NUMBER = /\.length\s*[<>]=?\s*\d{2,}/;

/** Every line of a file under nodes/ (but pageSizes.ts) that writes a page size as a number, as "file:line: text". */
function pageSizesWrittenOutside(files: Map<string, string>): string[] {
	return [...files].flatMap(([file, text]) =>
		file === HOME
			? []
			: text.split('\n').flatMap((line, i) => {
					const code = line.replace(/\/\/.*$|^\s*\*.*$/, '');
					const size =
						SIZE_AS_NUMBER.test(code) || (LENGTH_AGAINST_NUMBER.test(code) && /page/i.test(code));
					return size ? [`${file}:${i + 1}: ${line.trim()}`] : [];
				}),
	);
}

const files = new Map(
	sources('nodes').map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')] as const),
);

describe('page sizes live in nodes/shared/pageSizes.ts', () => {
	it('no file under nodes/ writes a page size as a number', () => {
		const found = pageSizesWrittenOutside(files);
		const fix = `a page size belongs in ${HOME} (PAGE_SIZES for a list's own page size, MAX_PER_PAGE for what is asked): import it from there instead of writing the number (CONTRIBUTING → A list the documentation does not page)`;
		expect(found.map((where) => `${where}\n    → ${fix}`)).toEqual([]);
	});

	it('finds the mistakes it is for (written the way they were found)', () => {
		const mistakes = new Map([
			[
				'nodes/Deliverability/methods/listSearch.ts',
				"\t\t{ path: '/accounts', qs: { include_spamchecker: true, per_page: 100 }, pageSize: 100 },",
			],
			['nodes/Deliverability/resources/report/getAll.ts', '\tconst REPORT_PAGE_SIZE = 20;'],
			[
				'nodes/shared/accountSearch.ts',
				'\t\tpaginationToken: items.length >= 50 ? String(page + 1) : undefined,',
			],
			['nodes/DeliverabilityAlertTrigger/loadOptions.ts', "\t\tqs: { page, 'per_page': 25 },"],
		]);
		expect(pageSizesWrittenOutside(mistakes).map((m) => m.split(':')[0])).toEqual([
			...mistakes.keys(),
		]);
		expect(pageSizesWrittenOutside(new Map([[HOME, 'export const MAX_PER_PAGE = 100;']]))).toEqual(
			[],
		);
	});
});
