import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest, type AnswerFact } from '../../../shared/transport';
import { automatedTestLocator } from '../../descriptions/locators';
import { locatorId } from '../../helpers/params';

/** What the answer must be (checked by the transport before anything becomes an item). */
export const answer: AnswerFact = { shape: 'object', operation: 'Automated Test → Get', what: 'an automated test (with id)', keys: ['id'] };

export const operation = { name: 'Get', action: 'Get an automated test', description: 'Retrieve one automated test' };

export const description: INodeProperties[] = [automatedTestLocator(['get'])];

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const id = locatorId(this, 'automatedTestId', i, true);
	return await apiRequest.call(this, { method: 'GET', path: `/automated_tests/${id}`, itemIndex: i, answer });
}
