/**
 * The examples' node positions leave room for the labels n8n draws on the canvas (checked in the real editor by the
 * browser e2e; this rule keeps it without a browser):
 * - a node with named outputs (If: true/false, Switch, the Deliverability node's Completed / Not Yet) writes each
 *   output's name right of the node, and a run writes "1 item" halfway along each connection: the next node stands
 *   far enough to the right that the count lands past the name;
 * - the tools and the chat model under an AI agent each have their name written under them: they stand far enough
 *   apart that the names do not run into each other at fit view.
 */
import { loadExamples } from '../../support/examples';
import { RESOURCES } from '../../nodes/Deliverability/resources';

/** Least horizontal distance from a node with named outputs to the nodes it feeds (canvas units). */
const AFTER_NAMED_OUTPUTS = 320;
/** Least horizontal distance between two sub-nodes of one AI agent. */
const BETWEEN_SUB_NODES = 200;

const TWO_OUTPUTS = new Set(
	RESOURCES.flatMap((r) =>
		Object.keys(r.completion).map((op) => `${String(r.option.value)}:${op}`),
	),
);

interface Node {
	name: string;
	type: string;
	position: [number, number];
	parameters: Record<string, unknown>;
}
type Connections = Record<string, Record<string, Array<Array<{ node: string }> | null>>>;

function hasNamedOutputs(node: Node): boolean {
	if (['n8n-nodes-base.if', 'n8n-nodes-base.switch'].includes(node.type)) return true;
	return (
		node.type.endsWith('.deliverability') &&
		TWO_OUTPUTS.has(`${String(node.parameters.resource)}:${String(node.parameters.operation)}`)
	);
}

const examples = loadExamples().map((e) => ({
	file: e.file,
	nodes: e.workflow.nodes as unknown as Node[],
	connections: e.workflow.connections as Connections,
}));

describe.each(examples.map((e) => [e.file, e] as const))('%s', (_file, example) => {
	const byName = new Map(example.nodes.map((n) => [n.name, n]));

	it(`nodes fed by named outputs stand at least ${AFTER_NAMED_OUTPUTS} to the right`, () => {
		const tooClose: string[] = [];
		for (const [from, types] of Object.entries(example.connections)) {
			const source = byName.get(from)!;
			if (!hasNamedOutputs(source)) continue;
			for (const target of (types.main ?? []).flat()) {
				const dx = byName.get(target!.node)!.position[0] - source.position[0];
				// A connection back to the left (a loop) has its count elsewhere.
				if (dx >= 0 && dx < AFTER_NAMED_OUTPUTS) tooClose.push(`${from} → ${target!.node}: ${dx}`);
			}
		}
		expect(tooClose).toEqual([]);
	});

	it(`the sub-nodes of an AI agent stand at least ${BETWEEN_SUB_NODES} apart`, () => {
		const byAgent = new Map<string, Node[]>();
		for (const [from, types] of Object.entries(example.connections))
			for (const [type, outputs] of Object.entries(types)) {
				if (type === 'main') continue;
				for (const target of outputs.flat())
					byAgent.set(target!.node, [...(byAgent.get(target!.node) ?? []), byName.get(from)!]);
			}
		const tooClose: string[] = [];
		for (const subNodes of byAgent.values()) {
			const sorted = [...subNodes].sort((a, b) => a.position[0] - b.position[0]);
			for (const [i, node] of sorted.slice(1).entries()) {
				const dx = node.position[0] - sorted[i].position[0];
				if (dx < BETWEEN_SUB_NODES) tooClose.push(`${sorted[i].name} | ${node.name}: ${dx}`);
			}
		}
		expect(tooClose).toEqual([]);
	});
});
