/// <reference lib="dom" />
/**
 * What every scene of the demo (support/demo.ts) uses: what it is given and what it keeps, the caption box and the
 * terminal drawn over the page, pauses for the viewer, waits for the machine (cut from the video), typing like a
 * person.
 */
import type { Page } from 'playwright-core';
import type { N8n } from './n8n-process';

export interface DemoSandbox {
	baseUrl: string;
	adminUrl: string;
	apiKeys: { A: string; B: string };
}

export interface DemoOptions {
	page: Page;
	sandbox: DemoSandbox;
	/** The packed package (npm pack output) to install. */
	tgz: string;
	/** n8n's user folder (N8N_USER_FOLDER): the package goes into its .n8n/nodes. */
	userFolder: string;
	/** Multiplies every pause meant for a viewer (1 for the video, 0 for the check). */
	pace: number;
	/** n8n's start-up limit (a loaded machine needs minutes). */
	startTimeoutMs?: number;
	/** Progress lines for the terminal. */
	log?: (line: string) => void;
}

/** What the demo started, for the caller to stop (also after a failure). */
export interface DemoState {
	n8n?: N8n;
	/** Scene name → seconds from the take's start to the scene's start. */
	scenes: Array<{ name: string; at: number }>;
	/** Workflows the demo created, by role. */
	workflows: Record<string, string>;
	/** The waits for the machine, as clock times (Date.now()): what the video may leave out. */
	waits: Array<{ from: number; to: number }>;
}

const CAPTION_ID = '__deliverability_demo_caption';

/** Draws (or replaces) the caption box at the bottom of the page. */
export async function caption(page: Page, text: string): Promise<void> {
	await page.evaluate(
		({ id, value }) => {
			let box = document.getElementById(id);
			if (!box) {
				box = document.createElement('div');
				box.id = id;
				Object.assign(box.style, {
					position: 'fixed',
					left: '50%',
					bottom: '28px',
					transform: 'translateX(-50%)',
					maxWidth: '78%',
					padding: '10px 18px',
					borderRadius: '8px',
					background: 'rgba(20, 20, 28, 0.88)',
					color: '#fff',
					font: '600 19px/1.35 system-ui, sans-serif',
					textAlign: 'center',
					zIndex: '2147483647',
					pointerEvents: 'none',
					boxShadow: '0 4px 18px rgba(0,0,0,0.35)',
				});
				document.body.appendChild(box);
			}
			box.textContent = value;
		},
		{ id: CAPTION_ID, value: text },
	);
}

export const TERMINAL_HTML = `<!doctype html><html><head><style>
body{margin:0;background:#1e1e24;color:#e6e6e6;font:15px/1.45 ui-monospace,Menlo,Consolas,monospace}
#head{background:#2d2d35;color:#aaa;padding:8px 14px;font:13px system-ui,sans-serif}
#top{padding:12px 18px;border-bottom:1px solid #3a3a44;white-space:pre-wrap;word-break:break-all}
#log{padding:10px 18px;white-space:pre-wrap;word-break:break-all;height:calc(100vh - 300px);overflow:hidden;color:#bdbdc6;font-size:13px}
.cmd{color:#8fe388}.note{color:#9ab8ff}
</style></head><body><div id="head">terminal on the n8n host</div><div id="top"></div><div id="log"></div></body></html>`;

/**
 * A terminal drawn in the page: the commands and their results stay at the top, n8n's start-up log scrolls below
 * them (newest at the bottom).
 */
export async function terminal(
	page: Page,
	line: string,
	kind: 'cmd' | 'note' | 'out' | 'log' = 'log',
) {
	const clean = line.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
	await page.evaluate(
		({ text, cls }) => {
			const area = document.getElementById(cls === 'log' ? 'log' : 'top')!;
			const row = document.createElement('div');
			row.className = cls;
			row.textContent = text;
			area.appendChild(row);
			while (area.scrollHeight > area.clientHeight && area.children.length > 1)
				area.removeChild(area.firstChild!);
		},
		{ text: clean, cls: kind },
	);
}

export const hold = (o: DemoOptions, ms: number) => o.page.waitForTimeout(Math.round(ms * o.pace));

/** A caption the viewer reads for `ms` (scaled by the pace, as every pause). */
export async function say(o: DemoOptions, text: string, ms: number): Promise<void> {
	await caption(o.page, text);
	await hold(o, ms);
}

/**
 * A wait for the machine rather than a pause for the viewer: its first `shownMs` stay in the video (the click, the
 * start of a run), the rest is marked to be cut.
 */
export async function machineWait<T>(
	state: DemoState,
	shownMs: number,
	wait: () => Promise<T>,
): Promise<T> {
	const from = Date.now() + shownMs;
	try {
		return await wait();
	} finally {
		const to = Date.now();
		if (to > from) state.waits.push({ from, to });
	}
}

/** Types like a person in the video, at once in the check. */
export async function type(o: DemoOptions, selector: string, text: string): Promise<void> {
	const field = o.page.locator(selector).first();
	await field.click();
	if (o.pace > 0) await field.pressSequentially(text, { delay: 35 });
	else await field.fill(text);
}
