/**
 * What GET /spam_tests answers, a page of the project's spam tests. Kept here, not in one
 * operation's file, because Get Many, Get Trend and Compare read that list.
 */
import type { AnswerFact } from '../../../../shared/transport';

export const SPAM_TEST_LIST: AnswerFact = {
	shape: 'list',
	what: 'a list of spam tests',
	wrapper: 'spam_tests',
};
