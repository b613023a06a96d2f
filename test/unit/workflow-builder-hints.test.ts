/**
 * What n8n's workflow builder reads about the action node besides its parameters (helpers/builder.ts): each
 * operation's text lands in that operation's type only, names fields the operation really outputs (its output schema,
 * node version 1.1), and says so where the operation has the Completed / Not Yet outputs. The e2e
 * (test/e2e/workflow-builder.e2e.test.ts) reads the same texts in what n8n 2.41.1 generates from them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IBuilderHintVariation } from 'n8n-workflow';

import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';
import type { BuilderFacts } from '../../nodes/Deliverability/helpers/builder';
import { RESOURCES } from '../../nodes/Deliverability/resources';

const description = new Deliverability().description;
const variations = description.builderHint!.extraTypeDefContent! as IBuilderHintVariation[];
const SCHEMAS = path.resolve(__dirname, '../../nodes/Deliverability/__schema__/v1.1.0');

const operations = RESOURCES.flatMap((r) =>
	Object.keys(r.operations).map((op) => ({
		resource: String(r.option.value),
		op,
		twoOutputs: op in r.completion,
	})),
);

/** The top-level fields of an operation's output schema. */
function schemaFields(resource: string, op: string): string[] {
	const file = path.join(SCHEMAS, resource, `${op}.json`);
	if (!fs.existsSync(file))
		throw new Error(
			`no output schema ${path.relative(process.cwd(), file)}: run \`npm run generate\``,
		);
	const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as {
		properties?: Record<string, unknown>;
	};
	return Object.keys(schema.properties ?? {});
}

/** The variation shown for this operation, and those shown for none (the head of the type definition). */
const shownFor = (resource: string, op: string) =>
	variations.filter(
		(v) =>
			v.displayOptions?.show?.resource?.includes(resource) &&
			v.displayOptions.show.operation?.includes(op),
	);

it('the head of the definition says which ids, credits and version-only fields are which', () => {
	const head = variations.filter((v) => !v.displayOptions).map((v) => v.content);
	expect(head).toHaveLength(1);
	expect(head[0]).toMatch(/DeliverabilityV11Params/);
	expect(head[0]).toMatch(/public_id[\s\S]*public_full_id/);
	expect(head[0]).toMatch(/Credits: spamTest create spends one/);
	expect(head[0]).toMatch(/Version 1 only: simplify/);
});

describe.each(operations)('$resource → $op', ({ resource, op, twoOutputs }) => {
	const [variation, ...more] = shownFor(resource, op);

	it('has one text, shown for this operation only', () => {
		expect(more).toEqual([]);
		expect(variation.displayOptions).toEqual({
			show: { resource: [resource], operation: [op] },
		});
	});

	it(
		twoOutputs ? 'says it has the Completed and Not Yet outputs' : 'claims no second output',
		() => {
			if (twoOutputs)
				expect(variation.content).toMatch(/output\(0\) Completed, output\(1\) Not Yet/);
			else expect(variation.content).not.toMatch(/Not Yet/);
		},
	);

	it('names only fields its output has', () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { builder } = require(`../../nodes/Deliverability/resources/${resource}/${op}`) as {
			builder?: BuilderFacts;
		};
		if (!builder) throw new Error(`${resource}/${op}.ts exports no builder fact`);
		const named = Object.keys(builder.fields);
		expect(named.filter((f) => !schemaFields(resource, op).includes(f))).toEqual([]);
		for (const f of named) expect(variation.content).toContain(f);
	});
});
