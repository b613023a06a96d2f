/// <reference lib="dom" />
/**
 * Real browser: headless Chromium (Debian's `chromium` package driven by playwright-core through its executable
 * path; never a downloaded browser) logs into the n8n editor, opens the pre-send gate, opens the Deliverability
 * node and checks that the resource and operation pickers offer every resource and operation of the API, and that an
 * operation shows one credential picker, of the credential it needs (following Provider and the operation). It also
 * checks what a new user meets first: no canvas label over another in any example (before and after a run), the
 * node creator describing each entry in its own words and finding "pause mailbox", "domain health" and an action by
 * its name, and the Spam Test picker showing score and date before its cut.
 *
 * Screenshots go to test-results/e2e-screenshots/; with E2E_UPDATE_SCREENSHOTS=1 also to docs/images/ (the ones
 * the README and the docs show). Without /usr/bin/chromium (or CHROMIUM_PATH) the check is skipped with a message saying so.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterSendExample, loadExamples } from '../../support/examples';
import { NODE_TYPES } from '../../support/package';
import { CAMPAIGN, postUntilTaken, startStack, type Stack } from './support';
import { RELEASED_OPERATIONS } from '../nodes/fixtures/operations';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium) {
	process.stdout.write(
		`\n[e2e] SKIPPED the real-browser check: no Chromium at ${CHROMIUM}. Install Debian's package ` +
			'(`apt-get install -y chromium`) or set CHROMIUM_PATH. No browser is ever downloaded.\n',
	);
}

interface Option {
	name: string;
	value: string;
}
interface Property {
	name: string;
	type: string;
	options?: Option[];
	displayOptions?: { show?: Record<string, unknown[]> };
}

const rootDir = path.resolve(__dirname, '..', '..');
const shotDirs = [path.join(rootDir, 'test-results', 'e2e-screenshots')];
if (process.env.E2E_UPDATE_SCREENSHOTS === '1') shotDirs.push(path.join(rootDir, 'docs', 'images'));

/** A screenshot of the page (the whole scrollable page with fullPage) into every screenshot folder. */
/** The labels of the weekly report's summary tiles, the figures a reader looks at first. */
const REPORT_TILES = [
	'warming inbox rate',
	'spam tests passed',
	'spam tests failed',
	'domains need attention',
];

/**
 * What of the weekly report does not fit the width it is shown in (n8n's HTML view, a mail client's pane): its title
 * or period reaching past the view's right edge, a summary tile doing so or cutting its text, a tile's figure ("3 /
 * 8") broken over two lines, a table further down reaching past the edge, or the page scrolling sideways. Runs in the
 * report's document.
 */
function reportMisfits(body: HTMLElement, labels: string[]): string[] {
	const doc = body.ownerDocument;
	const view = doc.documentElement.clientWidth;
	const problems: string[] = [];
	if (doc.documentElement.scrollWidth > view + 1)
		problems.push(
			`the page is ${doc.documentElement.scrollWidth}px wide: it scrolls sideways in ${view}px`,
		);
	for (const table of Array.from(doc.querySelectorAll<HTMLElement>('table'))) {
		const right = table.getBoundingClientRect().right;
		const heading = table.previousElementSibling?.textContent ?? 'a table';
		if (right > view + 1)
			problems.push(`the table after "${heading}" ends at ${right}px, past ${view}px`);
	}
	for (const e of [doc.querySelector('h1'), doc.querySelector('h1 + p')])
		if (!e || e.getBoundingClientRect().right > view + 1 || e.scrollWidth > e.clientWidth + 1)
			problems.push(`"${e?.textContent ?? 'the title'}" does not fit ${view}px`);
	for (const label of labels) {
		const all = Array.from(doc.querySelectorAll<HTMLElement>('body *'));
		const labelEl = all.find(
			(e) => (e.textContent ?? '').trim().startsWith(label) && e.children.length === 0,
		);
		if (!labelEl) {
			problems.push(`no tile "${label}"`);
			continue;
		}
		const tile = labelEl.parentElement!;
		const value = tile.firstElementChild as HTMLElement;
		const box = tile.getBoundingClientRect();
		if (box.right > view + 1)
			problems.push(`tile "${label}" ends at ${box.right}px, past ${view}px`);
		for (const e of [tile, value, labelEl])
			if (e.scrollWidth > e.clientWidth + 1) problems.push(`tile "${label}" cuts its text`);
		const line = parseFloat(getComputedStyle(value).fontSize) * 1.6;
		if (value.getBoundingClientRect().height > line)
			problems.push(`tile "${label}": its figure "${value.textContent}" wraps`);
	}
	return problems;
}

