/**
 * The trigger's duplicate memory across webhook processors, at the limits n8n sets (docs/queue-mode.md → Duplicates):
 * - copies of one event at the same moment on ONE processor start one run (the in-process memory decides);
 * - copies at the same moment on TWO processors start at most one run per processor: each webhook request reads the
 *   workflow's static data from Postgres before either has saved, and n8n offers a webhook() no shared atomic
 *   check (the evidence: docs/queue-mode.md → Duplicates); every accepted answer is exactly one run, every duplicate answer none;
 * - two different ids at the same moment on two processors: the database keeps the last writer's copy, so one id
 *   may drop out of the saved memory until the processor that accepted it handles its next event (it writes back
 *   everything it remembers); after that, restarts of every processor forget nothing;
 * - unpublish + republish gives the new alert a fresh memory in every process: an id seen before is new again.
 */
import { loadExamples } from '../../support/examples';
import type { N8n } from '../../support/n8n-process';
import {
	aliveAccounts,
	deliver as deliverTo,
	executions as executionsOf,
	closeStacks,
	queueDescribe,
	START_TIMEOUT_MS,
	settled as settledOf,
	sleep,
	startQueueStack,
	triggerAlerts,
	waitFor,
	type Answer,
	type QueueStack,
} from './support';

const example = loadExamples().find((e) => e.file === 'auto-pause-on-disconnect.json')!;
const trigger = (
	example.workflow.nodes as Array<{ type: string; webhookId?: string; name: string }>
).find((n) => n.type.endsWith('.deliverabilityAlertTrigger'))!;

let stack: QueueStack;
let accounts: number[];
let seq = 0;

beforeAll(async () => {
	if (process.env.QUEUE_SKIP) return;
	stack = await startQueueStack({
		name: 'concurrency',
		beforeStart: (main) => main.importWorkflows([example.workflow]),
	});
	expect((await stack.cluster.main.api('POST', `/workflows/${example.id}/activate`)).status).toBe(
		200,
	);
	await waitFor('the alert', async () => (await ourAlerts()).length === 1, 30000);
	accounts = await aliveAccounts(stack);
}, START_TIMEOUT_MS);

afterAll(closeStacks);

const [wh1, wh2] = [() => stack.cluster.webhooks[0], () => stack.cluster.webhooks[1]];
const ourAlerts = () => triggerAlerts(stack, trigger.webhookId!);
const executions = () => executionsOf(stack, example.id);
const settled = (count: number) => settledOf(stack, example.id, count);
const deliver = (on: N8n, payload: object) => deliverTo(stack, trigger.webhookId!, on, payload);

/** A fresh ACCOUNT_DISCONNECTED event for the next account (the auto-pause example pauses it). */
function newEvent(label: string): Record<string, unknown> {
	seq++;
	return {
		id: `evt_${label}_${seq}_${Date.now().toString(36)}`,
		event: 'ACCOUNT_DISCONNECTED',
		account_id: accounts[seq % accounts.length],
	};
}

const outcome = (a: Answer) => `${a.status} ${String(a.body.status)}`;

/** The ids the trigger's memory holds in the workflow's static data, as n8n's public API returns the workflow. */
async function savedIds(): Promise<string[]> {
	const res = await stack.cluster.main.api<{ staticData?: Record<string, unknown> }>(
		'GET',
		`/workflows/${example.id}`,
	);
	expect(res.status).toBe(200);
	const node = (res.data.staticData ?? {})[`node:${trigger.name}`] as
		| Record<string, unknown>
		| undefined;
	const memory = node?.eventMemory as { ids?: unknown } | undefined;
	const list = Array.isArray(memory?.ids)
		? memory.ids
		: Array.isArray(node?.recentEventIds)
			? node.recentEventIds
			: [];
	return (list as unknown[]).map(String);
}

