/**
 * The node as an AI agent's tool, through n8n's real engine against the sandbox. n8n runs a tool node as
 * the type `deliverabilityTool` (generated from `usableAsTool`, same execute) with the model's arguments as the input
 * item, which `$fromAI()` reads; `asTool` builds that type the way n8n's convertNodeToAiTool does. Each test runs
 * the same parameters as a plain node too, so the editor's behaviour is shown unchanged.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { RESOURCES } from '../../../nodes/Deliverability/resources';
import {
	TOOL_MAX_CHARS,
	TOOL_MAX_ITEMS,
	TOOL_MAX_LOG_LINES,
	toolArguments,
	toolError,
	toolWait,
} from '../../../nodes/Deliverability/helpers/toolMode';
import type { RunResult } from '../../../support/harness';
import { byId, jsonOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 112 });

async function run(
	parameters: INodeParameters,
	{ tool, args = {} }: { tool: boolean; args?: IDataObject },
): Promise<RunResult> {
	return await t.run(parameters, { input: [args], tool });
}

const fromAI = (key: string, description: string, type = 'string') =>
	`={{ $fromAI('${key}', '${description}', '${type}') }}`;

describe('answers', () => {
	it('caps Return All at what a model can take and says how many more there are; the editor still gets all', async () => {
		const parameters = { resource: 'account', operation: 'getAll', returnAll: true };
		const editor = jsonOf(await run(parameters, { tool: false }));
		const tool = jsonOf(await run(parameters, { tool: true }));
		expect(editor.length).toBeGreaterThan(TOOL_MAX_ITEMS);

		const note = tool[tool.length - 1];
		const kept = tool.slice(0, -1);
		expect(kept).toEqual(editor.slice(0, kept.length));
		expect(kept.length).toBeLessThanOrEqual(TOOL_MAX_ITEMS);
		expect(JSON.stringify(kept).length).toBeLessThanOrEqual(TOOL_MAX_CHARS);
		expect(note).toEqual({
			_truncated: true,
			returned: kept.length,
			omitted: editor.length - kept.length,
			note: expect.stringContaining(
				`${editor.length - kept.length} more account results not shown (${editor.length} in all). Narrow the search`,
			),
		});
	});

	it('a short list comes back whole, without a note', async () => {
		const parameters = { resource: 'account', operation: 'getAll', returnAll: false, limit: 3 };
		expect(jsonOf(await run(parameters, { tool: true }))).toEqual(
			jsonOf(await run(parameters, { tool: false })),
		);
	});

	it('Spam Test → Create answers with the ids, the seed addresses once, the credit and the next step', async () => {
		const editor = jsonOf(
			await run({ resource: 'spamTest', operation: 'create' }, { tool: false }),
		)[0];
		expect(Array.isArray(editor.results)).toBe(true);

		const answer = jsonOf(
			await run({ resource: 'spamTest', operation: 'create' }, { tool: true }),
		)[0];
		const seeds = String(
			answer.seed_emails === undefined ? '' : (answer.seed_emails as string[]).join(','),
		);
		const { data } = await t.api<{ results: Array<{ email: string }> }>(
			'GET',
			`/spam_tests/${String(answer.public_id)}`,
		);
		expect(seeds).toBe(data.results.map((r) => r.email).join(','));
		expect(Object.keys(answer).sort()).toEqual(
			[
				'credits_used',
				'next_step',
				'public_full_id',
				'public_id',
				'seed_emails',
				'seedlist',
				'test_type',
			].sort(),
		);
		expect(answer.credits_used).toBe(1);
		expect(answer.next_step).toContain(`"${String(answer.public_full_id)}" somewhere in its body`);
		expect(JSON.stringify(answer).length).toBeLessThan(JSON.stringify(editor).length / 2);
	});

	it('a spam test that is not complete comes with what to do next', async () => {
		const { data: test } = await t.api<{ public_id: string; public_full_id: string }>(
			'POST',
			'/spam_tests',
			{},
		);
		const parameters = { resource: 'spamTest', operation: 'get', publicId: byId(test.public_id) };
		expect(jsonOf(await run(parameters, { tool: false }))[0].next_step).toBeUndefined();
		const answer = jsonOf(await run(parameters, { tool: true }))[0];
		expect(answer.completed).toBe(false);
		expect(answer.next_step).toContain(`public_full_id (${test.public_full_id}) in the body`);
	});
});

describe('trends', () => {
	/** Senders with a stable history of three tests; the ones in `drops` lose Gmail in their latest. */
	async function senders(count: number, drops: (s: number) => boolean): Promise<void> {
		for (let s = 0; s < count; s++)
			await t.admin('POST', '/spam_tests/history', {
				sender: `news${s}@sender${s}.example`,
				tests: [
					{ days_ago: 20 },
					{ days_ago: 10 },
					{ days_ago: 1, ...(drops(s) ? { inbox_percent: { gmail: 20 } } : {}) },
				],
			});
	}
	const bySender = { resource: 'spamTest', operation: 'getTrend', trendOf: 'sender' };
	const note = (answer: IDataObject[]) => answer[answer.length - 1];

	it('Get Trend answers "is my deliverability getting worse?" in one call: each drop whole with its fixes, the rest in brief', async () => {
		await senders(3, (s) => s === 1);
		const editor = jsonOf(await run(bySender, { tool: false }));
		await t.clearRequests();
		const answer = jsonOf(await run(bySender, { tool: true }));
		// One call: the list walked once, nothing else asked.
		expect(new Set((await t.requests()).map((r) => r.path))).toEqual(new Set(['/spam_tests']));
		expect(JSON.stringify(answer).length).toBeLessThanOrEqual(TOOL_MAX_CHARS);
		expect(answer.map((a) => [a.sender, a.verdict])).toEqual([
			['news1@sender1.example', 'dropped'],
			...editor.slice(1).map((e) => [e.sender, 'stable']),
		]);
		expect(answer[0]).toEqual(editor[0]);
		expect(String(answer[0].verdict_reason)).toMatch(
			/^Gmail inbox 2 of 8 seeds \(25 %\), against 14 of 16 \(88 %\) in the 4 weeks before: 63 points lower, very unlikely to be chance/,
		);
		expect((answer[0].fixes as IDataObject[]).length).toBeGreaterThan(0);
		for (const [n, brief] of answer.slice(1).entries()) {
			// In brief, with the counts the verdict rests on, now and before, in its reason.
			const { sender, verdict, verdict_reason, inbox_percent } = editor[n + 1];
			expect(brief).toEqual({ sender, verdict, verdict_reason, inbox_percent });
			expect(String(verdict_reason)).toMatch(
				/^Inbox 18 of 20 seeds \(90 %\), against 36 of 40 \(90 %\) in the 4 weeks before: the same/,
			);
		}
	});

	it('Get Trend over more trends than the caps take: every drop kept first, the note counts the rest by verdict', async () => {
		await senders(70, (s) => s % 14 === 0);
		const editor = jsonOf(await run(bySender, { tool: false }));
		expect(editor).toHaveLength(70);
		const answer = jsonOf(await run(bySender, { tool: true }));
		const kept = answer.slice(0, -1);
		expect(kept.length).toBeLessThan(70);
		expect(kept.length).toBeLessThanOrEqual(TOOL_MAX_ITEMS);
		expect(JSON.stringify(kept).length).toBeLessThanOrEqual(TOOL_MAX_CHARS);
		expect(kept.slice(0, 5).map((k) => k.verdict)).toEqual(Array(5).fill('dropped'));
		expect(kept.slice(5).every((k) => k.verdict === 'stable')).toBe(true);
		expect(note(answer)).toEqual({
			_truncated: true,
			returned: kept.length,
			omitted: 70 - kept.length,
			note: expect.stringContaining(
				`${70 - kept.length} more trends not shown (70 in all). Their verdicts: ${70 - kept.length} stable. Ask for one automated test or sender`,
			),
		});
	});

	it('Get Trend with Output Raw Answer gives a model the spam tests themselves, not trends in brief', async () => {
		await senders(2, (s) => s === 1);
		const raw = { ...bySender, output: 'raw' };
		const editor = jsonOf(await run(raw, { tool: false }));
		expect(editor).toHaveLength(6);
		const answer = jsonOf(await run(raw, { tool: true }));
		// Whole spam tests are large: the caps take the first few, whole, and the note names the rest.
		const kept = answer.slice(0, -1);
		expect(kept.length).toBeGreaterThan(0);
		expect(kept).toEqual(editor.slice(0, kept.length));
		expect(note(answer).note).toBe(
			`Truncated: ${6 - kept.length} more spam tests not shown (6 in all). Ask for one automated test or sender (Filters → Automated Test ID or Sender) instead of everything.`,
		);
	});

	it('Get Trend with more drops than the caps take says how many dropped trends were left out', async () => {
		await senders(30, (s) => s < 15);
		const answer = jsonOf(await run(bySender, { tool: true }));
		const kept = answer.slice(0, -1);
		expect(JSON.stringify(kept).length).toBeLessThanOrEqual(TOOL_MAX_CHARS);
		expect(kept.every((k) => k.verdict === 'dropped')).toBe(true);
		expect(kept.length).toBeLessThan(15);
		expect(String(note(answer).note)).toContain(
			`Their verdicts: ${15 - kept.length} dropped, 15 stable.`,
		);
	});

	it('Get Warming Trend answers for the mailbox the model names, in one call, the verdict in words', async () => {
		// Ten messages a day to each provider, 10 % in spam before and 60 % from then on, whatever the date.
		await t.admin('POST', '/accounts/2/warming', {
			spam_percent: 60,
			days: 3,
			sent_per_day: 10,
			before: { sent_per_day: 10, spam_percent: 10 },
		});
		const parameters = {
			resource: 'account',
			operation: 'getTrend',
			accountId: { __rl: true, mode: 'id', value: fromAI('account_id', 'numeric id', 'number') },
			days: 3,
		};
		await t.clearRequests();
		const answer = jsonOf(await run(parameters, { tool: true, args: { account_id: 2 } }));
		// Four graphs, then, after a drop of all providers together, the same per provider to say which dropped.
		expect((await t.requests()).map((r) => `${r.path} ${r.query.provider ?? ''}`.trim())).toEqual(
			['', 'gmail', 'outlook', 'others'].flatMap((p) =>
				['INBOX', 'CATEGORIES', 'SPAM', 'OTHERS'].map((c) =>
					`/conversation_message_logs/2/sent/categories/graph/${c} ${p}`.trim(),
				),
			),
		);
		expect(answer).toEqual(jsonOf(await run(parameters, { tool: false, args: { account_id: 2 } })));
		expect(answer).toHaveLength(1);
		expect(JSON.stringify(answer).length).toBeLessThanOrEqual(TOOL_MAX_CHARS);
		expect(answer[0]).toMatchObject({ account_id: 2, verdict: 'dropped' });
		expect(answer[0]).toMatchObject({ sent: 90, spam: 54, sent_before: 90, spam_before: 9 });
		expect(answer[0].verdict_reason).toBe(
			"Warming inbox 36 of 90 messages (40 %), against 81 of 90 (90 %) in the 3 days before: 50 points lower, almost certainly not chance (at least 99.9 % confidence); Warming spam 54 of 90 messages (60 %), against 9 of 90 (10 %) in the 3 days before: 50 points higher, almost certainly not chance (at least 99.9 % confidence); by provider: dropped at Gmail, Outlook, other providers (each one's counts under providers)",
		);
	});
});

