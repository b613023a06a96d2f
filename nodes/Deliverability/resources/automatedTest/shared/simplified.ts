/**
 * An automated test as a person reads it (Simplified on Automated Test → Create, Update and Set Run
 * Days): its schedule and audience as the service answered them, with its run days by name. Nothing
 * is filled in for a field the answer lacks.
 */
import type { IDataObject } from 'n8n-workflow';

import { readBoolean } from '../../../../shared/lenient';
import { changed, picked, shaped, type OutputView } from '../../../params/output';

/** ISO weekday numbers, as the service expects them: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [
	'Monday',
	'Tuesday',
	'Wednesday',
	'Thursday',
	'Friday',
	'Saturday',
	'Sunday',
];

const AS_SENT = [
	'id',
	'active',
	'account_ids',
	'hour',
	'time_zone',
	'repeat_period',
	'repeat_period_delay',
	'btob',
	'btoc',
	'seedlist',
] as const;

/**
 * The weekdays of the answer's `automated_test_runs` (spec; `runs` tolerated), each `{weekday}` or
 * a plain number, by name, Monday first; undefined when the answer has neither list.
 */
export function runDays(test: IDataObject): string[] | undefined {
	const runs = Array.isArray(test.automated_test_runs) ? test.automated_test_runs : test.runs;
	if (!Array.isArray(runs)) return undefined;
	const days = (runs as unknown[])
		.map((run) => Number(run && typeof run === 'object' ? (run as IDataObject).weekday : run))
		.filter((day) => Number.isInteger(day) && day >= 1 && day <= 7);
	return [...new Set(days)].sort((a, b) => a - b).map((day) => WEEKDAYS[day - 1]);
}

/** The test's settings as answered, `run_days` by name, and `state`: what it does now, in words. */
export function simplifyAutomatedTest(test: IDataObject): { fields: IDataObject; state: string } {
	const fields = picked(test, AS_SENT);
	const days = runDays(test);
	if (days) fields.run_days = days;
	const active = readBoolean(test.active);
	const when = [
		days ? (days.length ? `on ${days.join(', ')}` : 'on no weekday yet') : '',
		test.hour !== undefined ? `at ${String(test.hour)}:00` : '',
		typeof test.time_zone === 'string' && test.time_zone !== '' ? test.time_zone : '',
	]
		.filter(Boolean)
		.join(' ');
	const state =
		active === undefined ? 'its state not said' : active ? 'active' : 'inactive (not scheduled)';
	return { fields, state: when ? `${state}, runs ${when}` : state };
}

/**
 * What Create, Update and Set Run Days answer: the test as the user's Output asks (Simplified: its
 * settings, then `extra`, the outcome and a sentence from its id and state).
 */
export function changedAutomatedTest(
	test: IDataObject,
	view: OutputView,
	outcome: string,
	sentence: (id: string, state: string) => string,
	extra: IDataObject = {},
): IDataObject {
	return shaped(
		test,
		view,
		(t) => {
			const { fields, state } = simplifyAutomatedTest(t);
			return changed({ ...fields, ...extra }, { outcome, message: sentence(String(t.id), state) });
		},
		['id'],
	);
}
