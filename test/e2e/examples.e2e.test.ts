/**
 * The examples/ workflows run in a real n8n against the sandbox, started the way a user starts them (the editor's
 * Manual Trigger ≙ `n8n execute --id`): pre-send gate (SMTP to every seed, wait for completion, IF branch), weekly
 * domain health (one summary item), acting on the open notifications (the polling-trigger example's "Run now"), the
 * weekly HTML report (charts, emailed), batch reconnect (the accounts with an IMAP issue, an outcome each), the
 * catch-up that pauses disconnected mailboxes still warming (and pauses nothing when run again) and the spam
 * test after a campaign send (its webhook POSTed as a sending tool does; the loop with n8n's Wait node, shortened) and the
 * daily placement drop alert (a history made with the admin API: stable, then a drop; mailed once). Where a node with
 * Completed / Not Yet outputs leads somewhere (the pre-send gate, the spam test after a send, batch reconnect), a copy
 * with n8n's Always Output Data on and every item Not Yet shows that the empty item n8n adds on Completed acts on
 * nothing. The examples that pause or reconnect run in both positions of their dry run: as shipped (the would-be
 * actions listed, no change asked of the sandbox; auto-pause and reconnect published and sent a disconnection) and
 * with `dry_run` false (the actions happen).
 */
import {
	afterSendExample,
	exampleWith,
	loadExamples,
	withDryRun,
	type Workflow,
} from '../../support/examples';
import { isFinished, type ExecuteResult } from '../../support/n8n-process';
import { admin } from '../../support/sandbox-admin';
import {
	CAMPAIGN,
	executionRunData,
	n8nAlerts,
	nodeOutput,
	postUntilTaken,
	ranNodes,
	runOutput,
	service,
	startStack,
	waitFor,
	workflowExecutions,
	type Stack,
} from './support';

interface InboxMessage {
	from: string;
	to: string[];
	subject: string | null;
	text: string;
	matchedPublicIds: string[];
}

const examples = Object.fromEntries(loadExamples().map((e) => [e.file, e]));

/**
 * An example with its dry run off (Settings → dry_run false, the README's step to act for real), under an id of its
 * own: the example as shipped stays imported beside it, to run as a dry run.
 */
function dryRunOff(file: string): Workflow {
	const wf = withDryRun(examples[file].workflow, false) as unknown as Workflow;
	wf.id = `${wf.id.slice(0, 12)}Live`;
	wf.name = `${wf.name} (dry run off)`;
	return wf;
}
const live = Object.fromEntries(
	['act-on-notifications.json', 'pause-disconnected-catch-up.json', 'batch-reconnect.json'].map(
		(file) => [file, dryRunOff(file)],
	),
);

interface LoggedRequest {
	seq: number;
	method: string;
	path: string;
	body: unknown;
}

/** Seconds the dry runs added to the file, printed at its end (the CI budget counts every e2e second). */
let dryRunSeconds = 0;

/** Runs the example as shipped (its dry run on) and counts the time. */
async function dryRun(file: string): Promise<ExecuteResult> {
	const t0 = Date.now();
	const result = await stack.n8n.execute(examples[file].id);
	dryRunSeconds += (Date.now() - t0) / 1000;
	return result;
}

/** The last request the sandbox logged so far: what a run asked for is what comes after it. */
async function lastRequest(): Promise<number> {
	const log = await admin<LoggedRequest[]>(stack.sandbox, 'GET', '/requests');
	return log.length ? log[log.length - 1].seq : 0;
}

