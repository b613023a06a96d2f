import type { INodeProperties } from 'n8n-workflow';

/**
 * The filter both lists of spam tests offer (Get Many, Get Trend): only the tests one automated
 * test ran.
 */
export const AUTOMATED_TEST_FILTER: INodeProperties = {
	displayName: 'Automated Test ID',
	name: 'automated_test_id',
	type: 'number',
	default: 1,
	description: 'Only the spam tests run by this automated test',
};
