/**
 * sandbox/BEHAVIOUR.md is where the sandbox's readings of the spec are written: every route of the
 * sandbox's API (ROUTES, sandbox/server.ts) is named there as `METHOD /path`, its parameters in any
 * name (`{id}`, `{public_id}`). Read from the route table, so a new route without its line fails
 * here, naming the route and the file.
 */
import fs from 'node:fs';
import path from 'node:path';

import { ROUTES } from '../../sandbox/server';

const behaviour = fs.readFileSync(path.resolve(__dirname, '../../sandbox/BEHAVIOUR.md'), 'utf8');

/** A path with every parameter written the same way: `/tags/:id/link` and `/tags/{id}/link` alike. */
const shape = (route: string) => route.replace(/\{[^}/]+\}|:[A-Za-z_]+/g, '{}');

/** Every `METHOD /path` the file names. */
const named = new Set(
	[...behaviour.matchAll(/\b(GET|POST|DELETE|PUT|PATCH) (\/[^\s`?,;)]*)/g)].map(
		(m) => `${m[1]} ${shape(m[2]).replace(/[.:]+$/, '')}`,
	),
);

describe('sandbox/BEHAVIOUR.md names every route of the sandbox', () => {
	it('reads the route table (a check that finds nothing proves nothing)', () => {
		expect(ROUTES.length).toBeGreaterThan(30);
	});

	it('has `METHOD /path` for each route', () => {
		const missing = ROUTES.filter((r) => !named.has(`${r.method} ${shape(r.path)}`)).map(
			(r) =>
				`${r.method} ${r.path}: write its line in sandbox/BEHAVIOUR.md under its resource (what it ` +
				'answers, and the choices where the spec is silent)',
		);
		expect(missing).toEqual([]);
	});
});