describe('tasks', () => {
	it('a batch comes back with the task to follow and only its latest log lines', async () => {
		const { data: accounts } = await t.api<Array<{ id: number }>>('GET', '/accounts', undefined, {
			page: 0,
		});
		const accountIds = accounts
			.slice(0, 25)
			.map((a) => a.id)
			.join(',');
		const batch = jsonOf(
			await run(
				{ resource: 'account', operation: 'batch', accountIds, action: 'reconnect' },
				{ tool: true },
			),
		)[0];
		expect(batch.next_step).toContain(
			`call the task Get tool again with task id ${String(batch.id)}`,
		);

		// Follow it until its log is longer than a model needs (a line per account and step).
		let lines = 0;
		for (let n = 0; n < 10 && lines <= TOOL_MAX_LOG_LINES; n++) {
			const full = jsonOf(
				await run(
					{ resource: 'task', operation: 'get', taskId: byId(Number(batch.id)) },
					{ tool: false },
				),
			)[0];
			lines = (full.logs as IDataObject[]).length;
		}
		expect(lines).toBeGreaterThan(TOOL_MAX_LOG_LINES);
		const task = jsonOf(
			await run(
				{ resource: 'task', operation: 'get', taskId: byId(Number(batch.id)) },
				{ tool: true },
			),
		)[0];
		expect(task.logs).toHaveLength(TOOL_MAX_LOG_LINES);
		expect(Number(task.logs_omitted)).toBeGreaterThan(0);
	});
});

