/**
 * The shipped output schemas (nodes/Deliverability/__schema__, see support/output-schemas.ts) are what the node
 * returns today: regenerated from the sandbox through the real engine, they must equal the committed files, and every
 * operation the node offers must have one. After changing an operation's output, run `npm run schemas`.
 */
import fs from 'node:fs';
import path from 'node:path';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import {
	existingSchemaFiles,
	generateSchemas,
	operationsOf,
	schemaRoot,
	versionDirs,
} from '../../../support/output-schemas';
import { schemaOf, schemaOfItems } from '../../../support/json-schema';

describe('output schemas', () => {
	it("infer n8n's schema form: integers apart from numbers, null, nested objects, merged array items and items", () => {
		expect(schemaOf({ b: 1.5, a: 2, c: null, d: [{ x: 'y' }, { z: true }], e: [] })).toEqual({
			type: 'object',
			properties: {
				a: { type: 'integer' },
				b: { type: 'number' },
				c: { type: 'null' },
				d: {
					type: 'array',
					items: { type: 'object', properties: { x: { type: 'string' }, z: { type: 'boolean' } } },
				},
				e: { type: 'array' },
			},
		});
		expect(
			schemaOfItems([
				{ id: 1, note: null },
				{ id: 2, note: 'late' },
			]),
		).toEqual({
			type: 'object',
			properties: { id: { type: 'integer' }, note: { type: ['null', 'string'] } },
			version: 1,
		});
	});
});

describe('output schemas of the Deliverability node', () => {
	let generated: Map<string, string>;

	beforeAll(async () => {
		generated = await generateSchemas();
	}, 180000);

	it('exist for every resource and operation of the node', () => {
		const { description } = new Deliverability();
		const expected = versionDirs(description).flatMap(([, dir]) =>
			operationsOf(description).map(({ resource, operation }) =>
				path.join(dir, resource, `${operation}.json`),
			),
		);
		const missing = expected.filter((f) => !fs.existsSync(path.join(schemaRoot, f)));
		expect({ missing, hint: 'npm run generate' }).toEqual({
			missing: [],
			hint: 'npm run generate',
		});
		expect(existingSchemaFiles()).toEqual([...expected].sort());
	});

	it('equal what the node returns from the sandbox today (regenerated and compared)', () => {
		const stale = [...generated].filter(
			([rel, text]) =>
				!fs.existsSync(path.join(schemaRoot, rel)) ||
				fs.readFileSync(path.join(schemaRoot, rel), 'utf8') !== text,
		);
		expect({ stale: stale.map(([rel]) => rel), hint: 'npm run generate' }).toEqual({
			stale: [],
			hint: 'npm run generate',
		});
		// What n8n's editor reads first of all: a JSON Schema of one item, an object with properties.
		const getSpamTest = JSON.parse(generated.get(path.join('v1.0.0', 'spamTest', 'get.json'))!) as {
			type: string;
			properties: Record<string, unknown>;
		};
		expect(getSpamTest.type).toBe('object');
		expect(Object.keys(getSpamTest.properties)).toEqual(
			expect.arrayContaining(['public_id', 'completed', 'final_score']),
		);
	});
});
