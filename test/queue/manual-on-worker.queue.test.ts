/**
 * n8n 3.0 runs every manual execution of a queue-mode instance on a worker: OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS is
 * removed, and n8n 2.41 already behaves that way when it is `true`. Main + one worker with it set (no webhook
 * processor: manual runs and test webhooks go to main), started by the editor's own call, `POST
 * /rest/workflows/<id>/run` with the trigger to start from:
 *
 * - the spam-test-after-send example ("Execute workflow", then its webhook's test event as a sending tool would send
 *   it; Wait node shortened to 2 s): "Check results" answers "Not Yet" first, then "Completed";
 * - the pre-send gate example (Manual Trigger; "Get results" is a Get with Wait for Completion): "Completed";
 * - a copy of the gate whose wait gives up after 3 s and returns the last snapshot: "Not Yet".
 *
 * Each runs on the worker (its log says it started that execution). Then main restarts without the variable (2.x's
 * default: manual runs stay on main), the worker starts none of the same three runs, and they give the same outputs.
 */
import { loadExamples, afterSendExample, type Workflow } from '../../support/examples';
import { isFinished, type N8n } from '../../support/n8n-process';
import { admin } from '../../support/sandbox-admin';
import {
	closeStacks,
	executions,
	queueDescribe,
	START_TIMEOUT_MS,
	startQueueStack,
	waitFor,
	workerStarts,
	type QueueStack,
} from './support';

const OFFLOAD = 'OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS';
/** Seed copies count this long after the send: the first check finds the spam test incomplete. */
const SEED_DELAY_MS = 8000;
const RUN_TIMEOUT_MS = 300000;

const afterSend = afterSendExample(2, { id: 'QueueManualAfter1', path: 'after-send-manual' });

const gate = loadExamples().find((e) => e.file === 'pre-send-gate.json')!.workflow as Workflow;

/** The pre-send gate giving up after 3 s (before the delayed seed copies count) with the last snapshot. */
const gateGivesUp = (() => {
	const wf = JSON.parse(JSON.stringify(gate)) as Workflow;
	wf.id = 'QueueManualGateNY';
	wf.name = `${wf.name} (gives up waiting)`;
	Object.assign(wf.nodes.find((n) => n.name === 'Get results')!.parameters, {
		pollInterval: 1,
		timeoutMinutes: 0.05,
		onTimeout: 'returnLast',
	});
	return wf;
})();

interface ManualRun {
	workflow: Workflow;
	/** The trigger the editor starts from. */
	trigger: string;
	/** The node with "Completed" / "Not Yet" outputs. */
	check: string;
	/** For a webhook trigger: the test event sent to /webhook-test/<path> after "Execute workflow". */
	testEvent?: { path: string; body: object };
}

const RUNS: Record<string, ManualRun> = {
	'spam test after send': {
		workflow: afterSend,
		trigger: 'Campaign sent',
		check: 'Check results',
		testEvent: {
			path: 'after-send-manual',
			body: { from: 'news@clean-campaign.example', subject: 'Manual run', text: 'Hello' },
		},
	},
	'pre-send gate': { workflow: gate, trigger: 'Run the gate', check: 'Get results' },
	'pre-send gate, giving up': {
		workflow: gateGivesUp,
		trigger: 'Run the gate',
		check: 'Get results',
	},
};

type RunData = Record<
	string,
	Array<{ data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> } }>
>;

interface Execution {
	id: string;
	status: string;
	mode: string;
	data: { resultData: { runData: RunData; error?: unknown } };
}

/** What a run did, comparable between two runs: which outputs its check used, round after round (repeats folded). */
interface Outcome {
	status: string;
	mode: string;
	nodes: string[];
	outputs: string[];
	/** The check's last item: fields it carries and whether it is complete (or gave up). */
	lastItem: { keys: string[]; completed: unknown; waitTimedOut: unknown };
}

function outcome(execution: Execution, check: string): Outcome {
	const runData = execution.data.resultData.runData;
	const runs = runData[check] ?? [];
	const outputs: string[] = [];
	for (const run of runs) {
		const used = (run.data?.main ?? [])
			.map((items, i) => (items?.length ? ['Completed', 'Not Yet'][i] : undefined))
			.filter((o): o is string => o !== undefined)
			.join(' + ');
		if (outputs[outputs.length - 1] !== used) outputs.push(used);
	}
	const last = runs[runs.length - 1]?.data?.main?.flatMap((items) => items ?? [])[0]?.json ?? {};
	return {
		status: execution.status,
		mode: execution.mode,
		nodes: Object.keys(runData).sort(),
		outputs,
		lastItem: {
			keys: Object.keys(last).sort(),
			completed: last.completed,
			waitTimedOut: last._waitTimedOut,
		},
	};
}

let stack: QueueStack;
const main = (): N8n => stack.cluster.main;

