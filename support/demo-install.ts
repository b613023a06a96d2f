/// <reference lib="dom" />
/**
 * The demo's first two scenes: the release tarball installed into n8n's community-nodes folder and n8n started, the
 * nodes panel finding the package's entries; then a Deliverability API credential typed into n8n's dialog and tested.
 */
import fs from 'node:fs';
import path from 'node:path';
import { installPackage } from './package';
import { N8n } from './n8n-process';
import {
	say,
	caption,
	hold,
	machineWait,
	terminal,
	TERMINAL_HTML,
	type,
	type DemoOptions,
	type DemoState,
} from './demo-kit';

/**
 * The nodes panel's entries for "Deliverability", as n8n 2.41.1 shows them on a new workflow: the action node and the
 * two triggers, each an entry of its own (a trigger named like its action node would be merged into that node's
 * entry), the triggers without the word "Trigger".
 */
export const PANEL_ENTRIES = [
	'Deliverability',
	'Deliverability Alert',
	'Deliverability Notification',
] as const;

// ——— 1. install ———————————————————————————————————————————————————————————————————————————————————————————————

export async function install(o: DemoOptions, state: DemoState): Promise<void> {
	const { page } = o;
	await page.setContent(TERMINAL_HTML);
	await caption(
		page,
		'1 · Install (docs/install.md, self-hosted, before the npm release): the release tarball into n8n’s community-nodes folder, then start n8n',
	);
	const nodesDir = path.join(o.userFolder, '.n8n', 'nodes');
	await terminal(
		page,
		`# n8n-nodes-deliverability ${path.basename(o.tgz)}: npm pack of this repository`,
		'note',
	);
	await terminal(page, `$ mkdir -p ~/.n8n/nodes && cd ~/.n8n/nodes     # here: ${nodesDir}`, 'cmd');
	await terminal(
		page,
		`$ npm install ${path.basename(o.tgz)} --ignore-scripts --legacy-peer-deps`,
		'cmd',
	);
	await hold(o, 1500);
	const t0 = Date.now();
	await machineWait(state, 1000, () => installPackage(o.userFolder, o.tgz));
	const installed = JSON.parse(
		fs.readFileSync(
			path.join(nodesDir, 'node_modules', 'n8n-nodes-deliverability', 'package.json'),
			'utf8',
		),
	) as { name: string; version: string; n8n: { nodes: string[]; credentials: string[] } };
	await terminal(
		page,
		`added ${installed.name}@${installed.version} in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${installed.n8n.nodes.length} nodes, ${installed.n8n.credentials.length} credentials`,
		'out',
	);
	await terminal(page, '$ n8n start', 'cmd');
	const pending: string[] = [];
	const n8n = new N8n({
		userFolder: o.userFolder,
		onOutput: (line) => {
			if (line.trim()) pending.push(line);
		},
	});
	state.n8n = n8n;
	const flushing = setInterval(() => {
		const lines = pending.splice(0);
		for (const line of lines) void terminal(page, line).catch(() => undefined);
	}, 300);
	try {
		// The first lines of its log stay in the video; the rest of the start (minutes on a busy machine) is cut.
		await machineWait(state, 4000, () => n8n.start({ timeoutMs: o.startTimeoutMs ?? 300000 }));
	} finally {
		clearInterval(flushing);
	}
	for (const line of pending.splice(0)) await terminal(page, line);
	await terminal(page, `# n8n is ready: ${n8n.baseUrl} (its start-up log below)`, 'note');
	await hold(o, 2000);

	await machineWait(state, 0, async () => {
		await page.goto(`${n8n.baseUrl}/signin`);
		await page.locator('input[name="emailOrLdapLoginId"]').waitFor({ timeout: 120000 });
	});
	await caption(page, '1 · The owner signs in to the freshly started n8n 2.41.1');
	await type(o, 'input[name="emailOrLdapLoginId"]', n8n.owner.email);
	await type(o, 'input[name="password"]', n8n.owner.password);
	await page.click('[data-test-id="form-submit-button"]');
	await machineWait(state, 500, async () => {
		await page.waitForURL((u) => !u.pathname.includes('signin'), { timeout: 60000 });
		await page.goto(`${n8n.baseUrl}/workflow/new`);
		await page.locator('[data-test-id="canvas-wrapper"]').waitFor({ timeout: 120000 });
	});
	await caption(
		page,
		`1 · The nodes panel finds the package's three entries: ${PANEL_ENTRIES[0]} (the actions), then the triggers ${PANEL_ENTRIES[1]} and ${PANEL_ENTRIES[2]}`,
	);
	await page.click(
		'[data-test-id="canvas-plus-button"], [data-test-id="node-creator-plus-button"]',
	);
	const creator = page.locator('[data-test-id="node-creator"]');
	await creator.waitFor({ timeout: 15000 });
	await page.keyboard.type('Deliverability', { delay: o.pace > 0 ? 60 : 0 });
	// The caption names what the panel shows: each entry, by its whole name.
	for (const name of PANEL_ENTRIES)
		await creator
			.locator('[data-test-id="node-creator-item-name"]', {
				hasText: new RegExp(`^\\s*${name}\\s*$`),
			})
			.first()
			.waitFor({ timeout: 15000 });
	await hold(o, 3500);
	await page.keyboard.press('Escape');
}

