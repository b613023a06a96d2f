/**
 * Rewrites test/nodes/fixtures/interface.json (the released interface) from the node's description. Only for a
 * deliberate interface change before the first release (or when merging branches that each appended entries); say
 * so in the commit. After a release, add a node version instead of changing an entry.
 */
import fs from 'node:fs';
import path from 'node:path';

import { Deliverability } from '../nodes/Deliverability/Deliverability.node';
import { interfaceOf } from '../support/interface';

const file = path.join(__dirname, '..', 'test', 'nodes', 'fixtures', 'interface.json');
const before = new Map(
	(JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{ key: string }>).map((e) => [
		e.key,
		JSON.stringify(e),
	]),
);
const now = interfaceOf(new Deliverability().description.properties);
const added = now.filter((e) => !before.has(e.key)).length;
const changed = now.filter(
	(e) => before.has(e.key) && before.get(e.key) !== JSON.stringify(e),
).length;
const removed = [...before.keys()].filter((k) => !now.some((e) => e.key === k)).length;
fs.writeFileSync(file, `${JSON.stringify(now, null, '\t')}\n`);
console.log(
	`interface.json: ${now.length} entries (${added} added, ${changed} changed, ${removed} removed)`,
);
