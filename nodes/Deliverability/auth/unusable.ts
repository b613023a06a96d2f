/** What the credentials of the action node share. */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { NOTHING_SENT } from '../../shared/invalidFields';

/**
 * A credential that cannot be used, found before any request; names the credential and its field,
 * never a value.
 */
export function credentialError(
	ctx: IExecuteFunctions,
	itemIndex: number,
	credential: string,
	problem: string,
	description: string,
) {
	return new NodeOperationError(
		ctx.getNode(),
		`The credential "${credential}" cannot be used: ${problem}`,
		{ itemIndex, description: `${description} ${NOTHING_SENT}` },
	);
}
