/** Lists for the trigger's pickers. */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { apiRequest, listFrom, openSession } from '../shared/transport';
import { PAGE_SIZES } from '../shared/pageSizes';

/**
 * A picker of more than this many tests is not usable anyway; IDs can still be given by expression.
 */
const MAX_PAGES = 40;

/**
 * Every automated test of the project, named by what a person recognises: subject, accounts, state.
 */
export async function getAutomatedTests(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const options: INodePropertyOptions[] = [];
	const session = openSession(this);
	for (let page = 0; page < MAX_PAGES; page++) {
		const tests = listFrom(
			await apiRequest(session, { method: 'GET', path: '/automated_tests', qs: { page } }),
		);
		for (const test of tests) options.push(automatedTestOption(test));
		if (tests.length < PAGE_SIZES.automatedTests) break;
	}
	return options.sort((a, b) => a.name.localeCompare(b.name));
}

function automatedTestOption(test: IDataObject): INodePropertyOptions {
	const subject =
		typeof test.subject === 'string' && test.subject.trim() !== ''
			? test.subject.trim()
			: '(no subject)';
	const emails = Array.isArray(test.accounts)
		? (test.accounts as IDataObject[])
				.map((a) => a?.email)
				.filter((e): e is string => typeof e === 'string')
		: [];
	const schedule = test.active === false ? 'inactive' : 'active';
	return {
		name: `${subject}${emails.length ? ` — ${emails.join(', ')}` : ''} (#${String(test.id)}, ${schedule})`,
		value: Number(test.id),
	};
}
