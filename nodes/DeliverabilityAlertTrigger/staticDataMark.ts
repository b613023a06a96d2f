import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/**
 * Why: n8n 2.x saves a webhook request's static data only after it created the run (it defers
 * the `onReceived` answer until then), and creating the run wraps the same static-data object in
 * another Workflow first (workflow-runner.js `establishContextForPersistence`), which clears n8n's
 * "changed" mark: a write made in webhook() would never be saved. Writing the same value again
 * marks it changed again, so it is repeated, often at first and then less often, while `open()`
 * (until n8n answered the request: its save comes just before that answer), at most `maxMs`, and
 * only while the key still holds this write.
 */
export async function keepMarkedChanged(
	staticData: IDataObject,
	key: string,
	saved: IDataObject,
	open: () => boolean,
	maxMs: number,
): Promise<void> {
	const started = Date.now();
	while (open() && staticData[key] === saved) {
		const elapsed = Date.now() - started;
		if (elapsed > maxMs) return;
		await sleep(elapsed < 100 ? 1 : 10);
		// Asked again after the wait: once n8n has answered, its save is done.
		if (open() && staticData[key] === saved) staticData[key] = saved;
	}
}
