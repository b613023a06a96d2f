/**
 * Wait for Completion and its settings: their builder and their reader. The wait loop itself is
 * helpers/waitLoop.ts.
 */
import type { INodeProperties } from 'n8n-workflow';

import { choiceField, valuesOf } from './choices';
import type { ItemParameters } from './types';

/**
 * The in-node wait's default timeout: short, since it holds the execution (and a queue-mode worker
 * slot).
 */
const DEFAULT_WAIT_MINUTES = 5;

/** What a wait does when its timeout passes first (On Timeout). */
const ON_TIMEOUT = [
	{ name: 'Fail With an Error', value: 'error' },
	{
		name: 'Return Last Snapshot',
		value: 'returnLast',
		description: 'Return what the service had, flagged with _waitTimedOut: true',
	},
] as const;

/**
 * Said under Wait for Completion while it is on: what the wait costs, and the loop that costs
 * nothing.
 */
const WAIT_HOLDS_NOTICE =
	"Waiting here keeps this execution running, and in queue mode one of the worker's slots busy, until the result comes or the timeout passes; if the worker stops meanwhile, the execution is lost. For waits longer than a few minutes, turn this off and wire the <b>Not Yet</b> output through n8n's <b>Wait</b> node (more than 65 seconds) back to this node: n8n then stores the execution while it waits and holds no worker.";

/**
 * Wait for Completion, for the operations that can wait for a result (spam test Get, account Batch,
 * task Get, …): one switch at the operation's top level and, right under it and only while it is
 * on, its settings. Spread it into the operation's description (`...waitForCompletionFields('the
 * task', 'progress reaches 100')`) and read it with `item.wait()`. `whenOff` shows a notice only
 * while the switch is off (say how else to follow the result), so no notice asks to turn on what is
 * already on.
 */
export function waitForCompletionFields(
	what: string,
	doneWhen: string,
	whenOff?: string,
): INodeProperties[] {
	const whileOn = { show: { waitForCompletion: [true] } };
	const fields: INodeProperties[] = [
		{
			displayName: 'Wait for Completion',
			name: 'waitForCompletion',
			type: 'boolean',
			default: false,
			description: `Whether to poll until ${what} is finished (${doneWhen}) before returning. While it polls, the execution stays running and, in queue mode, holds one of the worker's slots.`,
		},
		{
			displayName: 'Poll Interval (Seconds)',
			name: 'pollInterval',
			type: 'number',
			default: 15,
			displayOptions: whileOn,
			description: 'Seconds between two checks (1 to 600)',
		},
		{
			displayName: 'Timeout (Minutes)',
			name: 'timeoutMinutes',
			type: 'number',
			default: DEFAULT_WAIT_MINUTES,
			displayOptions: whileOn,
			description:
				'Give up waiting after this many minutes (above 0, at most 120). For longer waits use the "Not Yet" output and n8n\'s Wait node.',
		},
		{
			...choiceField(
				'On Timeout',
				'onTimeout',
				ON_TIMEOUT,
				'error',
				'What to do when the timeout passes before completion',
			),
			displayOptions: whileOn,
		},
		{
			displayName: WAIT_HOLDS_NOTICE,
			name: 'waitHoldsNotice',
			type: 'notice',
			default: '',
			displayOptions: whileOn,
		},
	];
	if (whenOff) {
		fields.push({
			displayName: whenOff,
			name: 'waitNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { waitForCompletion: [false] } },
		});
	}
	return fields;
}

export interface WaitSettings {
	waitForCompletion: boolean;
	pollIntervalMs: number;
	timeoutMs: number;
	onTimeout: (typeof ON_TIMEOUT)[number]['value'];
}

/**
 * The settings of waitForCompletionFields, checked (read them before the first request, so a bad
 * value stops the item before anything is sent). The settings are read only when the switch is on.
 * An AI agent's tool bounds them further: the item handle applies toolWait (helpers/toolMode.ts) to
 * what this returns.
 */
export function waitSettings(item: ItemParameters): WaitSettings {
	const v = item.fields;
	const waitForCompletion = v.boolean('waitForCompletion', item.value('waitForCompletion', false));
	const read = (name: string, fallback: unknown) =>
		waitForCompletion ? item.value(name, fallback) : fallback;
	const settings = v.all({
		pollIntervalMs: () => {
			const raw = read('pollInterval', 15);
			const seconds = Number(raw);
			if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600)
				v.invalid('pollInterval', `${String(raw)} is outside 1 to 600`);
			return seconds * 1000;
		},
		timeoutMs: () => {
			const raw = read('timeoutMinutes', DEFAULT_WAIT_MINUTES);
			const minutes = Number(raw);
			if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 120)
				v.invalid('timeoutMinutes', `${String(raw)} must be above 0 and at most 120`);
			return minutes * 60_000;
		},
		onTimeout: () => v.oneOf('onTimeout', read('onTimeout', 'error'), valuesOf(ON_TIMEOUT)),
	});
	return { waitForCompletion, ...settings };
}