async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
	// A picker fades in: wait for the running transitions (not endless ones such as a spinner; a
	// cancelled one counts as over), at most 2 s, or its options are caught half drawn.
	await page.evaluate(() =>
		Promise.race([
			Promise.allSettled(
				document
					.getAnimations()
					.filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
					.map((a) => a.finished),
			),
			new Promise((resolve) => setTimeout(resolve, 2000)),
		]),
	);
	const buffer = await page.screenshot(options);
	for (const dir of shotDirs) {
		fs.mkdirSync(dir, { recursive: true });
		fs.writeFileSync(path.join(dir, name), buffer);
	}
}

const d = hasChromium ? describe : describe.skip;

/**
 * The canvas's text labels that a user cannot read, as "name "Check results" × items "1 item"": node names and
 * subtitles (under each node), output names ("Completed", "true") and item counts ("1 item", on a connection or
 * beside an unconnected output) that cross another label, lie under the canvas's own buttons (Execute workflow, the
 * zoom controls: at fit view n8n fits the nodes' boxes, not the names written under them, so a bottom row's names can
 * land there) or run past the canvas's edge. Text boxes are measured on the text itself (a name's box is wider than
 * its text).
 */
async function overlappingLabels(page: Page): Promise<string[]> {
	return await page.evaluate(() => {
		interface Box {
			kind: string;
			text: string;
			left: number;
			top: number;
			right: number;
			bottom: number;
		}
		const labels: Box[] = [];
		const add = (kind: string, el: Element) => {
			const text = (el.textContent ?? '').trim();
			const range = document.createRange();
			range.selectNodeContents(el);
			const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
			if (!text || rects.length === 0) return;
			labels.push({
				kind,
				text,
				left: Math.min(...rects.map((r) => r.left)),
				top: Math.min(...rects.map((r) => r.top)),
				right: Math.max(...rects.map((r) => r.right)),
				bottom: Math.max(...rects.map((r) => r.bottom)),
			});
		};
		const all = (selector: string) => Array.from(document.querySelectorAll(selector));
		for (const el of all('[data-test-id="edge-label"], [class*="_runDataLabel_"]'))
			add('items', el);
		for (const el of all('[class*="_outputLabel_"]')) add('output', el);
		const description = '[data-test-id="canvas-node"] [class*="_description_"]';
		for (const el of all(`${description} > [class*="_label_"]`)) add('name', el);
		for (const el of all(`${description} > [class*="_subtitle_"]`)) add('subtitle', el);
		const buttons: Box[] = all(
			'[data-test-id="execute-workflow-button"], [data-test-id="canvas-controls"]',
		).map((el) => {
			const { left, top, right, bottom } = el.getBoundingClientRect();
			return { kind: 'button', text: el.getAttribute('data-test-id')!, left, top, right, bottom };
		});
		const crossed: string[] = [];
		for (const [i, a] of labels.entries())
			for (const b of [...labels.slice(i + 1), ...buttons])
				if (
					a.left < b.right - 1 &&
					b.left < a.right - 1 &&
					a.top < b.bottom - 1 &&
					b.top < a.bottom - 1
				)
					crossed.push(`${a.kind} "${a.text}" × ${b.kind} "${b.text}"`);
		const canvas = document
			.querySelector('[data-test-id="canvas-wrapper"]')!
			.getBoundingClientRect();
		for (const a of labels)
			if (
				a.left < canvas.left ||
				a.top < canvas.top ||
				a.right > canvas.right ||
				a.bottom > canvas.bottom
			)
				crossed.push(`${a.kind} "${a.text}" past the canvas's edge`);
		return crossed;
	});
}

/** The spam-test-after-send example under its own path, its Wait node at 2 s (in-process: a round takes seconds). */
const AFTER_SEND = { id: 'DlvExAfterSndCard', path: 'after-send-card' };

