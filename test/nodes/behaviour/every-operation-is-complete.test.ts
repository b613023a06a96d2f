/**
 * What adding an operation takes (CONTRIBUTING.md), checked for every operation of the built node description:
 * - an output schema (nodes/Deliverability/__schema__/<version>/<resource>/<operation>.json, `npm run schemas`);
 * - a row in docs/operations.md → Resources and operations (its value in backticks, or its name in a row of names);
 * - a sandbox route for every request it makes: run once with its sample parameters (support/output-schemas.ts), it
 *   succeeds and the sandbox answered each of its requests with a route of its own (no 404/405);
 * - its test file, test/nodes/<resource>/<operation>.test.ts (what it sends and returns, and its errors). That every
 *   operation reports the service's errors (and Continue On Fail) is proven on each one by
 *   behaviour/every-operation-reports-service-errors.test.ts.
 * A gap fails with the operation and what it lacks. Known gaps are listed in KNOWN_GAPS with their reason; a listed
 * gap that is closed fails too, so the list only shrinks.
 */
import fs from 'node:fs';
import path from 'node:path';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { operationsOf, sampleIds, schemaRoot, versionDirs } from '../../../support/output-schemas';
import { useSandbox } from '../context';

type Need = 'output schema' | 'operations row' | 'sandbox route' | 'test file';

/** `resource.operation` → what it is known to lack, and why. Empty means every operation has everything. */
const KNOWN_GAPS: Record<string, Partial<Record<Need, string>>> = {};

const root = path.resolve(__dirname, '..', '..', '..');
const { description } = new Deliverability();
const operations = operationsOf(description);
const key = (o: { resource: string; operation: string }) => `${o.resource}.${o.operation}`;

const t = useSandbox({ accounts: 30 });

/** resource value → display name, and resource.operation → display name (from the node's own pickers). */
function names() {
	const resources = new Map<string, string>();
	for (const o of description.properties.find((p) => p.name === 'resource')!.options as Array<{
		name: string;
		value: string;
	}>) {
		resources.set(o.value, o.name);
	}
	const ops = new Map<string, string>();
	for (const p of description.properties) {
		if (p.name !== 'operation') continue;
		const resource = (p.displayOptions?.show?.resource as string[])[0];
		for (const o of p.options as Array<{ name: string; value: string }>)
			ops.set(`${resource}.${o.value}`, o.name);
	}
	return { resources, ops };
}

/**
 * resource.operation values with a row in the operations reference's table (docs/operations.md), and
 * what its rows name that the node does not offer.
 */
function documented(): { found: Set<string>; unknown: string[] } {
	const reference = fs.readFileSync(path.join(root, 'docs', 'operations.md'), 'utf8');
	const section = reference.slice(reference.indexOf('## Resources and operations'));
	const rows = section
		.slice(0, section.indexOf('\n\n', section.indexOf('| Resource |')))
		.split('\n')
		.filter((l) => l.startsWith('|'));
	const { resources, ops } = names();
	const byName = new Map([...resources].map(([value, name]) => [name, value]));
	const found = new Set<string>();
	const unknown: string[] = [];
	let resource = '';
	for (const row of rows.slice(2)) {
		const [first, second] = row
			.split('|')
			.slice(1, 3)
			.map((c) => c.trim());
		if (first) resource = byName.get(first) ?? `?${first}`;
		const values = [...second.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]);
		// A row of names without values ("Create / Get Many / Delete"): each name is the picker's name of an operation.
		const named = values.length ? [] : second.split('/').map((n) => n.trim());
		for (const [k, name] of ops) {
			const [r, o] = k.split('.');
			if (r === resource && (values.includes(o) || named.includes(name))) found.add(k);
		}
		const mine = [...ops].filter(([k]) => k.startsWith(`${resource}.`));
		for (const v of values)
			if (!mine.some(([k]) => k === `${resource}.${v}`)) unknown.push(`${resource}.${v}`);
		for (const n of named)
			if (!mine.some(([, name]) => name === n)) unknown.push(`${resource} → ${n}`);
	}
	return { found, unknown };
}

/** Its test file, test/nodes/<resource>/<operation>.test.ts, mirroring resources/<resource>/<operation>.ts. */
const testFile = (o: { resource: string; operation: string }) =>
	path.join(root, 'test', 'nodes', o.resource, `${o.operation}.test.ts`);

