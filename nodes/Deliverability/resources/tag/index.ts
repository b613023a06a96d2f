/**
 * Tag resource: tags group accounts (Account → Get Many filters by them). The service lists no tags
 * of its own.
 */
import { defineResource } from '../types';
import * as link from './link';

export const tag = defineResource(
	{ name: 'Tag', value: 'tag', description: 'Labels that group mailboxes' },
	'link',
	{ link },
);
