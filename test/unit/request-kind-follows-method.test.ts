/**
 * How a request may be repeated is tied to its method in the type (nodes/shared/transport/types.ts): a create is a
 * POST with its wording, a read is a GET. The mistakes below must not compile: `npm run typecheck` (and so
 * `npm test`) fails on a line that makes one, with the type's comment saying which pairs exist. Each
 * `@ts-expect-error` fails the type check the day the type accepts that mistake again.
 */
import fs from 'node:fs';
import path from 'node:path';

import { RESOURCES } from '../../nodes/Deliverability/resources';
import type { ApiRequest } from '../../nodes/shared/transport';
import { kindOf } from '../../nodes/shared/transport/retries';

const creates = { what: 'The thing may have been made', where: 'Thing → Get Many' };

const accepted: ApiRequest[] = [
	{ method: 'GET', path: '/things' },
	{ method: 'GET', path: '/things', kind: 'read' },
	{ method: 'POST', path: '/things', kind: 'create', creates },
	{ method: 'POST', path: '/things/1/pause', kind: 'update' },
	{ method: 'DELETE', path: '/things/1' },
	{ method: 'DELETE', path: '/things/1', kind: 'update' },
];

const refused: ApiRequest[] = [
	// @ts-expect-error a DELETE is never a create (it would never be retried, and a lost answer would say "created")
	{ method: 'DELETE', path: '/things/1', kind: 'create', creates },
	// @ts-expect-error a create says what it may have made and where to check (its `creates` wording)
	{ method: 'POST', path: '/things', kind: 'create' },
	// @ts-expect-error a POST says whether it creates or updates: the safe default does not hide a forgotten kind
	{ method: 'POST', path: '/things' },
	// @ts-expect-error a GET only reads
	{ method: 'GET', path: '/things', kind: 'update' },
];

describe('a request kind follows its method', () => {
	it('reads are retried as reads, creates as creates, the rest as updates', () => {
		expect(accepted.map(kindOf)).toEqual(['read', 'read', 'create', 'update', 'update', 'update']);
		expect(refused).toHaveLength(4);
	});
});

describe('an operation named Create sends a create', () => {
	// Read from the resource table: a Create whose POST is sent as an update would be repeated after
	// an answer lost on the way back, and make the thing twice (the type allows a POST that updates).
	const creates = RESOURCES.flatMap((r) =>
		Object.entries(r.operations)
			.filter(([, op]) => op.title.endsWith('→ Create'))
			.map(([value]) => `resources/${String(r.option.value)}/${value}.ts`),
	);

	it('finds the Creates (a check that finds nothing proves nothing)', () => {
		expect(creates.length).toBeGreaterThan(3);
	});

	it.each(creates)('%s sends its POST with kind create', (file) => {
		const source = fs.readFileSync(
			path.resolve(__dirname, '../../nodes/Deliverability', file),
			'utf8',
		);
		// In the file, the request is { method: 'POST', path, body, kind: 'create', creates, answer },
		// with `creates` saying what may exist and where to check when the answer is lost.
		expect(source).toMatch(/kind: 'create'/);
	});
});