beforeAll(async () => {
	if (process.env.QUEUE_SKIP) return;
	stack = await startQueueStack({
		name: 'manual',
		webhookProcessors: 0,
		env: { [OFFLOAD]: 'true' },
		beforeStart: (n8n) => n8n.importWorkflows([afterSend, gate, gateGivesUp]),
	});
	await admin(stack.sandbox, 'POST', '/settings', { seedDelayMs: SEED_DELAY_MS });
}, START_TIMEOUT_MS);

afterAll(closeStacks);

/** "Execute workflow" as the editor does it; resolves with the finished execution. */
async function runManually({ workflow, trigger, testEvent }: ManualRun): Promise<Execution> {
	const before = new Set((await executions(stack, workflow.id)).map((e) => String(e.id)));
	const started = await main().rest<{ executionId?: string; waitingForWebhook?: boolean }>(
		'POST',
		`/workflows/${workflow.id}/run`,
		{ triggerToStartFrom: { name: trigger } },
	);
	expect(started.status).toBe(200);
	let id = started.data.executionId;
	if (testEvent) {
		// A webhook trigger first listens for its test event (the editor's "Listening for test event").
		expect(started.data).toEqual({ waitingForWebhook: true });
		const res = await fetch(`${main().baseUrl}/webhook-test/${testEvent.path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(testEvent.body),
		});
		expect(res.status).toBe(200);
		id = await waitFor('the test event to start an execution', async () => {
			const fresh = (await executions(stack, workflow.id)).find((e) => !before.has(String(e.id)));
			return fresh && String(fresh.id);
		});
	}
	if (!id) throw new Error(`no execution started: ${JSON.stringify(started.data)}`);
	return await waitFor(
		`execution ${id} to finish`,
		async () => {
			const res = await main().api<Execution>('GET', `/executions/${id}?includeData=true`);
			return res.status === 200 && isFinished(res.data.status) && res.data;
		},
		RUN_TIMEOUT_MS,
		1000,
	);
}

/** Whether the worker's log says it started this execution. */
const startedOnWorker = (id: string) =>
	workerStarts(stack.cluster.worker.output).some((l) =>
		new RegExp(`Worker started execution ${id}\\b`).test(l),
	);

/** Runs every workflow of RUNS by hand, checking each ran on the worker or not as expected; their outcomes by name. */
async function runEachManually(ranOnWorker: boolean): Promise<Record<string, Outcome>> {
	const outcomes: Record<string, Outcome> = {};
	for (const [name, run] of Object.entries(RUNS)) {
		const execution = await runManually(run);
		expect({ name, ranOnWorker: startedOnWorker(execution.id) }).toEqual({ name, ranOnWorker });
		outcomes[name] = outcome(execution, run.check);
	}
	return outcomes;
}

async function v3InstanceFindings(): Promise<string[]> {
	const res = await main().rest<{ report: { instanceResults: Array<{ ruleId: string }> } }>(
		'POST',
		'/breaking-changes/report/refresh?version=v3',
	);
	expect(res.status).toBe(200);
	return res.data.report.instanceResults.map((r) => r.ruleId);
}

const onWorker: Record<string, Outcome> = {};

queueDescribe('manual executions in queue mode', () => {
	it(
		`with ${OFFLOAD}=true (3.0's only way) each manual run executes on the worker`,
		async () => {
			expect(await v3InstanceFindings()).not.toContain('offload-manual-executions-v3');
			Object.assign(onWorker, await runEachManually(true));
			for (const o of Object.values(onWorker))
				expect(o).toMatchObject({ status: 'success', mode: 'manual' });
			expect(onWorker['spam test after send'].outputs).toEqual(['Not Yet', 'Completed']);
			expect(onWorker['spam test after send'].nodes).toContain('Result card');
			expect(onWorker['pre-send gate'].outputs).toEqual(['Completed']);
			expect(onWorker['pre-send gate'].lastItem.completed).toBe(true);
			expect(onWorker['pre-send gate'].nodes).toContain('Send the campaign');
			expect(onWorker['pre-send gate, giving up'].outputs).toEqual(['Not Yet']);
			expect(onWorker['pre-send gate, giving up'].lastItem).toMatchObject({
				completed: false,
				waitTimedOut: true,
			});
			process.stdout.write(`[queue] manual runs on the worker: ${JSON.stringify(onWorker)}\n`);
		},
		RUN_TIMEOUT_MS * 3,
	);

	it(
		'without it (2.x default) main runs them itself, with the same outputs',
		async () => {
			main().setEnv({ [OFFLOAD]: undefined });
			await main().restart();
			expect(await v3InstanceFindings()).toContain('offload-manual-executions-v3');
			expect(await runEachManually(false)).toEqual(onWorker);
		},
		RUN_TIMEOUT_MS * 3 + START_TIMEOUT_MS,
	);
});