d('real browser (Debian chromium + playwright-core)', () => {
	let stack: Stack;
	let browser: Browser;
	let page: Page;
	let resources: Option[];
	let operations: Record<string, Option[]>;

	beforeAll(async () => {
		const examples = loadExamples();
		stack = await startStack({
			beforeStart: (n8n) =>
				n8n.importWorkflows([...examples.map((e) => e.workflow), afterSendExample(2, AFTER_SEND)]),
			// n8n's start on a loaded machine can take minutes on its own: 12 of this set-up's 15.
			startTimeoutMs: 720000,
		});
		// The node's own description, as the editor receives it: the pickers must show exactly these names.
		const types = await stack.n8n.session<Array<{ name: string; properties: Property[] }>>(
			'GET',
			'/types/nodes.json',
		);
		const node = types.data.find((t) => t.name === NODE_TYPES.action)!;
		// n8n itself appends "Custom API Call" (__CUSTOM_API_CALL__) to nodes whose credential can authenticate any request.
		resources = node.properties
			.find((p) => p.name === 'resource')!
			.options!.filter((o) => o.value !== '__CUSTOM_API_CALL__');
		operations = {};
		for (const p of node.properties.filter((x) => x.name === 'operation')) {
			for (const r of (p.displayOptions?.show?.resource ?? []) as string[]) {
				operations[r] = p.options!.filter((o) => o.value !== '__CUSTOM_API_CALL__');
			}
		}
		const { chromium } = await import('playwright-core');
		browser = await chromium.launch({
			executablePath: CHROMIUM,
			args: ['--no-sandbox', '--disable-dev-shm-usage'],
		});
		page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		// Checks that change a node without saving, then open another workflow: "leave the page?" answered yes.
		page.on('dialog', (dialog) => void dialog.accept());
		// The editor's first load (a large bundle, cold cache) takes minutes on a busy machine: wait for it, do not time it.
		page.setDefaultNavigationTimeout(180000);
	}, 900000);

	afterAll(async () => {
		await browser?.close();
		await stack?.close();
	});

	/** Runs the open workflow from the editor until `lastNode` shows success, then takes `shotName` of the canvas. */
	async function runInEditor(
		lastNode: string,
		shotName: string,
		trigger?: () => Promise<unknown>,
	): Promise<void> {
		await page.click('[data-test-id="execute-workflow-button"]');
		await trigger?.();
		const done = page.locator(
			`[data-test-id="canvas-node"][data-node-name="${lastNode}"] [data-test-id="canvas-node-status-success"]`,
		);
		await done.waitFor({ timeout: 120000 });
		await page.waitForTimeout(500);
		await shot(page, shotName);
		await expectReadableLabels(shotName);
	}

	/** After a run the connections carry "1 item": none may cover an output's name or a node's name. */
	async function expectReadableLabels(shotName: string): Promise<void> {
		expect({ shotName, crossed: await overlappingLabels(page) }).toEqual({
			shotName,
			crossed: [],
		});
	}

	/**
	 * Opens `nodeName`'s output in its HTML view: n8n renders the node's html field in a sandboxed iframe (sanitised:
	 * inline styles kept, scripts dropped). `check` looks at the rendered page; then the panel is shot as `panelShot`
	 * and the page alone, full size at `width`, as `pageShot` (the docs' picture).
	 */
	async function htmlView(
		nodeName: string,
		check: (view: FrameLocator) => Promise<void>,
		shots: { panelShot: string; pageShot: string; width: number },
	): Promise<string | null> {
		await page.dblclick(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`);
		const output = page.locator('[data-test-id="output-panel"]');
		await output.waitFor({ timeout: 15000 });
		await output
			.locator('[data-test-id="ndv-run-data-display-mode"]')
			.getByText('HTML', { exact: true })
			.first()
			.click();
		await check(output.frameLocator('iframe.__html-display'));
		await page.waitForTimeout(300);
		await shot(page, shots.panelShot);
		const html = await output.locator('iframe.__html-display').getAttribute('srcdoc');
		const full = await browser.newPage({ viewport: { width: shots.width, height: 400 } });
		await full.setContent(html!);
		await shot(full, shots.pageShot, { fullPage: true });
		await full.close();
		await page.click('[data-test-id="ndv-close-button"]');
		await page
			.locator('[data-test-id="ndv-close-button"]')
			.waitFor({ state: 'hidden', timeout: 10000 });
		return html;
	}

	it("the node description carries exactly the spec's resources and operations", () => {
		expect(resources.map((r) => r.value).sort()).toEqual(Object.keys(RELEASED_OPERATIONS).sort());
		for (const [resource, ops] of Object.entries(RELEASED_OPERATIONS)) {
			expect(operations[resource].map((o) => o.value).sort()).toEqual([...ops].sort());
		}
	});

	it('logs into the editor with the preset owner', async () => {
		await page.goto(`${stack.n8n.baseUrl}/signin`);
		await page.fill('input[name="emailOrLdapLoginId"]', stack.n8n.owner.email);
		await page.fill('input[name="password"]', stack.n8n.owner.password);
		await page.click('[data-test-id="form-submit-button"]');
		await page.waitForURL((u) => !u.pathname.includes('signin'), { timeout: 30000 });
	});

	it('every example opens at fit view with every canvas label readable', async () => {
		const crossed: Record<string, string[]> = {};
		for (const [i, example] of loadExamples().entries()) {
			// The first one loads the editor; the others open as the editor's own links do (a route change in the loaded
			// editor, no reload): a reload costs 20-30 s on a busy machine, over this test's time for the ten examples.
			if (i === 0) await page.goto(`${stack.n8n.baseUrl}/workflow/${example.id}`);
			else
				await page.evaluate((url) => {
					history.pushState(null, '', url);
					dispatchEvent(new PopStateEvent('popstate', { state: null }));
				}, `/workflow/${example.id}`);
			const names = (example.workflow.nodes as Array<{ name: string; type: string }>)
				.filter((n) => n.type !== 'n8n-nodes-base.stickyNote')
				.map((n) => n.name);
			// This example's nodes and no other's: the previous canvas is gone.
			await page
				.waitForFunction(
					(expected) => {
						const shown = Array.from(document.querySelectorAll('[data-test-id="canvas-node"]')).map(
							(el) => el.getAttribute('data-node-name'),
						);
						return shown.length === expected.length && expected.every((n) => shown.includes(n));
					},
					names,
					{ timeout: 90000 },
				)
				.catch((error: Error) => {
					throw new Error(`${example.file} did not open: ${error.message}`);
				});
			await page.waitForTimeout(1500);
			const found = await overlappingLabels(page);
			if (found.length) {
				crossed[example.file] = found;
				await shot(page, `overlap-${example.file.replace(/\.json$/, '')}.png`);
			}
		}
		expect(crossed).toEqual({});
	});

	it('shows the auto-pause example with the Deliverability Alert Trigger', async () => {
		const example = loadExamples().find((e) => e.file === 'auto-pause-on-disconnect.json')!;
		await page.goto(`${stack.n8n.baseUrl}/workflow/${example.id}`);
		const trigger = page.locator(
			`[data-test-id="canvas-node"][data-node-type="${NODE_TYPES.trigger}"]`,
		);
		await trigger.waitFor({ timeout: 30000 });
		await page.waitForTimeout(1000);
		await shot(page, 'auto-pause.png');
	});

	it('opens the pre-send gate with every node of the example on the canvas', async () => {
		const example = loadExamples().find((e) => e.file === 'pre-send-gate.json')!;
		await page.goto(`${stack.n8n.baseUrl}/workflow/${example.id}`);
		await page.waitForSelector('[data-test-id="canvas-node"][data-node-name="Create spam test"]', {
			timeout: 90000,
		});
		await page.waitForTimeout(1000);
		const onCanvas = await page.$$eval('[data-test-id="canvas-node"]', (els) =>
			els.map((e) => e.getAttribute('data-node-name')),
		);
		const expected = (example.workflow.nodes as Array<{ name: string; type: string }>)
			.filter((n) => n.type !== 'n8n-nodes-base.stickyNote')
			.map((n) => n.name);
		expect([...onCanvas].sort()).toEqual([...expected].sort());
		// No "install this node" / unknown-node placeholders: the package's nodes render as themselves.
		const types = await page.$$eval('[data-test-id="canvas-node"]', (els) =>
			els.map((e) => e.getAttribute('data-node-type')),
		);
		expect(types).toContain(NODE_TYPES.action);
		await shot(page, 'pre-send-gate.png');
	});

	it('runs the pre-send gate from the editor ("Execute workflow") down the "send" branch', async () => {
		await page.click('[data-test-id="execute-workflow-button"]');
		const sent = page.locator(
			'[data-test-id="canvas-node"][data-node-name="Send the campaign"] [data-test-id="canvas-node-status-success"]',
		);
		await sent.waitFor({ timeout: 60000 });
		const held = page.locator(
			'[data-test-id="canvas-node"][data-node-name="Hold it"] [data-test-id="canvas-node-status-success"]',
		);
		expect(await held.count()).toBe(0);
		await page.waitForTimeout(500);
		await shot(page, 'pre-send-gate-run.png');
		await expectReadableLabels('pre-send-gate-run.png');

		// The results node's output panel shows the score the IF node decided on.
		await page.dblclick('[data-test-id="canvas-node"][data-node-name="Get results"]');
		const output = page.locator('[data-test-id="output-panel"]');
		await output.waitFor({ timeout: 15000 });
		// JSON view: every field of the result is on screen (the table can be wider than the panel).
		await output.getByText('JSON', { exact: true }).first().click();
		const t0 = Date.now();
		while (!((await output.textContent()) ?? '').includes('final_score') && Date.now() - t0 < 15000)
			await page.waitForTimeout(250);
		expect(await output.textContent()).toContain('final_score');
		await page.waitForTimeout(500);
		await shot(page, 'spam-test-results.png');
		await page.click('[data-test-id="ndv-close-button"]');
		await page
			.locator('[data-test-id="ndv-close-button"]')
			.waitFor({ state: 'hidden', timeout: 10000 });
	});

	it('Wait for Completion is one switch at the top of Spam Test → Get, its settings right under it and only while on', async () => {
		await page.dblclick('[data-test-id="canvas-node"][data-node-name="Get results"]');
		const toggle = page.locator('[data-test-id="parameter-input-waitForCompletion"]');
		await toggle.waitFor({ timeout: 15000 });
		const settings = ['pollInterval', 'timeoutMinutes', 'onTimeout'].map((name) =>
			page.locator(`[data-test-id="parameter-input-${name}"]`),
		);
		for (const s of settings) await s.waitFor({ timeout: 5000 });
		// Top level, not inside an Options collection, and in this order on screen: the switch, then its settings.
		expect(await page.locator('[data-test-id="parameter-input-options"]').count()).toBe(0);
		const tops = await Promise.all(
			[toggle, ...settings].map(async (l) => (await l.boundingBox())!.y),
		);
		expect(tops).toEqual([...tops].sort((x, y) => x - y));
		await page.waitForTimeout(300);
		await shot(page, 'wait-for-completion.png');
		// Off: the settings go away (and come back when on again).
		await toggle.locator('.el-switch, [role="switch"]').first().click();
		for (const s of settings) await s.waitFor({ state: 'hidden', timeout: 5000 });
		await toggle.locator('.el-switch, [role="switch"]').first().click();
		for (const s of settings) await s.waitFor({ timeout: 5000 });
		await page.click('[data-test-id="ndv-close-button"]');
		await page
			.locator('[data-test-id="ndv-close-button"]')
			.waitFor({ state: 'hidden', timeout: 10000 });
	});

	async function visibleOptions(): Promise<string[]> {
		const items = page.locator('[data-test-id="parameter-input-item"]:visible');
		await items.first().waitFor({ timeout: 10000 });
		const out: string[] = [];
		for (const item of await items.all()) {
			const headline = item.locator('.option-headline');
			out.push(
				((await headline.count())
					? await headline.first().textContent()
					: await item.textContent())!.trim(),
			);
		}
		return out;
	}

	async function pick(parameter: string, optionName: string) {
		await page.click(`[data-test-id="parameter-input-${parameter}"]`);
		const item = page.locator('[data-test-id="parameter-input-item"]:visible', {
			has: page.locator('.option-headline', {
				hasText: new RegExp(`^${optionName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
			}),
		});
		await item.first().click();
		await page.waitForTimeout(300);
	}

	it('opens the Deliverability node: the resource picker shows every resource', async () => {
		const close = page.locator('[data-test-id="ndv-close-button"]');
		if (await close.isVisible()) await close.click();
		await page.dblclick('[data-test-id="canvas-node"][data-node-name="Create spam test"]');
		await page.waitForSelector('[data-test-id="parameter-input-resource"]', { timeout: 15000 });
		await page.waitForTimeout(500);
		await shot(page, 'deliverability-node.png');
		await page.click('[data-test-id="parameter-input-resource"]');
		const shown = await visibleOptions();
		for (const r of resources) expect(shown).toContain(r.name);
		await shot(page, 'resource-picker.png');
		await page.keyboard.press('Escape');
	});

	it('the operation picker shows every operation of every resource', async () => {
		for (const r of resources) {
			await pick('resource', r.name);
			await page.click('[data-test-id="parameter-input-operation"]');
			const shown = await visibleOptions();
			for (const op of operations[r.value])
				expect({ resource: r.value, shown }).toEqual({
					resource: r.value,
					shown: expect.arrayContaining([op.name]),
				});
			if (r.value === 'account') await shot(page, 'operation-picker.png');
			await page.keyboard.press('Escape');
			await page.waitForTimeout(200);
		}
	});

	it('shows one credential picker, of the credential the operation needs, and follows Provider and the operation', async () => {
		const pickers = page.locator('[data-test-id="node-credentials-select"]:visible');
		/** The stack's credentials the one picker offers, each as its name then its type (the type it shows). */
		async function offered(state: string): Promise<string[]> {
			await page.waitForTimeout(800);
			await shot(page, `credential-picker-${state}.png`);
			expect({ state, pickers: await pickers.count() }).toEqual({ state, pickers: 1 });
			await pickers.first().click();
			await page.waitForTimeout(500);
			const names = (await page.locator('[role="option"]:visible, li:visible').allTextContents())
				.map((t) => t.trim())
				.filter((t) => t.startsWith('Deliverability sandbox'));
			await page.keyboard.press('Escape');
			await page.waitForTimeout(200);
			return [...new Set(names)].sort();
		}
		await pick('resource', 'Email Workspace');
		await pick('operation', 'Create');
		expect(await offered('google')).toEqual([
			'Deliverability sandbox with Google keyDeliverability with Google Workspace Key API',
		]);
		await pick('provider', 'Microsoft 365 / Outlook');
		expect(await offered('outlook')).toEqual([
			'Deliverability sandbox with Outlook appDeliverability with Outlook App API',
		]);
		await pick('operation', 'Update');
		expect(await offered('update')).toEqual(['Deliverability sandboxDeliverability API']);
		await pick('resource', 'Mailbox');
		await pick('operation', 'Connect IMAP/SMTP');
		expect(await offered('mailbox')).toEqual([
			'Deliverability sandbox with mailbox passwordsDeliverability with Mailbox Passwords API',
		]);
	});

	it('Automated Test → Update: Time Zone is a searchable list of IANA zones, Mailbox a picker', async () => {
		await pick('resource', 'Automated Test');
		await pick('operation', 'Update');
		// n8n 2.41 has two collection widgets (a select, or a dropdown behind a flag): either one's "Add Field".
		const adder =
			'[data-test-id="collection-parameter-add"], [data-test-id="collection-parameter-add-dropdown"], [data-test-id="collection-parameter-add-header"]';
		try {
			for (const field of ['Time Zone', 'Mailbox']) {
				await page.locator(`${adder}`).filter({ visible: true }).first().click();
				const choices =
					'[data-test-id="collection-parameter-option"], [role="menuitem"], [role="option"], .el-select-dropdown__item';
				await page
					.locator(choices)
					.filter({ visible: true, hasText: new RegExp(`^\\s*${field}\\s*$`) })
					.first()
					.click();
				await page.waitForTimeout(300);
			}
		} catch (error) {
			fs.writeFileSync(path.join(shotDirs[0], 'collection-debug.html'), await page.content());
			await shot(page, 'collection-debug.png');
			throw error;
		}
		const zone = page
			.locator(
				'[data-test-id="resource-locator-time_zone"], [data-test-id="parameter-input-time_zone"]',
			)
			.first();
		await zone.locator('[data-test-id="rlc-input"]').click();
		await page
			.locator('[data-test-id="rlc-search"] input, input[data-test-id="rlc-search"]')
			.first()
			.fill('paris');
		const item = page.locator('[data-test-id="rlc-item"]:visible', { hasText: 'Europe/Paris' });
		await item.first().waitFor({ timeout: 15000 });
		expect(await page.locator('[data-test-id="rlc-item"]:visible').allTextContents()).toEqual([
			expect.stringMatching(/^\s*Europe\/Paris \(UTC\+0[12]:00\)\s*$/),
		]);
		await shot(page, 'time-zone-picker.png');
		await item.first().click();
		await page.waitForTimeout(300);
		const account = page
			.locator(
				'[data-test-id="resource-locator-account_id"], [data-test-id="parameter-input-account_id"]',
			)
			.first();
		await account.locator('[data-test-id="rlc-input"]').click();
		await page.locator('[data-test-id="rlc-item"]:visible').first().waitFor({ timeout: 15000 });
		expect(
			(await page.locator('[data-test-id="rlc-item"]:visible').first().textContent())!,
		).toMatch(/@/);
		await page.keyboard.press('Escape');
	});

	it('the node creator shows each entry in its own words, finds "pause mailbox" and an action by its name', async () => {
		const example = loadExamples().find((e) => e.file === 'pre-send-gate.json')!;
		await page.goto(`${stack.n8n.baseUrl}/workflow/${example.id}`);
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 90000 });
		await page.click('[data-test-id="node-creator-plus-button"]');
		const creator = page.locator('[data-test-id="node-creator"]');
		await creator.waitFor({ timeout: 15000 });
		const search = async (text: string) => {
			await creator.locator('input').first().fill(text);
			await page.waitForTimeout(500);
		};
		const entry = creator.locator('[data-test-id="node-creator-item-name"]', {
			hasText: /^\s*Deliverability\s*$/,
		});
		// What a person reads for each entry: its name, and the text the node creator shows under it.
		const rows = async () =>
			await creator
				.locator(
					'[data-test-id="node-creator-node-item"], [data-test-id="node-creator-action-item"]',
				)
				.evaluateAll((els) =>
					els.map((el) => ({
						name: (
							el.querySelector('[data-test-id="node-creator-item-name"]')?.textContent ?? ''
						).trim(),
						text: (
							el.querySelector('[data-test-id="node-creator-item-description"]')?.textContent ?? ''
						).trim(),
					})),
				);
		await search('Deliverability');
		await entry.first().waitFor({ timeout: 15000 });
		const ours = (await rows()).filter((r) => r.name.startsWith('Deliverability'));
		process.stdout.write(`[e2e] node creator, "Deliverability": ${JSON.stringify(ours)}\n`);
		// The actions entry reads as the service's actions (n8n 2.41 would give a merged entry the trigger's text).
		expect(ours.find((r) => r.name === 'Deliverability')?.text).toMatch(
			/^Email deliverability: spam tests and inbox placement/,
		);
		for (const row of ours.filter((r) => r.name !== 'Deliverability'))
			expect(row.text).toMatch(/^Starts (a|the) workflow when the Deliverability service/);
		// Two words, as people type them: the entry's aliases hold them in order ("Pause a mailbox").
		for (const typed of ['pause mailbox', 'domain health']) {
			await search(typed);
			await entry.first().waitFor({ timeout: 15000 });
		}
		await search('Get a spam test');
		await entry.first().waitFor({ timeout: 15000 });
		await shot(page, 'node-creator-search.png');
		await entry.first().click();
		const action = creator.getByText('Get a spam test', { exact: true });
		await action.first().waitFor({ timeout: 15000 });
		await shot(page, 'node-creator-actions.png');
		// The action adds Spam Test → Get; its Spam Test picker ("From list") shows what tells tests apart first.
		await action.first().click();
		const picker = page.locator('[data-test-id="resource-locator-publicId"]').first();
		await picker.waitFor({ timeout: 15000 });
		await picker.locator('[data-test-id="rlc-input"]').click();
		const items = page.locator('[data-test-id="rlc-item"]:visible');
		await items.first().waitFor({ timeout: 15000 });
		await page.waitForTimeout(300);
		await shot(page, 'spam-test-picker.png');
		// Each entry's score (or "waiting") and date lie in the part of the entry that is shown: left of where its list
		// (or the entry itself, with "…") cuts it, wherever in the entry they stand.
		const cut = await items.evaluateAll((els) =>
			els.flatMap((el) => {
				const text = (el.textContent ?? '').trim();
				const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
				let node = walker.nextNode();
				while (node && !/\d{4}, \d{2}:\d{2}/.test(node.textContent ?? '')) node = walker.nextNode();
				if (!node) return [`"${text}" has no date`];
				const owner = node.parentElement!;
				let shownRight = Infinity;
				for (
					let e: Element | null = owner;
					e && e !== el.parentElement!.parentElement;
					e = e.parentElement
				)
					if (getComputedStyle(e).overflowX !== 'visible')
						shownRight = Math.min(shownRight, e.getBoundingClientRect().right);
				// A cut entry ends in "…", drawn over the last characters that fit.
				if (owner.scrollWidth > owner.clientWidth) {
					const context = document.createElement('canvas').getContext('2d')!;
					context.font = getComputedStyle(owner).font;
					shownRight -= context.measureText('…').width;
				}
				const missing: string[] = [];
				for (const fact of [
					/score [\d.]+\/10|waiting|completed/,
					/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/,
				]) {
					const found = fact.exec(node.textContent!);
					if (!found) {
						missing.push(`"${text}" has no ${String(fact)}`);
						continue;
					}
					const range = document.createRange();
					range.setStart(node, found.index);
					range.setEnd(node, found.index + found[0].length);
					if (range.getBoundingClientRect().right > shownRight + 1)
						missing.push(`"${text}" is cut before "${found[0]}"`);
				}
				return missing;
			}),
		);
		expect(cut).toEqual([]);
		await page.keyboard.press('Escape');
		await page.click('[data-test-id="ndv-close-button"]');
	});

	it('runs the weekly report from the editor; the Report node shows the page with its bar charts (HTML view)', async () => {
		const example = loadExamples().find((e) => e.file === 'weekly-report.json')!;
		await page.goto(`${stack.n8n.baseUrl}/workflow/${example.id}`);
		await page.waitForSelector('[data-test-id="canvas-node"][data-node-name="Report"]', {
			timeout: 90000,
		});
		await runInEditor('Email the report', 'weekly-report-workflow.png');
		const html = await htmlView(
			'Report',
			async (report) => {
				await report.getByText('Sending domains').waitFor({ timeout: 15000 });
				expect(await report.locator('h1').textContent()).toMatch(/^Deliverability report, /);
				// The bars survive n8n's sanitiser: coloured cells with a width.
				expect(await report.locator('td[style*="height:14px"]').count()).toBeGreaterThan(10);
				// The first screen fits n8n's output panel at 1440 x 900: no tile cut, no figure broken.
				expect(await report.locator('body').evaluate(reportMisfits, REPORT_TILES)).toEqual([]);
			},
			{ panelShot: 'weekly-report-in-n8n.png', pageShot: 'weekly-report.png', width: 860 },
		);
		// The emailed page in common mail-client widths: a phone, a reading pane, Gmail's message column; every table
		// too, with nothing to scroll sideways.
		const misfits: Record<number, string[]> = {};
		for (const width of [360, 480, 600, 800]) {
			const mail = await browser.newPage({ viewport: { width, height: 800 } });
			await mail.setContent(html!);
			const found = await mail.locator('body').evaluate(reportMisfits, REPORT_TILES);
			if (found.length) misfits[width] = found;
			await mail.close();
		}
		expect(misfits).toEqual({});
	});

	it('shows the polling example: Notification Trigger, Run now, Switch by event', async () => {
		const example = loadExamples().find((e) => e.file === 'act-on-notifications.json')!;
		await page.goto(`${stack.n8n.baseUrl}/workflow/${example.id}`);
		await page
			.locator(`[data-test-id="canvas-node"][data-node-type="${NODE_TYPES.notificationTrigger}"]`)
			.waitFor({ timeout: 30000 });
		await page.waitForTimeout(1000);
		await shot(page, 'act-on-notifications.png');
	});

	it('runs the spam-test-after-send example from the editor; its Result card shows the verdict and the placement (HTML view)', async () => {
		await page.goto(`${stack.n8n.baseUrl}/workflow/${AFTER_SEND.id}`);
		await page.waitForSelector('[data-test-id="canvas-node"][data-node-name="Result card"]', {
			timeout: 90000,
		});
		// The Webhook node listens for a test event once the run starts: what a sending tool POSTs after a campaign.
		await runInEditor('Result card', 'spam-test-after-send-run.png', () =>
			postUntilTaken(`${stack.n8n.baseUrl}/webhook-test/${AFTER_SEND.path}`, CAMPAIGN, 60000),
		);
		await htmlView(
			'Result card',
			async (card) => {
				await card.locator('h2').waitFor({ timeout: 15000 });
				expect(await card.locator('h2').textContent()).toMatch(/^Spam test \S+: PASS$/);
				expect(await card.getByText('Gmail').count()).toBeGreaterThan(0);
			},
			{
				panelShot: 'spam-test-result-card-in-n8n.png',
				pageShot: 'spam-test-result-card.png',
				width: 640,
			},
		);
	});
});
