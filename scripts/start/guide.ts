/**
 * What `npm start` prints once everything runs: where the editor is, the login, the sandbox's addresses, and what to
 * try with each example (the links open them in the editor).
 */
import path from 'node:path';

import { CREDENTIAL_NAMES, missingCredentials, type Example } from '../../support/examples';
import { DEFAULT_OWNER } from '../../support/n8n-api';
import type { SandboxInfo } from '../../sandbox/child';

export interface Ready {
	/** The editor's address and the base of its production webhooks. */
	editor: string;
	webhookBase: string;
	examples: Example[];
	sandboxInfo: SandboxInfo;
	/** The MCP example's Bearer Auth token of this run. */
	mcpToken: string;
	/** How long it all took, in words, and n8n's own start-up. */
	elapsed: string;
	startupMs: number;
	userFolder: string;
	verbose: boolean;
}

/** The text, from its first line ("[start] ready in …") to "Ctrl-C stops n8n and the sandbox." */
export function readyGuide({
	editor,
	webhookBase,
	examples,
	sandboxInfo,
	mcpToken,
	elapsed,
	startupMs,
	userFolder,
	verbose,
}: Ready): string {
	const byName = Object.fromEntries(examples.map((e) => [e.file, e]));
	const open = (file: string) =>
		byName[file] ? `${editor}/workflow/${byName[file].id}` : '(missing)';
	// Examples without a walk-through above (e.g. the AI agent, which needs a chat model credential): name and link.
	const described = [
		'pre-send-gate.json',
		'auto-pause-on-disconnect.json',
		'reconnect-on-disconnect.json',
		'weekly-domain-health.json',
		'act-on-notifications.json',
		'batch-reconnect.json',
		'weekly-report.json',
		'spam-test-after-send.json',
		'mcp-server.json',
		'placement-drop-alert.json',
	];
	// An example that needs a credential npm start cannot create says which one and where to add it (the workflow's
	// sticky note says the same).
	const needs = (e: (typeof examples)[number]) =>
		missingCredentials(e)
			.map(
				(c) =>
					`\n       add a credential first: "${c.name}" (${c.type}) in ${c.nodes.map((n) => `"${n}"`).join(', ')}, not created by npm start`,
			)
			.join('');
	const others = examples
		.filter((e) => !described.includes(e.file))
		.map((e) => `\n  ·  ${e.name}   ${editor}/workflow/${e.id}${needs(e)}`)
		.join('');
	return `
[start] ready in ${elapsed} (n8n start-up ${(startupMs / 1000).toFixed(1)} s)

  n8n editor     ${editor}
  login          ${DEFAULT_OWNER.email} / ${DEFAULT_OWNER.password}
  credentials    "${CREDENTIAL_NAMES.deliverability}" (sandbox, project A key) and "${CREDENTIAL_NAMES.smtp}"
  sandbox API    ${sandboxInfo.baseUrl}   (key A: ${sandboxInfo.apiKeys.A})
  sandbox admin  ${sandboxInfo.adminUrl}

What to try:
  The examples that pause or reconnect start as a dry run: open "Settings", set dry_run to false, save and
  publish again to act (each sticky note says so).
  1. Pre-send gate        ${open('pre-send-gate.json')}
     Click "Execute workflow": a spam test is created, the message goes to every seed over SMTP,
     the results come back and the IF node picks "send the campaign" or "hold it".
  2. Auto-pause           ${open('auto-pause-on-disconnect.json')}
     Publish it (the trigger registers an alert with the sandbox), then disconnect a mailbox:
       curl -X POST ${sandboxInfo.adminUrl}/accounts/1/disconnect
     An execution appears under Executions; a dry run, its "Would pause" lists "would pause mailbox 1:
     disconnected" and nothing changes. Set dry_run to false in "Settings", save, publish again and disconnect
     mailbox 2 the same way: it is paused; nothing resumes it (Mailbox → Resume does). "Reconnect on
     disconnect" (${open('reconnect-on-disconnect.json')}) reconnects instead and pauses only a
     mailbox that stays disconnected: unpublish Auto-pause, turn the reconnect's dry run off, publish it,
     disconnect mailbox 3: it is reconnected about 15 s later and never paused.
  3. Domain health        ${open('weekly-domain-health.json')}
     "Execute workflow" (with two triggers the button reads "Execute workflow from …", the trigger n8n picked;
     either gives the same run): one summary item.
  4. Notifications        ${open('act-on-notifications.json')}
     Needs open disconnection notifications: the sandbox starts with five, and every disconnection adds one
     (curl -X POST ${sandboxInfo.adminUrl}/accounts/12/disconnect; while "Reconnect on disconnect" is published it
     repairs the mailbox, which closes its notification). Open the arrow beside "Execute workflow" and pick
     "Run now" (the button may read "from New notification", which fetches only the newest notification as a
     test event). A dry run: "Would pause" lists each mailbox they say disconnected; the renewal reminder
     for the expiring domain is emailed anyway (to ops@team.sandbox.test, the sandbox's SMTP: see
     ${sandboxInfo.adminUrl}/smtp). Set dry_run to false in "Settings" and run from "Run now" again: they
     are paused. Publish it to poll every 5 minutes instead (no public URL needed).
  5. Batch reconnect      ${open('batch-reconnect.json')}
     "Execute workflow": a dry run, "Would reconnect" lists every mailbox with an IMAP issue. Set dry_run to
     false in "Settings" and run it again: they are reconnected in one batch (the sandbox also resumes them:
     "Keep it paused" pauses again those step 4 paused); one item per mailbox says reconnected, still failing
     or skipped. Their notifications close with it: run
     step 4 first.
  6. Weekly report        ${open('weekly-report.json')}
     "Execute workflow" (from "Run now" or "Every Monday 08:00": the same run), then open "Report": an HTML page
     with bar charts (warming placement, spam tests, domains); it is also emailed through "${CREDENTIAL_NAMES.smtp}"
     (see ${sandboxInfo.adminUrl}/smtp).
  7. After a send        ${open('spam-test-after-send.json')}
     Publish it, let seed copies arrive a minute late, then announce a campaign:
       curl -X POST ${sandboxInfo.adminUrl}/settings -H 'content-type: application/json' -d '{"seedDelayMs":60000}'
       curl -X POST ${editor}/webhook/spam-test-after-send -H 'content-type: application/json' \\
         -d '{"from":"news@clean-campaign.example","subject":"Spring offer","text":"Hello"}'
     The run checks once ("Not Yet"), waits 2 minutes at the Wait node (Executions: "Waiting"; no
     process is busy meanwhile), checks again and ends with the result card and the verdict.
  8. MCP server          ${open('mcp-server.json')}
     Publish it, then connect an MCP client (Claude Desktop through mcp-remote, an IDE, an agent) to
       ${webhookBase}mcp/deliverability   (SSE or streamable HTTP)
       header  Authorization: Bearer ${mcpToken}   (credential "${CREDENTIAL_NAMES.mcp}", new each run)
     It lists six Deliverability tools; "Create spam test" spends a sandbox credit.
  9. Placement drop alert ${open('placement-drop-alert.json')}
     "Execute workflow" (from "Run now" or "Every morning 07:00": the same run): nothing dropped, so nothing
     is sent. Make a drop (three stable weeks of an automated test's spam tests, then today's in Gmail's spam;
     a mailbox's warming mail to Gmail in spam all week):
       curl -X POST ${sandboxInfo.adminUrl}/spam_tests/history -H 'content-type: application/json' \\
         -d '{"automated_test_id":1,"tests":[{"days_ago":21},{"days_ago":14},{"days_ago":7},{"days_ago":0,"inbox_percent":{"gmail":20}}]}'
       curl -X POST ${sandboxInfo.adminUrl}/accounts/115/warming -H 'content-type: application/json' \\
         -d '{"spam_percent":100,"days":7,"provider":"gmail"}'
     "Execute workflow" again: one email names both, with what changed and the fixes (see
     ${sandboxInfo.adminUrl}/smtp); a third run finds the same drops and sends nothing new.
  10. Add a "Deliverability" node to a new workflow: every resource and operation of the API is there.${others}

n8n log: ${path.join(userFolder, 'n8n.log')}${verbose ? '' : ' (or npm start -- --verbose)'}
Ctrl-C stops n8n and the sandbox.
`;
}
