/**
 * What GET /accounts answers, a page of the project's accounts (`{accounts: [...]}`). Kept here,
 * not in one operation's file, because operations of more than one resource read that list.
 */
import type { AnswerFact } from '../../../../shared/transport';

export const ACCOUNT_LIST: AnswerFact = {
	shape: 'list',
	what: 'a list of mailboxes',
	wrapper: 'accounts',
};