/** What each need is, said with where it goes and how to add it (CONTRIBUTING.md → Adding an operation). */
const FIX: Record<Need, (o: { resource: string; operation: string }) => string> = {
	'output schema': (o) =>
		`an output schema (nodes/Deliverability/__schema__/<version>/${o.resource}/${o.operation}.json: run \`npm run generate\`)`,
	'operations row': (o) =>
		`a row in docs/operations.md → Resources and operations (\`${o.operation}\` in backticks, and the API call)`,
	'test file': (o) => `its test file ${path.relative(root, testFile(o))}`,
	'sandbox route': () => 'a sandbox route',
};

describe('every operation of the node has what CONTRIBUTING.md asks for', () => {
	const { found: docs, unknown } = documented();

	/** What the operation lacks, known gaps left out; and the known gaps that are closed by now. */
	const lacks = (k: string, has: Record<Need, boolean>) => {
		const known = KNOWN_GAPS[k] ?? {};
		return {
			missing: (Object.keys(has) as Need[]).filter((n) => !has[n] && known[n] === undefined),
			closed: (Object.keys(known) as Need[]).filter((n) => has[n]),
		};
	};

	it('docs/operations.md names no operation the node lacks (renamed, or not in its resource table)', () => {
		// A row of docs/operations.md → Resources and operations names the operation's value in
		// backticks (or the picker's names, "Create / Get Many"): the node's, under its resource.
		expect(unknown).toEqual([]);
	});

	it('every operation has an output schema, an operations row and its test file', () => {
		const report: string[] = [];
		for (const o of operations) {
			const k = key(o);
			const schema = versionDirs(description).every(([, v]) =>
				fs.existsSync(path.join(schemaRoot, v, o.resource, `${o.operation}.json`)),
			);
			const { missing, closed } = lacks(k, {
				'output schema': schema,
				'operations row': docs.has(k),
				'test file': fs.existsSync(testFile(o)),
				'sandbox route': true,
			});
			if (missing.length) report.push(`${k} lacks: ${missing.map((n) => FIX[n](o)).join('; ')}`);
			if (closed.length)
				report.push(`${k} has by now (remove it from KNOWN_GAPS): ${closed.join(', ')}`);
		}
		expect(report).toEqual([]);
	});

	it('every operation runs against the sandbox with its sample parameters, each request answered by a route', async () => {
		const report: string[] = [];
		for (const o of operations) {
			await t.admin('POST', '/reset');
			const ids = await sampleIds(t.sandbox);
			await t.clearRequests();
			const result = await t.runSample(o.resource, o.operation, ids);
			const unrouted = (await t.requests())
				.filter((r) => r.status === 404 || r.status === 405)
				.map((r) => `${r.method} ${r.path}`);
			const routed = result.error === undefined && unrouted.length === 0;
			const { missing, closed } = lacks(key(o), {
				'sandbox route': routed,
				'output schema': true,
				'operations row': true,
				'test file': true,
			});
			if (missing.length)
				report.push(
					`${key(o)} lacks a sandbox route: ${result.error?.message ?? unrouted.join(', ')}`,
				);
			if (closed.length)
				report.push(`${key(o)} has a sandbox route by now (remove it from KNOWN_GAPS)`);
		}
		expect(report).toEqual([]);
	});
});

describe('node tests mirror the code', () => {
	it('every node test file sits in its resource folder (an operation or a helper of it), behaviour/ or methods/', () => {
		const nodesTests = path.join(root, 'test', 'nodes');
		const resources = path.join(root, 'nodes', 'Deliverability', 'resources');
		const misplaced: string[] = [];
		for (const entry of fs.readdirSync(nodesTests, { withFileTypes: true })) {
			if (entry.isFile() && entry.name.endsWith('.test.ts')) misplaced.push(entry.name);
			if (!entry.isDirectory() || ['behaviour', 'methods', 'fixtures'].includes(entry.name))
				continue;
			for (const file of fs.readdirSync(path.join(nodesTests, entry.name))) {
				const code = file.replace(/\.test\.ts$/, '.ts');
				const mirrored = ['', 'shared'].some((dir) =>
					fs.existsSync(path.join(resources, entry.name, dir, code)),
				);
				if (!mirrored) misplaced.push(`${entry.name}/${file}`);
			}
		}
		expect(misplaced).toEqual([]);
	});
});
