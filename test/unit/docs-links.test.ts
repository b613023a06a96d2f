/**
 * Every reference in the repository leads somewhere that exists:
 * - a spec section ("spec §6") is a numbered section of docs/spec/deliverability-api.md;
 * - a cited section of a page ("docs/waiting.md → Three ways to wait", "README → Troubleshooting") is a heading of
 *   that page (the words after the arrow start with the heading, or the heading starts with them);
 * - a relative Markdown link or picture points at a file that exists, and its #anchor at a heading of that page;
 * - the documentation links that nodes and credentials show in n8n point at a page and heading that exist.
 * Old citation forms (README "Section") are refused: the arrow form is the one that is checked.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const SPEC = 'docs/spec/deliverability-api.md';
const SKIP_DIRS = new Set([
	'node_modules',
	'.git',
	'.cache',
	'dist',
	'coverage',
	'test-results',
	'.pack',
]);
const TEXT = /\.(ts|js|mjs|cjs|json|md|ya?ml)$/;
const SECTION = '\u00a7';
const ARROW = '\u2192';
const REPOSITORY = 'https://github.com/n8n-nodes-deliverability/n8n-nodes-deliverability';

function walk(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		if (SKIP_DIRS.has(e.name)) return [];
		const full = path.join(dir, e.name);
		if (e.isDirectory()) return walk(full);
		const inCi = path.relative(root, dir) === '.ci';
		return TEXT.test(e.name) || inCi ? [full] : [];
	});
}

const files = walk(root)
	.filter((f) => f !== __filename)
	.map((f) => path.relative(root, f).split(path.sep).join('/'))
	.sort();
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Each match of the global `pattern` in these files (as `textOf` reads them), with where it stands: "file:line". */
function matchesIn(
	inFiles: string[],
	pattern: RegExp,
	textOf: (file: string) => string = read,
): Array<{ file: string; at: string; m: RegExpExecArray }> {
	return inFiles.flatMap((file) => {
		const text = textOf(file);
		return [...text.matchAll(pattern)].map((m) => ({
			file,
			at: `${file}:${lineOf(text, m.index)}`,
			m,
		}));
	});
}

/** Markdown outside fenced code blocks (their lines blanked, so line numbers stay right). */
function prose(markdown: string): string {
	let fenced = false;
	return markdown
		.split('\n')
		.map((line) => {
			if (/^\s*```/.test(line)) {
				fenced = !fenced;
				return '';
			}
			return fenced ? '' : line;
		})
		.join('\n');
}

/** A heading's text as a reader sees it: no #, no emphasis or code marks. */
const headingText = (raw: string) =>
	raw
		.replace(/\s+#+\s*$/, '')
		.replace(/[*`]/g, '')
		.trim();

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
const slug = (text: string) =>
	text
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');

const pages = new Map<string, { headings: string[]; anchors: Set<string> }>();
function page(file: string) {
	let found = pages.get(file);
	if (!found) {
		const headings = [...prose(read(file)).matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) =>
			headingText(m[1]),
		);
		const anchors = new Set<string>();
		const seen = new Map<string, number>();
		for (const h of headings) {
			const base = slug(h);
			const n = seen.get(base) ?? 0;
			seen.set(base, n + 1);
			anchors.add(n ? `${base}-${n}` : base);
		}
		found = { headings, anchors };
		pages.set(file, found);
	}
	return found;
}

const exists = (file: string) => fs.existsSync(path.join(root, file));

/** A cited page: "README" is the root README; other paths are from the root, else from the citing file. */
function citedPage(name: string, from: string): string | undefined {
	if (name === 'README') return 'README.md';
	const candidates = [name, path.posix.join(path.posix.dirname(from), name)];
	return candidates.map((c) => path.posix.normalize(c)).find(exists);
}

describe('docs and references', () => {
	it('the spec is in the repository with numbered sections', () => {
		const numbers = [...read(SPEC).matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]));
		expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
	});

	it('every spec section cited exists', () => {
		const sections = new Set([...read(SPEC).matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1])));
		const citations = matchesIn(
			files.filter((f) => !f.startsWith('docs/spec/')),
			new RegExp(`${SECTION}\\s?(\\d+)`, 'g'),
		);
		expect(citations.length).toBeGreaterThan(10);
		expect(
			citations
				.filter(({ m }) => !sections.has(Number(m[1])))
				.map(({ at, m }) => `${at} cites ${m[0]}`),
		).toEqual([]);
	});

	it('every cited section of a page exists', () => {
		const citation = new RegExp(
			`((?:[\\w.-]+/)*[\\w.-]+\\.md|README)[ \\t]*${ARROW}[ \\t]*([^\\n]+)`,
			'g',
		);
		const missing: string[] = [];
		let cited = 0;
		for (const { file, at, m } of matchesIn(files, citation)) {
			const target = citedPage(m[1], file);
			if (!target) {
				missing.push(`${at}: no page ${m[1]}`);
				continue;
			}
			cited++;
			const words = m[2].trim();
			const cut = words.split(/[)(;.\]"]/)[0].trim();
			const known = page(target).headings.some(
				(h) => words.startsWith(h) || (cut.length >= 4 && h.startsWith(cut)),
			);
			if (!known) missing.push(`${at}: ${target} has no section "${cut}"`);
		}
		expect(cited).toBeGreaterThan(10);
		expect(missing).toEqual([]);
	});

	it('no citation in an old form that this test cannot check', () => {
		const old = /\bREADME(?:\.md)?(?:'s)?,?\s+"[A-Z]/g;
		expect(matchesIn(files, old).map(({ at, m }) => `${at}: ${m[0]}`)).toEqual([]);
	});

	it('every relative Markdown link and picture points at a file and heading that exist', () => {
		const broken: string[] = [];
		let links = 0;
		// Outside code: fenced blocks and inline code spans blanked, their places kept.
		const markdownText = (file: string) =>
			prose(read(file)).replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
		for (const { file, at, m } of matchesIn(
			files.filter((f) => f.endsWith('.md')),
			/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g,
			markdownText,
		)) {
			const href = m[1];
			if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
			links++;
			const [target, anchor] = href.split('#');
			const resolved = target
				? path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
				: file;
			const where = `${at}: ${href}`;
			if (!exists(resolved)) broken.push(`${where} (no file ${resolved})`);
			else if (anchor !== undefined && resolved.endsWith('.md')) {
				if (!page(resolved).anchors.has(anchor)) broken.push(`${where} (no heading #${anchor})`);
			}
		}
		expect(links).toBeGreaterThan(50);
		expect(broken).toEqual([]);
	});

	it('the documentation links shown in n8n point at a page and heading that exist', () => {
		const shown = files.filter((f) => /^(nodes|credentials)\//.test(f) || f === 'package.json');
		const url = new RegExp(
			`${REPOSITORY.replace(/[.]/g, '\\.')}(?:/blob/HEAD/([\\w./-]+))?(?:#([\\w-]+))?(?=['"\\s])`,
			'g',
		);
		const broken: string[] = [];
		let checked = 0;
		for (const { at, m } of matchesIn(shown, url)) {
			checked++;
			const target = m[1] ?? 'README.md';
			const where = `${at}: ${m[0]}`;
			if (!exists(target)) broken.push(`${where} (no file ${target})`);
			else if (m[2] && m[2] !== 'readme' && !page(target).anchors.has(m[2]))
				broken.push(`${where} (no heading #${m[2]})`);
		}
		expect(checked).toBeGreaterThan(5);
		expect(broken).toEqual([]);
	});
});
