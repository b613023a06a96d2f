/** Every resource of the node, in the order of the Resource picker (sorted by name). */
import type { ResourceModule } from './types';
import { account } from './account';
import { alert } from './alert';
import { automatedTest } from './automatedTest';
import { domain } from './domain';
import { emailWorkspace } from './emailWorkspace';
import { notification } from './notification';
import { spamTest } from './spamTest';
import { tag } from './tag';
import { task } from './task';

export const RESOURCES: ResourceModule[] = [
	alert,
	automatedTest,
	domain,
	emailWorkspace,
	// "Mailbox" (the value stays `account`, the API's word).
	account,
	notification,
	spamTest,
	tag,
	task,
];