// ——— 2. credential ——————————————————————————————————————————————————————————————————————————————————————————————

export async function createCredential(
	o: DemoOptions,
	state: DemoState,
): Promise<{ id: string; name: string }> {
	const { page } = o;
	const n8n = state.n8n!;
	await machineWait(state, 0, () => page.goto(`${n8n.baseUrl}/home/credentials/create`));
	await caption(
		page,
		'2 · A new credential: Deliverability API (API key and Base URL of the service)',
	);
	const search = page
		.locator(
			'[data-test-id="new-credential-type-select"] input, input[placeholder^="Search for app"]',
		)
		.first();
	await machineWait(state, 0, () => search.waitFor({ timeout: 60000 }));
	await search.click();
	if (o.pace > 0) await search.pressSequentially('Deliverability API', { delay: 50 });
	else await search.fill('Deliverability API');
	await page
		.locator('[data-test-id="new-credential-type-select-option"]', {
			hasText: /^\s*Deliverability API\s*$/,
		})
		.first()
		.click();
	await hold(o, 800);
	await page.click('[data-test-id="new-credential-type-button"]');
	// The credential dialog: its fields, its Save, the test's result, its close button.
	await page.locator('[data-test-id="parameter-input-apiKey"] input').waitFor({ timeout: 30000 });
	await type(o, '[data-test-id="parameter-input-apiKey"] input', o.sandbox.apiKeys.A);
	await type(o, '[data-test-id="parameter-input-baseUrl"] input', o.sandbox.baseUrl);
	await hold(o, 1000);
	await caption(
		page,
		'2 · Save: n8n runs the credential’s test (GET /ping with the key) and shows the answer',
	);
	await page.click('[data-test-id="credential-save-button"]');
	await machineWait(state, 1000, () =>
		page
			.locator('[data-test-id="credentials-config-container-test-success"]')
			.waitFor({ timeout: 60000 }),
	);
	await say(o, '2 · Connection tested successfully: the service accepted the key', 3500);
	await page
		.getByRole('button', { name: 'Close this dialog' })
		.click({ timeout: 10000 })
		.catch(() => page.keyboard.press('Escape'));
	const listed = await n8n.rest<Array<{ id: string; name: string; type: string }>>(
		'GET',
		'/credentials',
	);
	// n8n names a new credential after its type ("Deliverability account"); the take keeps that name.
	const saved = listed.data.find((c) => c.type === 'deliverabilityApi');
	if (!saved) throw new Error('the Deliverability API credential was not saved');
	return { id: saved.id, name: saved.name };
}
