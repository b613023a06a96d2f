/**
 * What adding an operation takes (CONTRIBUTING.md), checked for every operation of the built node description:
 * - an output schema (nodes/Deliverability/__schema__/<version>/<resource>/<operation>.json, `npm run schemas`);
 * - a row in docs/operations.md → Resources and operations (its value in backticks, or its name in a row of names);
 * - a sandbox route for every request it makes: run once with its sample parameters (support/output-schemas.ts), it
 *   succeeds and the sandbox answered each of its requests with a route of its own (no 404/405);
 * - a test of its errors: a test under test/ that runs it (an object with its resource and operation, directly or
 *   through a named helper) and asserts on an error in the same test.
 * A gap fails with the operation and what it lacks. Known gaps are listed in KNOWN_GAPS with their reason; a listed
 * gap that is closed fails too, so the list only shrinks.
 */
import fs from 'node:fs';
import path from 'node:path';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import {
	operationsOf,
	parametersFor,
	SAMPLES,
	sampleIds,
	schemaRoot,
	versionDirs,
} from '../../../support/output-schemas';
import { useSandbox } from '../context';

type Need = 'output schema' | 'operations row' | 'sandbox route' | 'error test';

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

/** resource.operation values with a row in the operations reference's table (docs/operations.md). */
function documented(): Set<string> {
	const reference = fs.readFileSync(path.join(root, 'docs', 'operations.md'), 'utf8');
	const section = reference.slice(reference.indexOf('## Resources and operations'));
	const rows = section
		.slice(0, section.indexOf('\n\n', section.indexOf('| Resource |')))
		.split('\n')
		.filter((l) => l.startsWith('|'));
	const { resources, ops } = names();
	const byName = new Map([...resources].map(([value, name]) => [name, value]));
	const found = new Set<string>();
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
	}
	return found;
}

function testFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const full = path.join(dir, e.name);
		if (e.isDirectory()) return testFiles(full);
		return e.name.endsWith('.test.ts') && full !== __filename ? [full] : [];
	});
}

/** An assertion on an error (not `expect(result.error).toBeUndefined()`). */
const ERROR_ASSERTION =
	/\.error[!?]?\.(message|name|httpCode|description|context)|\.error\)\.toBeDefined|json\.error|toThrow|rejects\.|ValidationError\(/;
const TEST_START = /\b(?:it|test)(?:\.each)?\(/g;

/** resource.operation values that a test runs and asserts an error on (in the same test). */
function errorTested(): Set<string> {
	const found = new Set<string>();
	for (const file of testFiles(path.join(root, 'test'))) {
		const text = fs.readFileSync(file, 'utf8');
		const starts = [...text.matchAll(TEST_START)].map((m) => m.index);
		/** From a mention to the end of the test it is in (or, before any test's body, of the next one: each-tables). */
		const windowAt = (pos: number): string => {
			const ends = starts.filter((s) => s > pos);
			const end = ends.find((s) => /expect\(/.test(text.slice(pos, s))) ?? text.length;
			return text.slice(pos, end);
		};
		const literal =
			/resource:\s*'(\w+)'[^{}]{0,400}?operation:\s*'(\w+)'|operation:\s*'(\w+)'[^{}]{0,400}?resource:\s*'(\w+)'/g;
		for (const m of text.matchAll(literal)) {
			const pair = m[1] ? `${m[1]}.${m[2]}` : `${m[4]}.${m[3]}`;
			// A helper that builds the parameters (`const getAccount = (id) => ({ resource: 'account', … })`): its uses count.
			const statement = text.slice(
				Math.max(text.lastIndexOf(';', m.index), text.lastIndexOf('\n\n', m.index)) + 1,
				m.index,
			);
			const helper = [...statement.matchAll(/const (\w+)\s*=\s*[({]/g)].pop()?.[1];
			const positions = helper
				? [...text.matchAll(new RegExp(`\\b${helper}\\b`, 'g'))]
						.map((u) => u.index)
						.filter((p) => p > m.index)
				: [m.index];
			if (positions.some((p) => ERROR_ASSERTION.test(windowAt(p)))) found.add(pair);
		}
		// A helper taking the operation (`const account = (operation: string, …) => ({ resource: 'account', operation, … })`).
		const byOperation =
			/const (\w+) = \(operation[^)]*\)\s*=>\s*\(\{\s*resource:\s*'(\w+)',\s*operation\b/g;
		for (const m of text.matchAll(byOperation)) {
			for (const use of text.matchAll(new RegExp(`\\b${m[1]}\\(\\s*'(\\w+)'`, 'g'))) {
				if (ERROR_ASSERTION.test(windowAt(use.index))) found.add(`${m[2]}.${use[1]}`);
			}
		}
	}
	return found;
}

describe('every operation of the node has what CONTRIBUTING.md asks for', () => {
	const docs = documented();
	const errors = errorTested();

	/** What the operation lacks, known gaps left out; and the known gaps that are closed by now. */
	const lacks = (k: string, has: Record<Need, boolean>) => {
		const known = KNOWN_GAPS[k] ?? {};
		return {
			missing: (Object.keys(has) as Need[]).filter((n) => !has[n] && known[n] === undefined),
			closed: (Object.keys(known) as Need[]).filter((n) => has[n]),
		};
	};

	it('every operation has an output schema, an operations row and a test of its errors', () => {
		const report: string[] = [];
		for (const o of operations) {
			const k = key(o);
			const schema = versionDirs(description).every((v) =>
				fs.existsSync(path.join(schemaRoot, v, o.resource, `${o.operation}.json`)),
			);
			const { missing, closed } = lacks(k, {
				'output schema': schema,
				'operations row': docs.has(k),
				'error test': errors.has(k),
				'sandbox route': true,
			});
			if (missing.length) report.push(`${k} lacks: ${missing.join(', ')}`);
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
			const result = await t.run(parametersFor(description, o.resource, o.operation, ids), {
				credentials: SAMPLES[key(o)]?.credentials,
			});
			const unrouted = (await t.requests())
				.filter((r) => r.status === 404 || r.status === 405)
				.map((r) => `${r.method} ${r.path}`);
			const routed = result.error === undefined && unrouted.length === 0;
			const { missing, closed } = lacks(key(o), {
				'sandbox route': routed,
				'output schema': true,
				'operations row': true,
				'error test': true,
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
