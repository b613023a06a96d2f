import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { showFor, simplifyOption, waitOptions } from '../../descriptions/common';
import { spamTestLocator } from '../../descriptions/locators';
import { collection, locatorId } from '../../helpers/params';
import { simplifySpamTest } from '../../helpers/simplify';
import { waitSettings, waitUntil } from '../../helpers/wait';

export const description: INodeProperties[] = [
	spamTestLocator(['get']),
	simplifyOption('spamTest', ['get']),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('spamTest', 'get'),
		options: waitOptions('the spam test', 'completed is true: every seed copy arrived'),
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const publicId = locatorId(this, 'publicId', i, false);
	const settings = waitSettings(this, collection(this, 'options', i), i);
	const fetch = async () =>
		await apiRequest.call(this, { method: 'GET', path: `/spam_tests/${encodeURIComponent(publicId)}`, itemIndex: i });
	const test = settings.waitForCompletion
		? await waitUntil(this, i, settings, fetch, (t) => t.completed === true, `spam test ${publicId} to complete`)
		: await fetch();
	if (!this.getNodeParameter('simplify', i, false)) return test;
	const simple = simplifySpamTest(test);
	if (test._waitTimedOut !== undefined) Object.assign(simple, { _waitTimedOut: test._waitTimedOut, _polls: test._polls });
	return simple;
}
