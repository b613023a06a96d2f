/**
 * An operation is its file: resources/<resource>/<operation>.ts is the operation `<operation>` of the
 * resource `<resource>`, registered by one line in that folder's index.ts. Read from the folders and
 * the resource table (RESOURCES), so a file whose index line was forgotten (the node never offers it,
 * and every check that reads the node's operations passes without it) or an operation registered under
 * another resource or value fails here, naming the file and the line to write.
 */
import fs from 'node:fs';
import path from 'node:path';

import { RESOURCES } from '../../nodes/Deliverability/resources';
import type { OperationModule } from '../../nodes/Deliverability/resources/types';

const folder = path.resolve(__dirname, '../../nodes/Deliverability/resources');
const resources = fs
	.readdirSync(folder, { withFileTypes: true })
	.filter((e) => e.isDirectory())
	.map((e) => e.name);

/** The operation files of a resource folder: every .ts beside index.ts (helpers live in shared/). */
const operationFiles = (resource: string) =>
	fs
		.readdirSync(path.join(folder, resource))
		.filter((f) => f.endsWith('.ts') && f !== 'index.ts')
		.map((f) => f.replace(/\.ts$/, ''));

const registered = (resource: string) =>
	RESOURCES.find((r) => r.option.value === resource)?.operations ?? {};

describe('every operation file is its resource table entry', () => {
	it('reads the folders (a check that finds nothing proves nothing)', () => {
		expect(resources.length).toBe(RESOURCES.length);
		expect(resources.flatMap(operationFiles).length).toBeGreaterThan(30);
	});

	it('each resources/<resource>/<operation>.ts is registered as <operation> of <resource>', () => {
		const wrong = resources.flatMap((resource) =>
			operationFiles(resource).flatMap((name) => {
				// eslint-disable-next-line @typescript-eslint/no-require-imports
				const file = require(path.join(folder, resource, name)) as OperationModule;
				if (registered(resource)[name]?.execute === file.execute) return [];
				return [
					`nodes/Deliverability/resources/${resource}/${name}.ts is not in its resource table: add ` +
						`\`import * as ${name} from './${name}';\` and \`${name}\` to the table of defineResource in ` +
						`resources/${resource}/index.ts (a helper of the operations goes in resources/${resource}/shared/)`,
				];
			}),
		);
		expect(wrong).toEqual([]);
	});

	it('each operation of a resource table is the file of that name in its folder', () => {
		const wrong = RESOURCES.flatMap((r) =>
			Object.keys(r.operations)
				.filter((name) => !operationFiles(String(r.option.value)).includes(name))
				.map(
					(name) =>
						`${String(r.option.value)} → ${name} has no file resources/${String(r.option.value)}/${name}.ts: ` +
						'an operation is registered under its own file name, in its own resource folder',
				),
		);
		expect(wrong).toEqual([]);
	});
});