describe('waits', () => {
	it('end with the latest snapshot and "call again" instead of a timeout error', async () => {
		const { data: test } = await t.api<{ public_id: string }>('POST', '/spam_tests', {});
		const parameters = {
			resource: 'spamTest',
			operation: 'get',
			publicId: byId(test.public_id),
			waitForCompletion: true,
			pollInterval: 1,
			timeoutMinutes: 0.02,
			onTimeout: 'error',
		};
		const editor = await run(parameters, { tool: false });
		expect(editor.error?.message).toMatch(/^Timed out waiting/);

		const tool = await run(parameters, { tool: true });
		expect(tool.error).toBeUndefined();
		const answer = jsonOf(tool)[0];
		expect(answer).toEqual(
			expect.objectContaining({ public_id: test.public_id, completed: false, _waitTimedOut: true }),
		);
		expect(answer.next_step).toContain(
			`call this tool again with the same public_id (${test.public_id})`,
		);
	});

	it('last at most 60 s per call as a tool, whatever the node says', () => {
		const settings = {
			waitForCompletion: true,
			pollIntervalMs: 15_000,
			timeoutMs: 15 * 60_000,
			onTimeout: 'error' as const,
		};
		const tool = {
			getNode: () => ({ type: 'n8n-nodes-deliverability.deliverabilityTool' }),
		} as never;
		const plain = { getNode: () => ({ type: 'n8n-nodes-deliverability.deliverability' }) } as never;
		expect(toolWait(tool, settings)).toEqual({
			...settings,
			timeoutMs: 60_000,
			onTimeout: 'returnLast',
		});
		expect(toolWait(tool, { ...settings, timeoutMs: 5_000 }).timeoutMs).toBe(5_000);
		expect(toolWait(plain, settings)).toBe(settings);
	});
});