/** The requests after `seq` that could change something (every one but a read). */
async function changesSince(seq: number): Promise<string[]> {
	const log = await admin<LoggedRequest[]>(stack.sandbox, 'GET', '/requests');
	return log.filter((r) => r.seq > seq && r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
}

/** The pre-send gate with another sender (the sandbox places mail from a `spammy` domain mostly in spam). */
function spammyGate(): Record<string, unknown> {
	const wf = JSON.parse(JSON.stringify(examples['pre-send-gate.json'].workflow)) as {
		id: string;
		name: string;
		nodes: Array<{ name: string; parameters: Record<string, unknown> }>;
	};
	wf.id = 'DlvExPreSendSpam';
	wf.name = 'Pre-send gate (spammy sender)';
	wf.nodes.find((n) => n.name === 'Send to seeds')!.parameters.fromEmail =
		'deals@spammy-offers.example';
	return wf;
}

/**
 * The pre-send gate with n8n's Always Output Data on "Get results", checking once (Wait for Completion off): while the
 * test is incomplete its item leaves on Not Yet, and n8n 2.x adds an empty item on Completed, which reaches the gate.
 */
const gateAlwaysOutput = exampleWith('pre-send-gate.json', {
	'Get results': { waitForCompletion: false },
});
gateAlwaysOutput.id = 'DlvExPreSendAod1';
gateAlwaysOutput.name = 'Pre-send gate (Always Output Data, one check)';
gateAlwaysOutput.nodes.find((n) => n.name === 'Get results')!.alwaysOutputData = true;

/**
 * Batch reconnect acting (dry run off) with Always Output Data on "Reconnect and wait", not waiting: the task just
 * queued leaves on Not Yet, and n8n 2.x adds an empty item on Completed, which leads to "Keep it paused".
 */
const batchAlwaysOutput = exampleWith(
	'batch-reconnect.json',
	{ 'Reconnect and wait': { waitForCompletion: false } },
	{ dryRun: false },
);
batchAlwaysOutput.id = 'DlvExBatchRcAod1';
batchAlwaysOutput.name = 'Batch reconnect (Always Output Data, not waiting)';
batchAlwaysOutput.nodes.find((n) => n.name === 'Reconnect and wait')!.alwaysOutputData = true;

/**
 * The spam-test-after-send example on paths of its own, its Wait node at 2 s (in-process below 65 s, so a round takes
 * seconds here; the queue suite proves the stored wait) and, for the "gave up" copy, two checks at most and n8n's
 * Always Output Data on "Check results" (an empty item on Completed at every round that ends on Not Yet).
 */
const afterSendFast = afterSendExample(2, { id: 'DlvExAfterSndFst', path: 'after-send-fast' });
const afterSendGiveUp = afterSendExample(2, { id: 'DlvExAfterSndGvp', path: 'after-send-give-up' });
const cap = afterSendGiveUp.nodes.find((n) => n.name === 'Rounds left?')!.parameters as {
	conditions: { conditions: Array<{ rightValue: number }> };
};
cap.conditions.conditions[0].rightValue = 1;
afterSendGiveUp.nodes.find((n) => n.name === 'Check results')!.alwaysOutputData = true;

/**
 * The placement drop alert trending the newest 10 mailboxes instead of all 112: four graph requests a mailbox at the
 * service's 20 requests a second make every run of the example itself about 25 s, and the test needs one mailbox.
 */
const dropAlert = exampleWith('placement-drop-alert.json', {
	Mailboxes: { returnAll: false, limit: 10 },
});
dropAlert.id = 'DlvExPlcmtDropE2';
dropAlert.name = `${dropAlert.name} (newest 10 mailboxes)`;

let stack: Stack;

/** The first mailbox after the first that is connected and has no IMAP issue: one a disconnection is news for. */
async function connectedMailbox(): Promise<number> {
	for (let id = 2; ; id++) {
		const a = await service<{ alive: boolean; imap_issue: boolean }>(
			stack.sandbox,
			'GET',
			`/accounts/${id}`,
		);
		if (a.alive && !a.imap_issue) return id;
	}
}

beforeAll(async () => {
	stack = await startStack({
		beforeStart: async (n8n) => {
			await n8n.importWorkflows([
				...loadExamples().map((e) => e.workflow),
				...Object.values(live),
				spammyGate(),
				gateAlwaysOutput,
				batchAlwaysOutput,
				afterSendFast,
				afterSendGiveUp,
				dropAlert,
			]);
		},
	});
});

afterAll(async () => {
	process.stdout.write(`[e2e] examples: the dry runs took ${dryRunSeconds.toFixed(0)} s\n`);
	await stack?.close();
});

function expectNoError(result: ExecuteResult) {
	expect(result.data.resultData.error ?? null).toBeNull();
}

describe('example: pre-send gate', () => {
	async function runGate(workflowId: string) {
		await admin(stack.sandbox, 'DELETE', '/smtp');
		const result = await stack.n8n.execute(workflowId);
		expectNoError(result);
		const created = nodeOutput(result, 'Create spam test')[0];
		const seeds = String(created.seed_emails).split(',');
		const inbox = (await admin<InboxMessage[]>(stack.sandbox, 'GET', '/smtp')).filter((m) =>
			m.matchedPublicIds.includes(String(created.public_id)),
		);
		return { result, created, seeds, inbox };
	}

	it('sends one copy to every seed over SMTP, waits for completion and takes the "send" branch for a clean sender', async () => {
		const { result, created, seeds, inbox } = await runGate(examples['pre-send-gate.json'].id);
		expect(seeds.length).toBe(Number(created.seed_count));
		expect(seeds.length).toBeGreaterThan(0);

		// The sandbox's SMTP inbox: every seed received exactly one copy, carrying public_full_id.
		const delivered = inbox.flatMap((m) => m.to).sort();
		expect(delivered).toEqual([...seeds].map((s) => s.toLowerCase()).sort());
		for (const m of inbox) expect(m.text).toContain(String(created.public_full_id));

		const got = nodeOutput(result, 'Get results')[0];
		expect(got.completed).toBe(true);
		expect(typeof got.final_score).toBe('number');
		expect(got.not_received).toBe(0);
		expect(got.verdict).toMatch(/^(pass|warn|fail)$/);
		const test = await service<{ completed: boolean; final_score: number }>(
			stack.sandbox,
			'GET',
			`/spam_tests/${String(created.public_id)}`,
		);
		expect(test.completed).toBe(true);
		expect(test.final_score).toBe(got.final_score);

		expect(test.final_score).toBeGreaterThanOrEqual(7);
		expect(nodeOutput(result, 'Send the campaign')).toEqual([
			{
				decision: 'send the campaign',
				final_score: test.final_score,
				public_id: created.public_id,
			},
		]);
		expect(ranNodes(result)).not.toContain('Hold it');
	});

	it('takes the "hold" branch when the score is below 7 (spammy sender)', async () => {
		const { result, created, seeds, inbox } = await runGate('DlvExPreSendSpam');
		expect(inbox.flatMap((m) => m.to).sort()).toEqual(seeds.map((s) => s.toLowerCase()).sort());
		const got = nodeOutput(result, 'Get results')[0];
		expect(got.completed).toBe(true);
		expect(got.final_score as number).toBeLessThan(7);
		const held = nodeOutput(result, 'Hold it');
		expect(held).toHaveLength(1);
		expect(held[0]).toMatchObject({
			decision: 'hold the campaign',
			final_score: got.final_score,
			public_id: created.public_id,
		});
		expect(ranNodes(result)).not.toContain('Send the campaign');
	});

	it('with Always Output Data on and the test not complete, the empty item on Completed never sends the campaign', async () => {
		// The seed copies count only in 10 minutes: the one check finds the test incomplete.
		await admin(stack.sandbox, 'POST', '/settings', { seedDelayMs: 600000 });
		try {
			const { result, created } = await runGate(gateAlwaysOutput.id);
			const [completed, notYet] = result.data.resultData.runData['Get results'][0].data!.main;
			expect(notYet).toEqual([
				expect.objectContaining({
					json: expect.objectContaining({ public_id: created.public_id, completed: false }),
				}),
			]);
			// n8n's empty item, the only one on Completed: it fails the score check, so the campaign is held.
			expect(completed!.map((i) => i.json)).toEqual([{}]);
			expect(ranNodes(result)).not.toContain('Send the campaign');
			for (const held of nodeOutput(result, 'Hold it'))
				expect(held).toMatchObject({ decision: 'hold the campaign' });
			expect(nodeOutput(result, 'Hold it').map((h) => h.public_id ?? '')).toEqual(['']);
		} finally {
			await admin(stack.sandbox, 'POST', '/settings', { seedDelayMs: 0 });
		}
	});
});

describe('example: weekly domain health', () => {
	it('produces one summary item: verdicts with reasons, weak SPF/DKIM/DMARC, low scores, and the domains not scored yet', async () => {
		const result = await stack.n8n.execute(examples['weekly-domain-health.json'].id);
		expectNoError(result);
		// No Code node: the Domains node itself adds the mailboxes' domains the service has not scored yet.
		expect(
			(examples['weekly-domain-health.json'].workflow.nodes as Array<{ type: string }>).filter(
				(n) => n.type === 'n8n-nodes-base.code',
			),
		).toEqual([]);
		const unscoredItems = nodeOutput(result, 'Domains').filter((d) => d.scored === false);
		expect(unscoredItems.length).toBeGreaterThan(0);
		for (const d of unscoredItems) expect(d).toMatchObject({ verdict: 'pending' });
		const { domains } = await service<{ domains: Array<Record<string, unknown>> }>(
			stack.sandbox,
			'GET',
			'/projects/domains',
		);
		const names = (pred: (d: Record<string, unknown>) => boolean) =>
			domains.filter(pred).map((d) => d.domain);
		// Every domain a mailbox uses: the service lists only the scored ones (the sandbox has 7, one unscored).
		const inUse = new Set<string>();
		for (let page = 0; ; page++) {
			const batch = await service<Array<{ email: string }>>(
				stack.sandbox,
				'GET',
				`/accounts?include_spamchecker=true&per_page=100&page=${page}`,
			);
			for (const a of batch) inUse.add(a.email.split('@')[1]);
			if (batch.length < 100) break;
		}
		const notScored = [...inUse]
			.filter((d) => !domains.some((listed) => listed.domain === d))
			.sort();
		expect(notScored.length).toBeGreaterThan(0);

		const summary = nodeOutput(result, 'Summary');
		expect(summary).toHaveLength(1);
		expect(summary[0]).toMatchObject({
			in_use: inUse.size,
			checked: domains.length,
			not_scored: notScored,
			weak_spf: names((d) => d.spf_valid !== true),
			weak_dkim: names((d) => d.dkim_valid !== true),
			weak_dmarc: names((d) => d.dmarc_valid !== true),
		});
		const low = domains
			.filter((d) => typeof d.avg_score === 'number' && d.avg_score < 70)
			.map((d) => d.domain)
			.sort();
		expect((summary[0].low_score as Array<{ domain: string }>).map((d) => d.domain).sort()).toEqual(
			low,
		);
		expect(low.length).toBeGreaterThan(0);
		// initech-news.org has no records and a score of 40: it fails, with the reasons in words.
		expect(summary[0].fail).toContainEqual({
			domain: 'initech-news.org',
			problems: expect.arrayContaining(['DMARC record missing']),
		});
		const text = String(summary[0].text);
		expect(text).toContain(
			`${inUse.size} domains in use: ${domains.length} domains checked, ${notScored.length} not scored yet (${notScored.join(', ')})`,
		);
		expect(text).toMatch(/FAIL initech-news\.org: SPF record missing/);
		for (const d of notScored) expect(text).toContain(`PENDING ${d}: No average score yet`);
	});
});

describe('example: act on notifications (polling trigger)', () => {
	/** What the service lists before a run: the notifications the sandbox opened by itself at start. */
	async function openNotifications() {
		const open = await service<
			Array<{ id: number; event: string; account_id: number | null; domain: string | null }>
		>(stack.sandbox, 'GET', '/notifications');
		const disconnected = open
			.filter((n) => n.event === 'ACCOUNT_DISCONNECTED')
			.map((n) => n.account_id);
		const expiring = open.filter((n) => n.event === 'DOMAIN_EXPIRING_SOON').map((n) => n.domain);
		return { open, disconnected, expiring };
	}

	async function reminders(): Promise<Array<[string[], string | undefined]>> {
		const mail = await admin<InboxMessage[]>(stack.sandbox, 'GET', '/smtp');
		return mail.map((m) => [m.to, m.subject?.replace(/before .*/, 'before …')]);
	}

	it('as shipped (dry run) lists a pause for each mailbox a notification says disconnected, pauses none', async () => {
		const { disconnected } = await openNotifications();
		expect(disconnected.length).toBeGreaterThan(0);
		await admin(stack.sandbox, 'DELETE', '/smtp');
		const since = await lastRequest();

		const result = await dryRun('act-on-notifications.json');
		expectNoError(result);
		expect(nodeOutput(result, 'Would pause')).toEqual(
			disconnected.map((id) => ({
				action: `would pause mailbox ${id}: disconnected`,
				account_id: id,
			})),
		);
		expect(ranNodes(result)).not.toContain('Pause the mailbox');
		expect(await changesSince(since)).toEqual([]);
		// The renewal reminder changes nothing in the service: it is mailed in a dry run too.
		expect(await reminders()).toEqual([
			[['ops@team.sandbox.test'], 'Renew initech-news.org before …'],
		]);
	});

	it('with the dry run off, "Run now" pauses each mailbox a notification says disconnected and emails a renewal reminder', async () => {
		const { open, disconnected, expiring } = await openNotifications();
		expect(disconnected.length).toBeGreaterThan(0);
		expect(expiring).toEqual(['initech-news.org']);
		await admin(stack.sandbox, 'DELETE', '/smtp');

		const result = await stack.n8n.execute(live['act-on-notifications.json'].id);
		expectNoError(result);
		expect(nodeOutput(result, 'Open notifications').map((n) => n.id)).toEqual(
			open.map((n) => n.id),
		);
		expect(nodeOutput(result, 'Pause the mailbox').map((a) => a.id)).toEqual(disconnected);
		expect(ranNodes(result)).not.toContain('Would pause');
		for (const id of disconnected)
			expect(
				await service<{ alive: boolean }>(stack.sandbox, 'GET', `/accounts/${id}`),
			).toMatchObject({ alive: false });
		expect(await reminders()).toEqual([
			[['ops@team.sandbox.test'], 'Renew initech-news.org before …'],
		]);
		const mail = await admin<InboxMessage[]>(stack.sandbox, 'GET', '/smtp');
		expect(mail[0].text).toContain('Domain initech-news.org expires soon');
	});
});

describe('example: catch up on disconnected mailboxes (schedule)', () => {
	/** Every account the service lists, then each read once (the list form has no imap_issue). */
	async function accounts(): Promise<Array<{ id: number; alive: boolean; imap_issue: boolean }>> {
		const listed: number[] = [];
		for (let page = 0; ; page++) {
			const batch = await service<Array<{ id: number }>>(
				stack.sandbox,
				'GET',
				`/accounts?per_page=100&page=${page}`,
			);
			listed.push(...batch.map((a) => a.id));
			if (batch.length < 100) break;
		}
		return await Promise.all(
			listed.map(async (id) =>
				service<{ id: number; alive: boolean; imap_issue: boolean }>(
					stack.sandbox,
					'GET',
					`/accounts/${id}`,
				),
			),
		);
	}

	const pauseRequests = async () =>
		(
			await admin<Array<{ method: string; path: string }>>(stack.sandbox, 'GET', '/requests')
		).filter((r) => r.method === 'POST' && /\/accounts\/\d+$/.test(r.path)).length;

	it('as shipped (dry run) lists the disconnected mailboxes still warming and pauses none; with it off, pauses exactly those, then nothing', async () => {
		// Two warming mailboxes lose their connection, and no webhook hears of it.
		const warming = (await accounts()).filter((a) => a.alive && !a.imap_issue);
		for (const a of warming.slice(0, 2))
			await admin(stack.sandbox, 'POST', `/accounts/${a.id}/disconnect`);
		const expected = (await accounts())
			.filter((a) => a.alive && a.imap_issue)
			.map((a) => a.id)
			.sort((x, y) => x - y);
		expect(expected.length).toBeGreaterThanOrEqual(2);

		// Dry run: the would-be pauses listed, nothing asked of the service but reads.
		const since = await lastRequest();
		const dry = await dryRun('pause-disconnected-catch-up.json');
		expectNoError(dry);
		expect(
			nodeOutput(dry, 'Would pause').sort((x, y) => Number(x.account_id) - Number(y.account_id)),
		).toEqual(
			expected.map((id) => ({ action: `would pause mailbox ${id}: disconnected`, account_id: id })),
		);
		expect(ranNodes(dry)).not.toContain('Pause the mailbox');
		expect(await changesSince(since)).toEqual([]);

		const result = await stack.n8n.execute(live['pause-disconnected-catch-up.json'].id);
		expectNoError(result);
		const paused = nodeOutput(result, 'Pause the mailbox')
			.map((a) => Number(a.id))
			.sort((x, y) => x - y);
		expect(paused).toEqual(expected);
		const after = await accounts();
		expect(after.filter((a) => a.alive && a.imap_issue)).toEqual([]);

		// Safe to repeat: nothing left to pause, no request sent.
		const before = await pauseRequests();
		const again = await stack.n8n.execute(live['pause-disconnected-catch-up.json'].id);
		expectNoError(again);
		expect(nodeOutput(again, 'Pause the mailbox')).toEqual([]);
		expect(await pauseRequests()).toBe(before);
	});
});

describe('example: weekly deliverability report', () => {
	it('builds one HTML page with bar charts from the graphs, spam tests and domains, offline, and emails it', async () => {
		await admin(stack.sandbox, 'DELETE', '/smtp');
		const result = await stack.n8n.execute(examples['weekly-report.json'].id);
		expectNoError(result);
		const mailboxes = nodeOutput(result, 'Mailboxes').map((a) => Number(a.id));
		expect(mailboxes).toHaveLength(5);
		expect(nodeOutput(result, 'Warming placement')).toHaveLength(5 * 7);

		// The warming inbox rate, read from the service's category graphs directly: the report must say the same.
		const sum = { inbox: 0, all: 0 };
		for (const id of mailboxes) {
			for (const cat of ['INBOX', 'CATEGORIES', 'SPAM', 'OTHERS']) {
				const graph = await service<{ data: number[] }>(
					stack.sandbox,
					'GET',
					`/conversation_message_logs/${id}/sent/categories/graph/${cat}?past_days=6`,
				);
				const total = graph.data.reduce((a, b) => a + b, 0);
				sum.all += total;
				if (cat === 'INBOX') sum.inbox += total;
			}
		}
		const figures = nodeOutput(result, 'Build the report')[0];
		expect(figures.warming_inbox_percent).toBe(Math.round((100 * sum.inbox) / sum.all));
		const tests = nodeOutput(result, 'Spam tests');
		expect(figures.spam_tests).toMatchObject({
			total: tests.length,
			pass: tests.filter((t) => t.verdict === 'pass').length,
		});

		const [report] = nodeOutput(result, 'Report');
		const html = String(report.html);
		expect(html).toContain('<h1');
		expect(html).toContain(`${String(figures.warming_inbox_percent)} %`);
		// One bar row per day, one per spam test, one per domain; every domain named.
		const { domains } = await service<{ domains: Array<{ domain: string }> }>(
			stack.sandbox,
			'GET',
			'/projects/domains',
		);
		for (const d of domains) expect(html).toContain(d.domain);
		expect(html.match(/height:14px/g)!.length).toBeGreaterThanOrEqual(7 + domains.length);
		// Offline: nothing is fetched from anywhere (no chart service, no image, no script).
		expect(html).not.toMatch(/https?:\/\/|<script|<img/i);

		const mail = await admin<InboxMessage[]>(stack.sandbox, 'GET', '/smtp');
		expect(mail.map((m) => [m.to, m.subject])).toEqual([
			[['deliverability-team@team.sandbox.test'], figures.title],
		]);
		expect(mail[0].text).toContain('Sending domains');
		expect(mail[0].text).toContain(domains[0].domain);
	});
});

describe('example: batch reconnect', () => {
	it('as shipped (dry run) lists the accounts with an IMAP issue; with it off, reconnects exactly those in one batch and keeps the paused ones paused', async () => {
		// What the sandbox says before the run: every listed account, read one by one (imap_issue is single-form only).
		const listed: number[] = [];
		for (let page = 0; ; page++) {
			const batch = await service<Array<{ id: number }>>(
				stack.sandbox,
				'GET',
				`/accounts?include_spamchecker=true&per_page=100&page=${page}`,
			);
			listed.push(...batch.map((a) => a.id));
			if (batch.length < 100) break;
		}
		const withIssue: number[] = [];
		const pausedBefore: number[] = [];
		for (const id of listed) {
			const a = await service<{ imap_issue: boolean; alive: boolean }>(
				stack.sandbox,
				'GET',
				`/accounts/${id}`,
			);
			if (a.imap_issue) withIssue.push(id);
			if (a.imap_issue && !a.alive) pausedBefore.push(id);
		}
		expect(withIssue.length).toBeGreaterThan(0);
		// The mailboxes the examples before paused for their disconnection: the batch must not undo those pauses.
		expect(pausedBefore.length).toBeGreaterThan(0);

		// Dry run: one would-be reconnect per account with an IMAP issue, nothing asked of the service but reads.
		const since = await lastRequest();
		const dry = await dryRun('batch-reconnect.json');
		expectNoError(dry);
		expect(
			nodeOutput(dry, 'Would reconnect').sort(
				(x, y) => Number(x.account_id) - Number(y.account_id),
			),
		).toEqual(
			[...withIssue]
				.sort((a, b) => a - b)
				.map((id) => ({ action: `would reconnect mailbox ${id}: disconnected`, account_id: id })),
		);
		expect(ranNodes(dry)).not.toContain('Reconnect and wait');
		expect(await changesSince(since)).toEqual([]);

		const result = await stack.n8n.execute(live['batch-reconnect.json'].id);
		expectNoError(result);
		expect(nodeOutput(result, 'All mailboxes')).toHaveLength(listed.length);
		const collected = nodeOutput(result, 'Collect IDs');
		expect(collected).toHaveLength(1);
		expect([...(collected[0].account_ids as number[])].sort((a, b) => a - b)).toEqual(
			[...withIssue].sort((a, b) => a - b),
		);

		// One item per account once the task finished, each with its outcome in words.
		const outcomes = nodeOutput(result, 'Reconnect and wait');
		expect(outcomes.map((o) => o.account_id)).toEqual(collected[0].account_ids);
		expect(outcomes.map((o) => [o.account_id, o.outcome, o.disconnected])).toEqual(
			(collected[0].account_ids as number[]).map((id) => [id, 'reconnected', false]),
		);

		// The sandbox's batch reconnect resumes what it reconnects: the example pauses again what was paused.
		expect(nodeOutput(result, 'Keep it paused').map((a) => a.id)).toEqual(pausedBefore);
		for (const id of withIssue) {
			const a = await service<{ imap_issue: boolean; alive: boolean }>(
				stack.sandbox,
				'GET',
				`/accounts/${id}`,
			);
			expect(a).toMatchObject({ imap_issue: false, alive: !pausedBefore.includes(id) });
		}
		const batches = (
			await admin<Array<{ method: string; path: string }>>(stack.sandbox, 'GET', '/requests')
		).filter((r) => r.method === 'POST' && r.path.endsWith('/accounts/batch'));
		expect(batches).toHaveLength(1);
	});

	it('with Always Output Data on and the task not finished, the empty item on Completed pauses nothing', async () => {
		// A paused mailbox that disconnects: the one the batch will reconnect.
		const mailbox = await connectedMailbox();
		await service(stack.sandbox, 'POST', `/accounts/${mailbox}`, { alive: false });
		await admin(stack.sandbox, 'POST', `/accounts/${mailbox}/disconnect`);
		const since = await lastRequest();

		const result = await stack.n8n.execute(batchAlwaysOutput.id);
		expectNoError(result);
		const [completed, notYet] = result.data.resultData.runData['Reconnect and wait'][0].data!.main;
		expect(notYet).toHaveLength(1);
		expect(completed!.map((i) => i.json)).toEqual([{}]);
		expect(nodeOutput(result, 'Was paused before?')).toEqual([]);
		expect(ranNodes(result)).not.toContain('Keep it paused');
		// The queued batch is the only change asked for.
		expect(await changesSince(since)).toEqual(['POST /accounts/batch']);
	});
});

describe('example: spam test after a campaign send (loop with the Wait node)', () => {
	interface Execution {
		id: string;
		status: string;
		data?: ExecuteResult['data'];
	}

	/** What the webhook answered the last campaign POST (the sending tool keeps it). */
	let answered: unknown;

	/** Publishes the copy, POSTs one campaign to its production webhook and returns the finished execution. */
	async function campaign(wf: Workflow, path: string): Promise<ExecuteResult> {
		expect((await stack.n8n.api('POST', `/workflows/${wf.id}/activate`)).status).toBe(200);
		// Right after activation a webhook can answer 404 "not registered" for a moment: a sending tool retries.
		answered = JSON.parse(
			await postUntilTaken(`${stack.n8n.baseUrl}/webhook/${path}`, CAMPAIGN, 30000),
		);
		const done = await waitFor(
			'the run to finish',
			async () => {
				const list = await stack.n8n.api<{ data: Execution[] }>(
					'GET',
					`/executions?workflowId=${wf.id}&includeData=true`,
				);
				const run = list.data.data?.[0];
				return run && isFinished(run.status) && run;
			},
			180000,
			1000,
		);
		expect(done.status).toBe('success');
		return { data: done.data! } as ExecuteResult;
	}

	afterEach(async () => {
		await admin(stack.sandbox, 'POST', '/settings', { seedDelayMs: 0 });
	});

	it('checks, waits on "Not Yet", checks again, then shows the result card and decides on the verdict', async () => {
		// The seed copies count 4 s after the send: the first check finds the test incomplete.
		await admin(stack.sandbox, 'POST', '/settings', { seedDelayMs: 4000 });
		await admin(stack.sandbox, 'DELETE', '/requests');
		const result = await campaign(afterSendFast, 'after-send-fast');
		const created = nodeOutput(result, 'Create spam test')[0];
		// The sending tool got the test's ids back, to link the campaign to it.
		expect(answered).toEqual({
			public_id: created.public_id,
			public_full_id: created.public_full_id,
		});
		expect(String(created.public_full_id)).toContain(String(created.public_id));
		const checks = result.data.resultData.runData['Check results'];
		expect(checks.length).toBeGreaterThanOrEqual(2);
		// The first check went out on "Not Yet" (output 1), the last on "Completed" (output 0), one item each time.
		expect(checks[0].data?.main?.[0] ?? []).toHaveLength(0);
		expect(checks[0].data?.main?.[1]).toHaveLength(1);
		expect(checks[checks.length - 1].data?.main?.[0]).toHaveLength(1);
		expect(result.data.resultData.runData['Wait 2 minutes']).toHaveLength(checks.length - 1);

		const got = nodeOutput(result, 'Check results');
		expect(got[0]).toMatchObject({
			public_id: created.public_id,
			completed: true,
			verdict: 'pass',
		});
		const card = String(nodeOutput(result, 'Result card')[0].html);
		expect(card).toContain(`Spam test ${String(created.public_id)}: PASS`);
		expect(card).toContain(String(got[0].verdict_reason));
		expect(nodeOutput(result, 'Go ahead')[0]).toMatchObject({
			verdict: 'pass',
			public_id: created.public_id,
			final_score: got[0].final_score,
		});
		expect(ranNodes(result)).not.toContain('Gave up');
		// One campaign, one spam test: the loop never creates again.
		const creates = (
			await admin<Array<{ method: string; path: string }>>(stack.sandbox, 'GET', '/requests')
		).filter((r) => r.method === 'POST' && r.path.endsWith('/spam_tests'));
		expect(creates).toHaveLength(1);
	});

	it('gives up after its last round when the copies never count, on the "Gave up" branch; no verdict is acted on', async () => {
		await admin(stack.sandbox, 'POST', '/settings', { seedDelayMs: 600000 });
		const result = await campaign(afterSendGiveUp, 'after-send-give-up');
		const created = nodeOutput(result, 'Create spam test')[0];
		const checks = result.data.resultData.runData['Check results'];
		expect(checks).toHaveLength(2);
		expect(nodeOutput(result, 'Gave up')[0]).toMatchObject({
			status: 'gave up',
			public_id: created.public_id,
		});
		expect(String(nodeOutput(result, 'Gave up')[0].message)).toMatch(/still not complete/);
		// Always Output Data: each check put its item on Not Yet and n8n an empty item on Completed. The empty
		// items reach Verdict?, which routes them to none of its branches: no card, nothing goes ahead, is reviewed or
		// paused.
		for (const check of checks) {
			expect(check.data?.main?.[0]?.map((i) => i.json)).toEqual([{}]);
			expect(check.data?.main?.[1]).toHaveLength(1);
		}
		const verdicts = result.data.resultData.runData['Verdict?'] ?? [];
		expect(verdicts).toHaveLength(2);
		for (const run of verdicts) expect((run.data?.main ?? []).slice(0, 3).flat()).toEqual([]);
		for (const decision of ['Go ahead', 'Review', 'Pause sending', 'Result card'])
			expect(ranNodes(result)).not.toContain(decision);
	});
});

describe('example: placement drop alert', () => {
	/** An automated test of the sandbox and the mailbox whose warming drops (a contoso-mail.net one: its domain has fixes). */
	const AUTOMATED_TEST = 1;
	let mailbox: { id: number; email: string } | undefined;

	afterAll(async () => {
		if (mailbox)
			await admin(stack.sandbox, 'POST', `/accounts/${mailbox.id}/warming`, { spam_percent: null });
	});

	async function run(): Promise<{ result: ExecuteResult; mail: InboxMessage[] }> {
		await admin(stack.sandbox, 'DELETE', '/smtp');
		const result = await stack.n8n.execute(dropAlert.id);
		expectNoError(result);
		return { result, mail: await admin<InboxMessage[]>(stack.sandbox, 'GET', '/smtp') };
	}

	it('mails nothing while placement is stable or moved by too few seeds, then one message naming each drop with what changed, how sure and a fix, once', async () => {
		// Three weeks of spam tests (90 % inbox at every provider) from the automated test, the latest with one of its 4
		// Yahoo seeds in spam: 25 points, but too few seeds to tell, so no mail.
		await admin(stack.sandbox, 'POST', '/spam_tests/history', {
			automated_test_id: AUTOMATED_TEST,
			tests: [{ days_ago: 21 }, { days_ago: 14 }, { days_ago: 7, inbox_percent: { yahoo: 75 } }],
		});
		const stable = await run();
		const unsure = nodeOutput(stable.result, 'Spam test trends').find(
			(t) => t.automated_test_id === AUTOMATED_TEST,
		);
		expect(unsure).toMatchObject({ verdict: 'not enough data' });
		expect(String(unsure?.verdict_reason)).toMatch(
			/^Yahoo inbox 3 of 4 seeds \(75 %\), against 8 of 8 \(100 %\) in the 4 weeks before: 25 points lower, too few seeds to tell a drop from chance/,
		);
		const trends = nodeOutput(stable.result, 'Warming trends');
		expect(trends).toHaveLength(10);
		expect(trends.filter((t) => t.verdict === 'dropped')).toEqual([]);
		expect(ranNodes(stable.result)).not.toContain('Email the alert');
		expect(stable.mail).toEqual([]);

		// Today's test lands mostly in Gmail's spam; one mailbox's warming mail to Gmail lands in spam all week.
		await admin(stack.sandbox, 'POST', '/spam_tests/history', {
			automated_test_id: AUTOMATED_TEST,
			tests: [{ days_ago: 0, inbox_percent: { gmail: 20 } }],
		});
		mailbox = nodeOutput(stable.result, 'Mailboxes')
			.map((a) => ({ id: Number(a.id), email: String(a.email) }))
			.find((a) => a.email.endsWith('@contoso-mail.net'));
		expect(mailbox).toBeDefined();
		await admin(stack.sandbox, 'POST', `/accounts/${mailbox!.id}/warming`, {
			spam_percent: 100,
			days: 7,
			provider: 'gmail',
		});

		const dropped = await run();
		const test = nodeOutput(dropped.result, 'Tests that dropped');
		const mailboxes = nodeOutput(dropped.result, 'Mailboxes that dropped');
		expect(test.map((t) => t.automated_test_id)).toEqual([AUTOMATED_TEST]);
		expect(mailboxes.map((m) => m.account_id)).toEqual([mailbox!.id]);
		expect(String(test[0].verdict_reason)).toMatch(
			/^Gmail inbox 2 of 8 seeds \(25 %\), against 21 of 24 \(88 %\) in the 4 weeks before: 63 points lower, very unlikely to be chance/,
		);
		expect(String(mailboxes[0].verdict_reason)).toContain('by provider: dropped at Gmail');
		const domain = nodeOutput(dropped.result, 'Domains').find(
			(d) => d.domain === 'contoso-mail.net',
		)!;
		expect((domain.fixes as unknown[]).length).toBeGreaterThan(0);

		// One message, naming the test and the mailbox, what changed (the verdict reasons) and a fix for each.
		expect(dropped.mail).toHaveLength(1);
		const [message] = dropped.mail;
		expect(message.to).toEqual(['deliverability-team@team.sandbox.test']);
		expect(message.subject).toBe(
			`2 placement drops: Automated test ${AUTOMATED_TEST}: ${String(test[0].subject)}, Mailbox ${mailbox!.email} (id ${mailbox!.id})`,
		);
		const text = message.text.replace(/\r\n/g, '\n');
		expect(text).toContain(`Automated test ${AUTOMATED_TEST}: ${String(test[0].subject)}\n`);
		expect(text).toContain(`What changed: ${String(test[0].verdict_reason)}\n`);
		expect(text).toContain(
			`How sure: ${String(test[0].confidence)} % confidence that this drop is not chance. Latest test ${String(test[0].latest_public_id)}`,
		);
		expect(text).toContain(
			': 13 of 20 seed copies in the inbox, against 53 of 60 in the 3 tests before it',
		);
		// The drop's own fix first, naming Gmail; each of the latest test's problems marked new or there before.
		const [dropFix] = test[0].fixes as Array<{ problem: string; fix: string }>;
		expect(text).toContain(
			`Fixes, worst first:\n- Inbox placement dropped at Gmail → ${dropFix.fix}\n`,
		);
		expect(text).toMatch(/ \(new with this test\)\n/);
		expect(text).toContain(`Mailbox ${mailbox!.email} (id ${mailbox!.id})\n`);
		expect(text).toContain(`What changed: ${String(mailboxes[0].verdict_reason)}\n`);
		expect(text).toContain(
			`How sure: ${String(mailboxes[0].confidence)} % confidence that this drop is not chance (${String(mailboxes[0].sent)} warming messages`,
		);
		expect(text).toContain('What to do: Warming placement dropped at Gmail → ');
		const domainFix = (domain.fixes as Array<{ problem: string; fix: string }>)[0];
		expect(text).toContain(
			`Fixes for its domain contoso-mail.net, worst first (what its checks show now, not necessarily new):\n- ${domainFix.problem} → ${domainFix.fix}`,
		);

		// Run again on the same data: the same two drops are found, and none is mailed again.
		const again = await run();
		expect(nodeOutput(again.result, 'All drops')).toHaveLength(2);
		expect(nodeOutput(again.result, 'Only new drops')).toEqual([]);
		expect(ranNodes(again.result)).not.toContain('Email the alert');
		expect(again.mail).toEqual([]);
	});
});

describe('examples started by a disconnection, as shipped (dry run)', () => {
	const webhookExamples = ['auto-pause-on-disconnect.json', 'reconnect-on-disconnect.json'];

	afterAll(async () => {
		for (const file of webhookExamples)
			await stack.n8n.api('POST', `/workflows/${examples[file].id}/deactivate`);
	});

	it('auto-pause and reconnect list what they would do for the disconnected mailbox and change nothing', async () => {
		const t0 = Date.now();
		for (const file of webhookExamples)
			expect((await stack.n8n.api('POST', `/workflows/${examples[file].id}/activate`)).status).toBe(
				200,
			);
		await waitFor('both alerts', async () => (await n8nAlerts(stack)).length === 2, 30000);
		// A mailbox still warming and connected: a disconnection is what both examples act on.
		const mailbox = await connectedMailbox();
		const before = await Promise.all(
			webhookExamples.map(async (f) => (await workflowExecutions(stack, examples[f].id)).length),
		);
		const since = await lastRequest();
		await admin(stack.sandbox, 'POST', `/accounts/${mailbox}/disconnect`);
		const runs = await Promise.all(
			webhookExamples.map((f, i) =>
				waitFor(
					`the run of ${f}`,
					async () => {
						const list = await workflowExecutions(stack, examples[f].id);
						return list.length > before[i] && isFinished(list[0].status) && list[0];
					},
					60000,
					500,
				),
			),
		);
		for (const run of runs) expect(run.status).toBe('success');
		const [paused, reconnected] = await Promise.all(
			runs.map((run) => executionRunData(stack, run.id)),
		);
		expect(runOutput(paused, 'Would pause')).toEqual([
			{ action: `would pause mailbox ${mailbox}: disconnected`, account_id: mailbox },
		]);
		expect(paused['Pause the mailbox']).toBeUndefined();
		expect(runOutput(reconnected, 'Would reconnect')).toEqual([
			{
				action: `would reconnect mailbox ${mailbox}: disconnected (and pause it if it stays disconnected)`,
				account_id: mailbox,
			},
		]);
		expect(reconnected['Reconnect and wait']).toBeUndefined();
		expect(await changesSince(since)).toEqual([]);
		expect(
			await service<{ alive: boolean; imap_issue: boolean }>(
				stack.sandbox,
				'GET',
				`/accounts/${mailbox}`,
			),
		).toMatchObject({ alive: true, imap_issue: true });
		dryRunSeconds += (Date.now() - t0) / 1000;
	});
});
