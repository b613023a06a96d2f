/**
 * What GET /alerts answers, every alert of the project (one unpaginated list). Kept here, not in
 * one operation's file, because more than one operation reads that list.
 */
import type { AnswerFact } from '../../../../shared/transport';

export const ALERT_LIST: AnswerFact = {
	shape: 'list',
	what: 'a list of alerts',
	wrapper: 'alerts',
};