describe('errors', () => {
	const getAccount = {
		resource: 'account',
		operation: 'get',
		accountId: { __rl: true, mode: 'id', value: fromAI('account_id', 'numeric id') },
	};

	it('name the argument the model filled and say what a mailbox id is', async () => {
		const editor = await run(getAccount, {
			tool: false,
			args: { account_id: 'anna@acme-mail.com' },
		});
		expect(editor.error?.message).toBe(
			'Invalid "Mailbox": expected a whole number, got "anna@acme-mail.com"',
		);

		const tool = await run(getAccount, { tool: true, args: { account_id: 'anna@acme-mail.com' } });
		expect(tool.error?.message).toBe(
			'Invalid "account_id": expected a whole number, got "anna@acme-mail.com". Nothing was sent to the service. ' +
				'"account_id": give the numeric id of the ' +
				'mailbox, e.g. 120, not its email or name; list the mailboxes to find it.',
		);
	});

	it('carry the service error and its guidance in the message, with the id hint', async () => {
		const tool = await run(getAccount, { tool: true, args: { account_id: '999999' } });
		expect(tool.error?.message).toContain('Check the ID');
		expect(tool.error?.message).toContain('"account_id": give the numeric id of the mailbox');
		const editor = await run(getAccount, { tool: false, args: { account_id: '999999' } });
		expect(editor.error?.message).not.toContain('Check the ID');
	});

	it("carry the fix of a bad time zone, named by the model's key", async () => {
		const parameters = {
			resource: 'account',
			operation: 'update',
			accountId: byId(120),
			updateFields: { time_zone: fromAI('zone', 'IANA time zone of the mailbox') },
		};
		const tool = await run(parameters, { tool: true, args: { zone: 'Paris' } });
		expect(tool.error?.message).toContain('"zone"');
		expect(tool.error?.message).toContain('Use a name like Europe/Paris');
		expect((await t.requests()).filter((r) => r.method === 'POST')).toEqual([]);
	});

	it("rename fields in a description of several failures too, and leave the editor's errors alone", () => {
		new Deliverability(); // registers the labels of its parameters
		const node = (type: string) => ({
			id: '1',
			name: 'Update account',
			type,
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: {
				resource: 'account',
				operation: 'update',
				accountId: { __rl: true, mode: 'id', value: fromAI('account_id', 'numeric id', 'number') },
				updateFields: { time_zone: fromAI('zone', 'IANA time zone') },
			},
		});
		// The labels and id hints of the operation the error came from, as the item loop hands them over.
		const accountUpdate = RESOURCES.find((r) => r.option.value === 'account')!.operations.update;
		const failures = () =>
			new NodeOperationError(
				node('x'),
				'2 invalid fields: "Mailbox": expected a whole number, got "x"; "Update Fields → Time Zone": "Paris" is not an IANA time zone name',
				{
					description:
						'Update Fields → Time Zone: Use a name like Europe/Paris, America/New_York or UTC.',
				},
			);
		/** The failure as the item loop hands it over in a node of this type. */
		const handedOver = (type: string) => {
			const error = failures();
			toolError({ getNode: () => node(type) }, error, accountUpdate);
			return error;
		};
		expect(handedOver('n8n-nodes-deliverability.deliverabilityTool').message).toBe(
			'2 invalid fields: "account_id": expected a whole number, got "x"; "zone": "Paris" is not an IANA time zone name. ' +
				'"zone": Use a name like Europe/Paris, America/New_York or UTC. "account_id": give the numeric id of the mailbox' +
				', e.g. 120, not its email or name; list the mailboxes to find it.',
		);
		expect(handedOver('n8n-nodes-deliverability.deliverability').message).toBe(failures().message);
	});

	it('finds every $fromAI key with the parameter it fills, resource locators included', () => {
		expect(
			toolArguments({
				resource: 'account',
				accountId: { __rl: true, mode: 'id', value: fromAI('Account', 'id') },
				filters: { search: "={{ $fromAI('Search', ``, 'string') }} and {{ $fromAI(\"Tag\") }}" },
			}),
		).toEqual([
			{ path: ['accountId'], key: 'Account' },
			{ path: ['filters', 'search'], key: 'Search' },
			{ path: ['filters', 'search'], key: 'Tag' },
		]);
	});
});
