import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { objectAnswer } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Get',
	action: 'Get an automated test',
	description: 'Retrieve one automated test',
};

export const builder: BuilderFacts = {
	returns: 'one item',
	fields: {
		id: 'numeric automated test id',
		active: '',
		subject: '',
		seedlist: '',
		last_run_at: '',
	},
	note: 'An active automated test spends one credit per scheduled run.',
};

export const description: INodeProperties[] = [idPicker('automatedTestId')];

const answer = objectAnswer('an automated test (with id)', 'id');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const id = item.numericId('automatedTestId');
	return await item.request({ method: 'GET', path: `/automated_tests/${id}`, answer });
}
