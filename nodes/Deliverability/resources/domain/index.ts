/**
 * Domain resource: the project's sending domains with their authentication records and average
 * score.
 */
import { defineResource } from '../types';
import * as getAll from './getAll';

export const domain = defineResource(
	{
		name: 'Domain',
		value: 'domain',
		description: 'Sending domains with SPF/DKIM/DMARC records and scores',
	},
	'getAll',
	{ getAll },
);