queueDescribe("the trigger's duplicate memory across webhook processors", () => {
	it('copies of one event at the same moment on one processor start one run', async () => {
		const before = (await executions()).length;
		const events = [newEvent('one'), newEvent('one'), newEvent('one')];
		const answers = await Promise.all(
			events.flatMap((e) => [deliver(wh1(), e), deliver(wh1(), e)]),
		);
		expect(answers.map(outcome).sort()).toEqual(
			[...Array(3).fill('200 accepted'), ...Array(3).fill('200 duplicate')].sort(),
		);
		await settled(before + 3);
		await sleep(1500);
		expect(await executions()).toHaveLength(before + 3);
	});

	it('copies of one event at the same moment on two processors: at most one run per processor, one per accepted answer', async () => {
		const before = (await executions()).length;
		const events = [newEvent('two'), newEvent('two'), newEvent('two')];
		const pairs = await Promise.all(
			events.map((e) => Promise.all([deliver(wh1(), e), deliver(wh2(), e)])),
		);
		const accepted = pairs.map((pair) => pair.filter((a) => a.body.status === 'accepted').length);
		for (const pair of pairs)
			for (const a of pair) expect(['200 accepted', '200 duplicate']).toContain(outcome(a));
		// The guarantee: at least one copy runs, never more than one per processor.
		for (const n of accepted) expect(n === 1 || n === 2).toBe(true);
		const total = accepted.reduce((a, b) => a + b, 0);
		await settled(before + total);
		await sleep(1500);
		expect(await executions()).toHaveLength(before + total);
		process.stdout.write(
			`[queue] same id on both processors at once: ${accepted.filter((n) => n === 2).length} of ${events.length} ids started two runs\n`,
		);
		// Once both have answered and saved, every further copy is a duplicate on either processor.
		for (const e of events) {
			for (const processor of [wh1(), wh2()])
				expect(outcome(await deliver(processor, e))).toBe('200 duplicate');
		}
	});

	it('two different ids at the same moment on two processors: each runs once, and no id is lost for good', async () => {
		const before = (await executions()).length;
		const pairs = [0, 1, 2].map(() => [newEvent('pair'), newEvent('pair')]);
		for (const [x, y] of pairs) {
			const answers = await Promise.all([deliver(wh1(), x), deliver(wh2(), y)]);
			expect(answers.map(outcome)).toEqual(['200 accepted', '200 accepted']);
		}
		await settled(before + 6);
		const ids = pairs.flat().map((e) => String(e.id));
		const saved = await savedIds();
		process.stdout.write(
			`[queue] different ids on both processors at once: ${ids.filter((id) => !saved.includes(id)).length} of ${ids.length} ids missing from the saved memory right after (the last writer's copy wins)\n`,
		);
		// Each processor's next event writes back everything that processor remembers.
		expect(outcome(await deliver(wh1(), newEvent('next')))).toBe('200 accepted');
		await sleep(1500);
		expect(outcome(await deliver(wh2(), newEvent('next')))).toBe('200 accepted');
		await settled(before + 8);
		const after = await savedIds();
		expect(ids.filter((id) => !after.includes(id))).toEqual([]);
		// With every in-process memory gone, the saved memory alone recognises all of them.
		await Promise.all([wh1().restart(), wh2().restart()]);
		for (const e of pairs.flat()) {
			for (const processor of [wh1(), wh2()])
				expect(outcome(await deliver(processor, e))).toBe('200 duplicate');
		}
		await sleep(1500);
		expect(await executions()).toHaveLength(before + 8);
	});

	it('after unpublish + republish an id seen before is new again, in every process', async () => {
		const old = newEvent('republish');
		expect(outcome(await deliver(wh1(), old))).toBe('200 accepted');
		// wh1 saves its memory right after answering: give it the moment, then wh2 learns the id from the database.
		await sleep(1500);
		expect(outcome(await deliver(wh2(), old))).toBe('200 duplicate');
		const before = (await settled((await executions()).length)).length;
		const [first] = await ourAlerts();
		expect(
			(await stack.cluster.main.api('POST', `/workflows/${example.id}/deactivate`)).status,
		).toBe(200);
		await waitFor('no alert', async () => (await ourAlerts()).length === 0, 30000);
		expect((await stack.cluster.main.api('POST', `/workflows/${example.id}/activate`)).status).toBe(
			200,
		);
		await waitFor('the new alert', async () => (await ourAlerts()).length === 1, 30000);
		const [second] = await ourAlerts();
		expect(second.id).not.toBe(first.id);
		// Both processors remember the id in-process (wh1 accepted it, wh2 answered duplicate): the new alert must not.
		expect(outcome(await deliver(wh1(), old))).toBe('200 accepted');
		await sleep(1500);
		expect(outcome(await deliver(wh2(), old))).toBe('200 duplicate');
		await settled(before + 1);
		await sleep(1500);
		expect(await executions()).toHaveLength(before + 1);
	});
});
