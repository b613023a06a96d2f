import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { objectAnswer } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';
import { outputFields } from '../../params/output';
import { changedAutomatedTest, WEEKDAYS } from './shared/simplified';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Set Run Days',
	action: 'Set automated test run days',
	description: 'Choose the weekdays the test runs on',
};

export const builder: BuilderFacts = {
	returns: 'one item, the automated test',
	fields: {
		id: '',
		run_days: 'weekday names',
		outcome: '',
		message: 'what happened, in words',
	},
};

export const description: INodeProperties[] = [
	idPicker('automatedTestId'),
	{
		displayName: 'Weekdays',
		name: 'weekdays',
		type: 'multiOptions',
		required: true,
		options: WEEKDAYS.map((name, index) => ({ name, value: index + 1 })).sort((a, b) =>
			a.name.localeCompare(b.name),
		),
		default: [],
		description:
			'Days the test runs on (replaces the current ones). From an expression: ISO numbers 1 (Monday) to 7 (Sunday) or day names.',
	},
	...outputFields({
		simplified: 'The days the test now runs on, by name (run_days), with its schedule, in words',
		kept: 'id',
		example: 'runs',
	}),
];

const answer = objectAnswer('the automated test (with id)', 'id', 'runs');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const v = item.fields;
	const { id, weekdays, view } = v.all({
		view: () => item.output(),
		id: () => item.numericId('automatedTestId'),
		weekdays: () => {
			const raw = item.value('weekdays', []) as unknown;
			const list = Array.isArray(raw)
				? raw
				: typeof raw === 'string'
					? raw.split(',').filter((s) => s.trim() !== '')
					: [raw];
			const days = list.map((day) => {
				const byName =
					typeof day === 'string'
						? WEEKDAYS.findIndex((w) => w.toLowerCase() === day.trim().toLowerCase())
						: -1;
				return byName >= 0 ? byName + 1 : v.integer('weekdays', day, 1, 7);
			});
			const unique = [...new Set(days)].sort((a, b) => a - b);
			if (unique.length === 0) v.fail('weekdays', 'pick at least one day');
			return unique;
		},
	});
	const test = await item.request({
		method: 'POST',
		path: `/automated_tests/${id}/runs`,
		body: { weekdays },
		kind: 'update',
		answer,
	});
	return changedAutomatedTest(
		test,
		view,
		'runs set',
		(id, state) => `Automated test ${id} ${state}`,
	);
}
