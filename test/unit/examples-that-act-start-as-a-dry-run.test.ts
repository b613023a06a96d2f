/**
 * Every example that changes mailboxes ships as a dry run: its Settings node's `dry_run` is true, and each node that
 * pauses, resumes, reconnects, updates or deletes an account runs only behind the "false" output of its *Dry run?*
 * gate, so a freshly imported workflow changes nothing until its user turns the switch off. (The e2e suite runs each
 * such example in both positions; this check catches a new example or node that forgot the switch.)
 */
import { dryRunSwitch, loadExamples } from '../../support/examples';

/** The account operations that change a mailbox. */
const ACTS = new Set(['pause', 'resume', 'reconnect', 'batch', 'delete', 'update', 'connectImap']);

interface Node {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
}
type Connections = Record<string, { main?: Array<Array<{ node: string }> | null> }>;

const examples = loadExamples().map((e) => ({
	file: e.file,
	workflow: e.workflow,
	nodes: e.workflow.nodes as unknown as Node[],
	connections: e.workflow.connections as Connections,
}));

const acting = (nodes: Node[]) =>
	nodes.filter(
		(n) =>
			n.type.endsWith('.deliverability') &&
			n.parameters.resource === 'account' &&
			ACTS.has(String(n.parameters.operation)),
	);

/** The nodes feeding each node, with the output they feed it from. */
function feeders(connections: Connections): Map<string, Array<{ from: string; output: number }>> {
	const into = new Map<string, Array<{ from: string; output: number }>>();
	for (const [from, types] of Object.entries(connections))
		for (const [output, targets] of (types.main ?? []).entries())
			for (const t of targets ?? [])
				into.set(t.node, [...(into.get(t.node) ?? []), { from, output }]);
	return into;
}

/** Whether every path into `name` passes the "false" output of the Dry run? gate. */
function onlyBehindTheGate(
	name: string,
	into: ReturnType<typeof feeders>,
	seen = new Set<string>(),
): boolean {
	if (seen.has(name)) return true;
	seen.add(name);
	const sources = into.get(name) ?? [];
	if (sources.length === 0) return false; // a trigger reached without the gate
	return sources.every(({ from, output }) =>
		from === 'Dry run?' ? output === 1 : onlyBehindTheGate(from, into, seen),
	);
}

const withActions = examples.filter((e) => acting(e.nodes).length > 0);

it('the examples that pause, reconnect or delete are the ones expected', () => {
	expect(withActions.map((e) => e.file)).toEqual([
		'act-on-notifications.json',
		'auto-pause-on-disconnect.json',
		'batch-reconnect.json',
		'pause-disconnected-catch-up.json',
		'reconnect-on-disconnect.json',
	]);
});

describe.each(withActions.map((e) => [e.file, e] as const))('%s', (_file, example) => {
	it('ships with its dry run on (Settings → dry_run true)', () => {
		expect(dryRunSwitch(example.workflow)).toMatchObject({ value: true });
	});

	it('reaches each action only through the "false" output of Dry run?', () => {
		const into = feeders(example.connections);
		expect(
			acting(example.nodes)
				.filter((n) => !onlyBehindTheGate(n.name, into))
				.map((n) => n.name),
		).toEqual([]);
	});

	it('says in its sticky note that it starts as a dry run and how to turn it off', () => {
		const sticky = example.nodes.find((n) => n.type === 'n8n-nodes-base.stickyNote')!;
		expect(String(sticky.parameters.content)).toContain(
			'**Dry run, on by default**, so that a freshly imported workflow changes nothing',
		);
		expect(String(sticky.parameters.content)).toContain('Set `dry_run` to `false` in *Settings*');
	});
});
