/// <reference lib="dom" />
/**
 * The demo's take, scene by scene (`npm run demo` records it; test/e2e/demo.e2e.test.ts runs it without recording
 * or pauses, so it cannot rot): what a reviewer at n8n asks to see, in one continuous browser session.
 *
 *   1. install: the release tarball into n8n's community-nodes folder, as docs/install.md tells a self-hosted user
 *      before the package is on npm (Settings → Community Nodes installs from the npm registry only); then n8n
 *      starts, the owner logs in and the nodes panel finds the package's nodes
 *   2. credential: a new "Deliverability API" credential typed into n8n's dialog; saving runs its test (green)
 *   3. operations: one operation of each resource, run from the editor, each node's output opened
 *   4. webhook trigger: the auto-pause example published; the service reports ACCOUNT_DISCONNECTED; the execution
 *   5. polling trigger: a new notification opens; the Notification Trigger, run from the editor, emits it
 *
 * Each step waits for what the user would see (a green test, a node's success mark, an execution), so the same steps
 * are the check that the demo still works. Captions are a box drawn over the page (no screen grabber: the browser
 * driver records the page itself). Every wait for the machine (n8n starting, a page loading, a run) is marked in
 * `DemoState.waits`: `npm run demo` cuts all but its first moment out of the video (support/take-cuts.ts), so the
 * take is as long on a busy machine as on a quiet one and never shows a frozen or blank screen while it waits.
 */
import { say, type DemoOptions, type DemoState } from './demo-kit';
import { createCredential, install } from './demo-install';
import { operations } from './demo-operations';
import { pollingTrigger, webhookTrigger } from './demo-triggers';

/** The scenes in order; each is a step of the check too. */
export const SCENES = ['install', 'credential', 'operations', 'webhook trigger', 'polling trigger'];

export async function runDemo(o: DemoOptions, state: DemoState): Promise<void> {
	const started = Date.now();
	const scene = (name: string) => {
		state.scenes.push({ name, at: (Date.now() - started) / 1000 });
		o.log?.(`[demo] ${name} (at ${((Date.now() - started) / 1000).toFixed(0)} s)`);
	};
	scene('install');
	await install(o, state);
	scene('credential');
	const credential = await createCredential(o, state);
	scene('operations');
	await operations(o, state, credential);
	scene('webhook trigger');
	await webhookTrigger(o, state, credential);
	scene('polling trigger');
	await pollingTrigger(o, state, credential);
	await say(
		o,
		'Done: installed, credential tested, every resource run, both triggers fired. n8n-nodes-deliverability',
		3500,
	);
}
