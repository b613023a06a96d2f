/**
 * What the service answers about spam tests: one test (GET /spam_tests/{public_id}, read by Get and
 * Compare) and a page of the project's tests (GET /spam_tests, read by Get Many, Get Trend and
 * Compare). Kept here, not in one operation's file, so that every operation reading them expects
 * the same shape.
 */
import { objectAnswer, type AnswerFact } from '../../../../shared/transport';

export const SPAM_TEST = objectAnswer('a spam test (with public_id)', 'public_id');

export const SPAM_TEST_LIST: AnswerFact = {
	shape: 'list',
	what: 'a list of spam tests',
	wrapper: 'spam_tests',
};
