/**
 * The demo video's take (`npm run demo`, support/demo.ts) still runs, scene by scene, in a real n8n and Debian's
 * Chromium: the same steps without recording and without the pauses meant for a viewer. Each step waits for what the
 * video shows (the credential test's green mark, every node's success, the webhook execution, the trigger's output),
 * so a change to the nodes, the examples or n8n's editor that breaks the take fails here instead of on the day of a
 * submission. Without /usr/bin/chromium (or CHROMIUM_PATH) it is skipped with a message saying so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startSandbox } from '../../sandbox';
import { runDemo, SCENES } from '../../support/demo';
import type { DemoState } from '../../support/demo-kit';
import { service } from '../../support/sandbox-api';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium)
	process.stdout.write(
		`\n[e2e] SKIPPED the demo take: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).\n`,
	);

const d = hasChromium ? describe : describe.skip;

d('the demo take (npm run demo)', () => {
	it('installs the tarball, tests a new credential, runs one operation per resource and fires both triggers', async () => {
		const tgz = process.env.E2E_PACKAGE_TGZ;
		if (!tgz) throw new Error('E2E_PACKAGE_TGZ not set: run the suite with `npm run test:e2e`');
		const sandbox = await startSandbox({ port: 0, smtpPort: 0 });
		const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-demo-'));
		const state: DemoState = { scenes: [], workflows: {}, waits: [] };
		let browser: Browser | undefined;
		const t0 = Date.now();
		try {
			const { chromium } = await import('playwright-core');
			browser = await chromium.launch({
				executablePath: CHROMIUM,
				args: ['--no-sandbox', '--disable-dev-shm-usage'],
			});
			const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
			page.on('dialog', (dialog) => void dialog.accept());
			page.setDefaultNavigationTimeout(180000);
			await runDemo(
				{
					page,
					sandbox,
					tgz,
					userFolder,
					pace: 0,
					// n8n's start on a loaded machine can take minutes on its own.
					startTimeoutMs: 720000,
					log: (line) => process.stdout.write(`${line}\n`),
				},
				state,
			);
			// What the take did, as the service sees it: mailbox 5 paused by Mailbox → Pause, mailbox 1 by the
			// auto-pause example's run.
			for (const id of [5, 1])
				expect({
					id,
					alive: (await service<{ alive: boolean }>(sandbox, 'GET', `/accounts/${id}`)).alive,
				}).toEqual({
					id,
					alive: false,
				});
		} finally {
			await browser?.close();
			await state.n8n?.stop();
			await sandbox.close();
			fs.rmSync(userFolder, { recursive: true, force: true });
			process.stdout.write(
				`[e2e] demo take without pauses: ${((Date.now() - t0) / 1000).toFixed(0)} s\n`,
			);
		}
		expect(state.scenes.map((s) => s.name)).toEqual(SCENES);
	}, 1200000);
});
