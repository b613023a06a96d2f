/**
 * What became of each address of an Email Workspace → Import Accounts: `failed` and `imported`,
 * read from the answer of an import done at once or from the logs of its finished task (neither
 * shape is documented: read tolerantly).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readBoolean, readText } from '../../../../shared/lenient';
import { taskDone } from '../../task/shared/followTask';

/** An address the service did not import, with its reason as the service gave it. */
interface Failed extends IDataObject {
	email: string | null;
	reason: string | null;
}

const FAILED = new Set(['failed', 'failure', 'error', 'errored']);
const DONE = new Set(['done', 'success', 'succeeded', 'imported', 'completed', 'ok']);

/**
 * An error item of the answer (its shape is not documented): `{email|address,
 * error|message|reason}` or a text.
 */
function failedItem(item: unknown): Failed {
	if (item && typeof item === 'object' && !Array.isArray(item)) {
		const o = item as IDataObject;
		return {
			email: readText(o.email) ?? readText(o.address) ?? null,
			reason: readText(o.error) ?? readText(o.message) ?? readText(o.reason) ?? null,
		};
	}
	return { email: null, reason: readText(item) ?? JSON.stringify(item) };
}

/**
 * What became of each address, from the task's logs: the latest line per address counts (queued →
 * running → done/failed); a failed one carries that line's message as its reason. The log shape is
 * not documented either.
 */
function outcomeOfLogs(logs: unknown): { failed: Failed[]; imported: string[] } {
	const latest = new Map<string, IDataObject>();
	for (const line of Array.isArray(logs) ? (logs as unknown[]) : []) {
		if (!line || typeof line !== 'object') continue;
		const email = readText((line as IDataObject).email) ?? readText((line as IDataObject).address);
		if (email) latest.set(email.toLowerCase(), line as IDataObject);
	}
	const failed: Failed[] = [];
	const imported: string[] = [];
	for (const line of latest.values()) {
		const status = String(line.status ?? '').toLowerCase();
		const email = readText(line.email) ?? readText(line.address);
		if (FAILED.has(status) || (line.error !== undefined && line.error !== null)) {
			failed.push({
				email: email ?? null,
				reason: readText(line.message) ?? readText(line.error) ?? readText(line.reason) ?? null,
			});
		} else if (DONE.has(status) && email) imported.push(email);
	}
	return { failed, imported };
}

/**
 * The import's answer with `failed` (each address the service did not import, with its reason) and
 * `imported`, when the outcome is known: at once for up to 4 addresses (from `errors`), or from the
 * finished task's logs. A task not waited for has no outcome yet, so neither field is given.
 * Failures also show as a hint on the output.
 *
 * After waiting for its task, the item reads as the finished import: the first answer's `completed:
 * false` and `errors: []` (said before anything ran) become `completed: true` and the failures per
 * address, as `{email, error}` like the errors of an import done at once; the task itself stays
 * under `task`, its logs untouched.
 */
export function withOutcome(
	ctx: IExecuteFunctions,
	sent: string[],
	result: IDataObject,
): IDataObject {
	const task =
		result.task && typeof result.task === 'object' ? (result.task as IDataObject) : undefined;
	let failed: Failed[];
	let imported: string[];
	let finished: IDataObject = {};
	if (task && taskDone(task)) {
		({ failed, imported } = outcomeOfLogs(task.logs));
		finished = {
			completed: true,
			errors: failed.map((f) => ({ email: f.email, error: f.reason })),
		};
	} else if (readBoolean(result.completed) === true && Array.isArray(result.errors)) {
		failed = (result.errors as unknown[]).map(failedItem);
		const named = new Set(failed.map((f) => f.email?.toLowerCase()));
		// Every error names its address: the others were imported (the answer says the import
		// completed).
		imported = failed.every((f) => f.email)
			? sent.filter((email) => !named.has(email.toLowerCase()))
			: [];
	} else {
		return result;
	}
	if (failed.length) {
		const each = failed.map((f) => `${f.email ?? '?'} (${f.reason ?? 'no reason given'})`);
		ctx.addExecutionHints({
			message: `${failed.length} of ${sent.length} addresses were not imported: ${each.join(', ')}`,
			location: 'outputPane',
		});
	}
	return { ...result, ...finished, imported, failed };
}
