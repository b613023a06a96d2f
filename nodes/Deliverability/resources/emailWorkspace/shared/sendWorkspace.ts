/**
 * Create and Update send a workspace whose body may carry its keys (a Google service account key,
 * an Outlook app's client secret). Sent here, so that no key can show in an error, a log or a
 * Continue On Fail item.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Item, ItemRequest } from '../../../helpers/item';
import { withSecretsScrubbed } from '../../../helpers/secrets';

/** The service's answer to `request`, whose body carries the key values `secrets`. */
export async function sendWorkspace(
	ctx: IExecuteFunctions,
	item: Item,
	secrets: string[],
	request: ItemRequest,
): Promise<IDataObject> {
	return await withSecretsScrubbed(ctx, secrets, async () => await item.request(request));
}
