/**
 * The Deliverability node run once through n8n's real engine (support/harness.ts) with an API key credential: the
 * run the transport and behaviour tests make against a server of their own (test/nodes/context.ts's `t.run` is the
 * same against the test file's sandbox).
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';
import { runNode, type RunResult } from '../../support/harness';

/** The API key credential: its key and Base URL, Bearer unless `headerForm` says otherwise, any other field. */
export type ApiKeyCredential = { apiKey: string; baseUrl: string } & IDataObject;

export async function runAction(
	parameters: object,
	credential: ApiKeyCredential,
	options: { input?: object[]; continueOnFail?: boolean; typeVersion?: number } = {},
): Promise<RunResult> {
	return await runNode({
		nodeType: new Deliverability(),
		parameters: parameters as INodeParameters,
		input: options.input as IDataObject[] | undefined,
		continueOnFail: options.continueOnFail,
		typeVersion: options.typeVersion,
		credentials: {
			deliverabilityApi: { headerForm: 'bearer', ...credential } as ICredentialDataDecryptedObject,
		},
	});
}
