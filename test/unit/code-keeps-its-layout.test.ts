/**
 * The layout CONTRIBUTING.md describes, checked on the source so that it cannot drift:
 * - nodes import only n8n-workflow, luxon, relative files and node:crypto (n8n's verification: no runtime
 *   dependencies; Node's crypto signs and hashes the trigger's deliveries);
 * - no import circle among the files under nodes/ and credentials/ (type-only imports included: a circle of types
 *   still means two modules that cannot be read apart);
 * - no file under nodes/ or credentials/ is longer than 300 lines: a longer one holds more than one concern;
 * - operation files read their parameters through the item handle (helpers/item.ts), never getNodeParameter;
 * - a node imports another node's code only through nodes/shared/ (the triggers never reach into the action node);
 * - comments are wrapped at 100 columns like the code (a tab counts 2, as Prettier counts it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const MAX_LINES = 300;
const PACKAGES = ['n8n-workflow', 'luxon', 'node:crypto'];

function sources(dir: string): string[] {
	return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
		const rel = path.join(dir, e.name);
		if (e.isDirectory()) return sources(rel);
		return e.name.endsWith('.ts') ? [rel] : [];
	});
}

const files = [...sources('nodes'), ...sources('credentials')];
const text = new Map(files.map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));

/** Every module a file names in an import or export … from (static or type-only). */
function specifiers(source: string): string[] {
	return [...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gms)].map(
		(m) => m[1],
	);
}

/** The file a relative specifier resolves to (path.ts or path/index.ts), as a key of `text`. */
function resolve(from: string, specifier: string): string | undefined {
	const base = path.join(path.dirname(from), specifier);
	return [`${base}.ts`, path.join(base, 'index.ts')].find((f) => text.has(f));
}

describe('the code keeps its layout', () => {
	it('imports only n8n-workflow, luxon, node:crypto and relative files', () => {
		const outside = files.flatMap((f) =>
			specifiers(text.get(f)!)
				.filter((s) => !s.startsWith('.') && !PACKAGES.includes(s))
				.map((s) => `${f} imports ${s}`),
		);
		expect(outside).toEqual([]);
	});

	it('has no import circle under nodes/ and credentials/', () => {
		const graph = new Map(
			files.map((f) => [
				f,
				specifiers(text.get(f)!)
					.filter((s) => s.startsWith('.'))
					.map((s) => resolve(f, s))
					.filter((t): t is string => t !== undefined),
			]),
		);
		const circles: string[] = [];
		const state = new Map<string, 'open' | 'done'>();
		const walk = (file: string, trail: string[]) => {
			if (state.get(file) === 'done') return;
			if (state.get(file) === 'open') {
				circles.push([...trail.slice(trail.indexOf(file)), file].join(' → '));
				return;
			}
			state.set(file, 'open');
			for (const next of graph.get(file)!) walk(next, [...trail, file]);
			state.set(file, 'done');
		};
		for (const f of files) walk(f, []);
		expect(circles).toEqual([]);
	});

	it(`keeps every file under nodes/ and credentials/ within ${MAX_LINES} lines`, () => {
		const long = files
			.map((f) => ({ f, lines: text.get(f)!.split('\n').length - 1 }))
			.filter(({ lines }) => lines > MAX_LINES)
			.map(({ f, lines }) => `${f}: ${lines} lines`);
		expect(long).toEqual([]);
	});

	it('reads parameters in operation files through the item handle only', () => {
		const operations = files.filter((f) =>
			/^nodes\/Deliverability\/resources\/[^/]+\/[^/]+\.ts$/.test(f),
		);
		expect(operations.length).toBeGreaterThan(30);
		const raw = operations.filter((f) => /\bgetNodeParameter\s*\(/.test(text.get(f)!));
		expect(raw).toEqual([]);
	});

	it("shares code between nodes only through nodes/shared/, never from another node's folder", () => {
		const sideways = files
			.filter((f) => f.startsWith('nodes/') && !f.startsWith('nodes/shared/'))
			.flatMap((f) => {
				const own = f.split('/')[1];
				return specifiers(text.get(f)!)
					.filter((s) => s.startsWith('.'))
					.map((s) => path.join(path.dirname(f), s))
					.filter((target) => target.startsWith('nodes/') && !target.startsWith('nodes/shared'))
					.filter((target) => target.split('/')[1] !== own)
					.map((target) => `${f} imports ${target}: move what both nodes need to nodes/shared/`);
			});
		expect(sideways).toEqual([]);
	});

	it('wraps comments at 100 columns, like the code', () => {
		const long = files.flatMap((f) =>
			text
				.get(f)!
				.split('\n')
				.map((line, i) => ({ line, at: `${f}:${i + 1}` }))
				.filter(({ line }) => /^\s*(\/\/|\/\*|\*)/.test(line))
				.filter(({ line }) => line.replace(/\t/g, '  ').length > 100)
				.map(({ at }) => at),
		);
		expect(long).toEqual([]);
	});
});
